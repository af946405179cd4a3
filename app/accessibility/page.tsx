/**
 * /accessibility (public, linked from every footer): the accessibility statement. It says what conforms,
 * each gap we know of with a way round it and when it will be fixed, and the pages that were checked
 * (./checked-pages.ts, kept equal to the pages under app/ by its test). The automated checks it describes are
 * e2e/a11y.spec.ts (axe with the WCAG 2.2 AA rules on every page, each page at 320 px), e2e/a11y-dialogs.spec.ts (the
 * same rules with every dialog, menu and pop-up open; what is said while a dialog is open), the staff specs (every
 * staff page at 1280, 1024 and 390 px) and e2e/keyboard.spec.ts (the main journeys by keyboard alone, focus after
 * every step, the live region's messages, the idle time-out warning). When a known gap is fixed, take it out of the
 * list in the same change. Change the review date when the statement is checked again.
 */
import type { Metadata } from 'next';
import { LegalDocument, type LegalSection } from '@/components/shell/LegalDocument';
import { PublicShell } from '@/components/shell/PublicShell';
import { config } from '@/lib/config';
import { CHECKED_AREAS, CHECKED_PAGES, type CheckedArea } from './checked-pages';

export const metadata: Metadata = { title: 'Accessibility' };

/** When the statement was last checked against the portal and its tests. */
export const ACCESSIBILITY_REVIEWED = '29 November 2026';

function CheckedPageList({ area }: { area: CheckedArea }) {
  return (
    <>
      <h3 className="font-semibold">{CHECKED_AREAS[area]}</h3>
      <ul>
        {CHECKED_PAGES.filter((p) => p.area === area).map((p) => (
          <li key={p.path}>{p.name}</li>
        ))}
      </ul>
    </>
  );
}

export default function AccessibilityPage() {
  const support = config().SUPPORT_EMAIL;
  const sections: LegalSection[] = [
    {
      id: 'conformance',
      heading: 'Conformance',
      body: (
        <>
          <p>
            The JMS client portal <strong>partially conforms</strong> to the Web Content Accessibility Guidelines (WCAG)
            2.2 at level AA. Partially conforms means that the portal&apos;s own pages, dialogs and PDFs meet the level
            A and AA success criteria as far as we have checked them, but some content in it does not: the files people
            upload, which the portal passes on as they were made. &ldquo;Known gaps&rdquo; below says what that means
            for you and how to get a file in another format.
          </p>
          <p>
            What conforms: signing in, the job list, the order form, job and invoice pages, feedback, settings and user
            administration can be used with the keyboard alone and with a screen reader, and pass the automated checks
            described under &ldquo;How we test&rdquo;. So does the staff area.
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
            Everything works with the keyboard alone, with a clearly visible focus ring. After each action focus stays
            on, or moves to, what you need next, and the outcome is announced.
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
            When a form has errors, they are announced and focus moves to the first thing to fix. Result counts,
            finished and refused uploads, confirmations and new notifications are announced, also while a dialog is
            open.
          </li>
          <li>
            Pages work at 320 pixels wide and at 400% zoom without scrolling the page sideways (wide tables, such as the
            invoice list on a phone, scroll sideways inside the page), and respect reduced-motion settings.
          </li>
          <li>Password managers and pasting work when you sign in.</li>
        </ul>
      ),
    },
    {
      id: 'limitations',
      heading: 'Known gaps',
      body: (
        <>
          <p>
            We know of no part of the portal itself that does not meet WCAG 2.2 AA. If you find one, please tell us (see
            &ldquo;Reporting a barrier&rdquo;): we list it here with a way round it and when it will be fixed.
          </p>
          <p>
            Files you or we upload (source documents and deliverables) are passed on as they are; their accessibility
            depends on how they were made, not on the portal. Ask us if you need a deliverable in another format.
          </p>
        </>
      ),
    },
    {
      id: 'checked',
      heading: 'Pages we checked',
      body: (
        <>
          <p>
            The statement covers every page of the portal, listed here. They were gone through by hand, with the
            keyboard and a screen reader, at desktop and phone widths; the automated checks described below run on every
            change.
          </p>
          <CheckedPageList area="public" />
          <CheckedPageList area="portal" />
          <CheckedPageList area="staff" />
        </>
      ),
    },
    {
      id: 'testing',
      heading: 'How we test',
      body: (
        <ul>
          <li>
            The portal&apos;s pages, signed out, signed in and in the staff area, are checked automatically with
            axe-core for the WCAG 2.0, 2.1 and 2.2 A and AA rules on every change: the staff pages at desktop, laptop
            and phone widths, the others at desktop width, with the phone layout and its menu too.
          </li>
          <li>
            Every dialog, menu and pop-up (sign-in, notices, feedback, saved views, cancelling a job, the order
            form&apos;s calendar, suggestions and warnings, user administration, and every staff confirmation) is opened
            and checked with the same rules, with its error messages shown where it has any.
          </li>
          <li>The pages are checked to fit a window 320 pixels wide without scrolling sideways.</li>
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
