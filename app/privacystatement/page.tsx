/** /privacystatement (public): how the portal handles personal information (Privacy Act 1988 (Cth)). */
import type { Metadata } from 'next';
import Link from 'next/link';
import { LegalDocument, type LegalSection } from '@/components/shell/LegalDocument';
import { PublicShell } from '@/components/shell/PublicShell';

export const metadata: Metadata = { title: 'Privacy statement' };

const sections: LegalSection[] = [
  {
    id: 'collect',
    heading: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Your account:</strong> your name, user name, work e-mail address, phone number, role, time zone, the
          job alerts you choose, and your password in a one-way protected form (we cannot read it).
        </li>
        <li>
          <strong>Your orders:</strong> contact names and numbers, matter references, court and file details, pickup and
          delivery addresses, instructions, feedback and the files you upload.
        </li>
        <li>
          <strong>How the portal is used:</strong> sign-in times and outcomes, failed attempts, the browser and
          operating system used for uploads, and error reports when something goes wrong in your browser, including the
          page you were on.
        </li>
        <li>
          <strong>Invoices:</strong> invoice numbers, amounts and payment status for your firm&rsquo;s account.
        </li>
      </ul>
    ),
  },
  {
    id: 'documents',
    heading: 'Documents and third parties',
    body: (
      <p>
        The documents you ask us to copy, scan, print or collect often contain personal information about other people,
        such as parties to proceedings and witnesses. We handle that information only as your service provider, to carry
        out your instructions, and keep it confidential. We do not use it for any other purpose.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>To sign you in securely, including by e-mailing one-time passcodes and password reset links.</li>
        <li>To carry out, track and deliver your jobs, and contact you about them.</li>
        <li>To send the job alerts you ask for, and to invoice your firm.</li>
        <li>To keep the portal secure, investigate misuse and fix errors.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and browser storage',
    body: (
      <p>
        The portal uses a session cookie to keep you signed in, a cookie that remembers you have seen the current
        notice, and your browser&rsquo;s storage for small settings such as the sign-in attempt counter. These are
        needed for the portal to work. We do not use advertising or cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: 'disclose',
    heading: 'Who we share it with',
    body: (
      <>
        <p>We disclose personal information only as needed to provide the services:</p>
        <ul>
          <li>to our staff and couriers who handle your jobs;</li>
          <li>to courts, tribunals and registries, as your instructions require;</li>
          <li>to the providers who host our systems and send our e-mail, under confidentiality obligations;</li>
          <li>to our payment provider, when you choose to pay an invoice online;</li>
          <li>where the law requires or authorises it.</li>
        </ul>
        <p>The portal and its data are hosted in Australia. We do not sell personal information.</p>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'How we protect it',
    body: (
      <p>
        Connections to the portal are encrypted. Sign-in needs your password and a one-time passcode, accounts lock
        after repeated failed attempts, and sessions end after inactivity. Each firm sees only its own jobs, invoices
        and users. Access by our staff is limited to those who need it, and is logged.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        We keep job and invoice records for as long as your firm&rsquo;s agreement requires and the law (including tax
        law) obliges us to, generally seven years. Uploaded files are kept while the job may need them and then deleted.
        Accounts that are deactivated are retained in a deactivated state so that the history of jobs remains accurate.
      </p>
    ),
  },
  {
    id: 'access',
    heading: 'Access and correction',
    body: (
      <p>
        You can see and update your e-mail address, time zone and job alerts in <Link href="/Settings">Settings</Link>.
        Your firm&rsquo;s administrator can correct your other details. You may also ask us for access to, or correction
        of, the personal information we hold about you.
      </p>
    ),
  },
  {
    id: 'complaints',
    heading: 'Questions and complaints',
    body: (
      <>
        <p>
          Contact our privacy officer at <a href="mailto:privacy@jms.example.com">privacy@jms.example.com</a> with any
          question or complaint about privacy. We will respond within 30 days.
        </p>
        <p>
          If you are not satisfied with our response, you can complain to the Office of the Australian Information
          Commissioner at{' '}
          <a href="https://www.oaic.gov.au" rel="noopener noreferrer">
            www.oaic.gov.au
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this statement',
    body: <p>We may update this statement from time to time. The date at the top shows when it last changed.</p>,
  },
];

export default function PrivacyStatementPage() {
  return (
    <PublicShell>
      <LegalDocument
        title="Privacy statement"
        updated="1 March 2026"
        intro={
          <p>
            JMS handles personal information in the client portal in line with the Privacy Act 1988 (Cth) and the
            Australian Privacy Principles. This statement explains what the portal collects, why, who sees it and the
            choices you have.
          </p>
        }
        sections={sections}
      />
    </PublicShell>
  );
}
