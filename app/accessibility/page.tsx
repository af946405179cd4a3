/**
 * /accessibility (public, linked from every footer): the accessibility statement. What it says is what the
 * tests keep true: e2e/a11y.spec.ts (axe with the WCAG 2.2 AA rules on every page, each page at 320 px),
 * e2e/a11y-dialogs.spec.ts (the same rules with every dialog, menu and pop-up open; what is said while a dialog is
 * open), the staff specs (every staff page at 1280, 1024 and 390 px) and e2e/keyboard.spec.ts (the main journeys by
 * keyboard alone, focus after every step, the live region's messages, the idle time-out warning). Change the review
 * date when the statement is checked again.
 */
import type { Metadata } from 'next';
import { LegalDocument, type LegalSection } from '@/components/shell/LegalDocument';
import { PublicShell } from '@/components/shell/PublicShell';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: 'Accessibility' };

/** When the statement was last checked against the portal and its tests. */
export const ACCESSIBILITY_REVIEWED = '26 November 2026';

export default function AccessibilityPage() {
  const support = config().SUPPORT_EMAIL;
  const sections: LegalSection[] = [
    {
      id: 'conformance',
      heading: 'Conformance',
      body: (
        <>
          <p>
            The JMS client portal, including the staff area,{' '}
            <strong>fully conforms to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA</strong>. Fully
            conforms means that every page meets every level A and AA success criterion, with no exceptions.
          </p>
          <p>
            This covers signing in, ordering a job, the job and invoice lists and slips, feedback, settings, user
            administration and the staff area.
          </p>
        </>
      ),
    },
    {
      id: 'features',
      heading: 'What you can expect',
      body: (
        <ul>
          <li>
            Everything works with the keyboard alone, with a clearly visible focus ring, and focus always lands
            somewhere sensible after an action.
          </li>
          <li>
            Before a session ends for inactivity you are warned at least two minutes ahead and can stay signed in; what
            you typed in a new order is kept.
          </li>
          <li>
            The time left to enter a sign-in code is announced at one minute and when it runs out, with the offer of a
            new code.
          </li>
          <li>
            Errors are announced and focus moves to the first thing to fix; result counts, finished uploads,
            confirmations and new notifications are announced, also while a dialog is open.
          </li>
          <li>
            Pages work at 320 pixels wide and at 400% zoom without scrolling sideways, and respect reduced-motion
            settings.
          </li>
          <li>Password managers and pasting work when you sign in.</li>
        </ul>
      ),
    },
    {
      id: 'limitations',
      heading: 'Known limitations',
      body: (
        <>
          <p>
            Files you or we upload (source documents and deliverables) are passed on as they are; their accessibility
            depends on how they were made. Ask us if you need a deliverable in another format.
          </p>
        </>
      ),
    },
    {
      id: 'testing',
      heading: 'How we test',
      body: (
        <ul>
          <li>
            Every page, signed out, signed in and in the staff area, is checked automatically with axe-core for the WCAG
            2.0, 2.1 and 2.2 A and AA rules on every change: the staff pages at desktop, laptop and phone widths, the
            others at desktop width, with the phone layout and its menu too.
          </li>
          <li>
            Every dialog, menu and pop-up (sign-in, notices, feedback, saved views, cancelling a job, the order
            form&apos;s calendar, suggestions and warnings, user administration, and every staff confirmation) is opened
            and checked with the same rules, with its error messages shown where it has any.
          </li>
          <li>Every page is checked to fit a window 320 pixels wide without scrolling sideways.</li>
          <li>
            Automated tests walk the main journeys (sign-in, ordering a job, the job list, a job slip, feedback,
            settings, user pages, the staff queue and a staff job) with the keyboard alone, checking where focus lands
            after every step and what is announced.
          </li>
        </ul>
      ),
    },
    {
      id: 'feedback',
      heading: 'Reporting a barrier',
      body: (
        <p>
          If something in the portal is hard or impossible for you to use, e-mail{' '}
          <a href={`mailto:${support}`}>{support}</a>. Tell us the page, what you were trying to do and the browser and
          any assistive technology you use. We reply within two working days and will help you get the task done another
          way while we fix it.
        </p>
      ),
    },
  ];
  return (
    <PublicShell>
      <LegalDocument
        title="Accessibility statement"
        updated={ACCESSIBILITY_REVIEWED}
        updatedLabel="Last reviewed"
        intro={
          <p>
            JMS wants everyone who works with us to be able to use the client portal, whatever their abilities and
            however they use the web.
          </p>
        }
        sections={sections}
      />
    </PublicShell>
  );
}
