/** /termsofuse (public): the terms on which client firms and their users use the portal. */
import type { Metadata } from 'next';
import Link from 'next/link';
import { LegalDocument, type LegalSection } from '@/components/shell/LegalDocument';
import { PublicShell } from '@/components/shell/PublicShell';

export const metadata: Metadata = { title: 'Terms of use' };

const sections: LegalSection[] = [
  {
    id: 'who',
    heading: 'Who may use the portal',
    body: (
      <>
        <p>
          The portal is for the staff of law firms, corporations and government agencies that hold a client account with
          JMS (&ldquo;your firm&rdquo;). Each user account is created by your firm&rsquo;s JMS administrator, or by us
          at your firm&rsquo;s request, and is personal to one person.
        </p>
        <p>
          Your firm&rsquo;s administrator decides who has access and in which role, and must deactivate the account of
          anyone who leaves the firm or no longer needs access. Your firm is responsible for everything done with its
          users&rsquo; accounts.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    heading: 'Your account and its security',
    body: (
      <ul>
        <li>
          Keep your password to yourself and do not reuse it elsewhere. Never share the one-time passcode we e-mail you.
        </li>
        <li>
          Sign out when you finish on a shared computer. Sessions also end by themselves after a period without
          activity.
        </li>
        <li>
          Tell your administrator and us straight away if you think someone else knows your password or has used your
          account.
        </li>
        <li>
          We may block an account after repeated failed sign-in attempts, and suspend any account we reasonably believe
          is being misused. We will tell your firm when we do.
        </li>
      </ul>
    ),
  },
  {
    id: 'orders',
    heading: 'Ordering jobs',
    body: (
      <>
        <p>
          A job you submit through the portal is a request for services under your firm&rsquo;s agreement with JMS. It
          is accepted when we start work on it; until then we may contact you to clarify instructions, dates or costs.
          Where you give a cost estimate number, the job is carried out on that estimate.
        </p>
        <p>
          Ready and due dates are the times you ask for. We work to meet them and will contact you, using the contact
          and after-hours numbers you give, if a due time cannot be met. Court registries, subpoena access and
          third-party availability can affect timing and are outside our control.
        </p>
        <p>
          You are responsible for the accuracy of your instructions, including matter references, court details, the
          number of copies and delivery addresses. Changes after a job has started may affect its cost and timing.
        </p>
      </>
    ),
  },
  {
    id: 'documents',
    heading: 'Your documents and instructions',
    body: (
      <>
        <p>
          You confirm that you are entitled to give us the documents and material you ask us to copy, scan, print or
          collect, and that doing so is lawful, including under any court order, subpoena, practice note or access
          arrangement that applies to them.
        </p>
        <p>
          We treat your documents as confidential and handle them only to perform your instructions. Giving documents to
          us for these services is not intended to waive legal professional privilege, and we will not knowingly do
          anything that would.
        </p>
      </>
    ),
  },
  {
    id: 'uploads',
    heading: 'Files you upload',
    body: (
      <p>
        Source files may be up to 50 MB each. Executable and script files are refused. Upload only files you are
        entitled to share, and do not upload anything that contains malicious code. We may refuse or remove a file that
        puts our systems or other clients at risk.
      </p>
    ),
  },
  {
    id: 'fees',
    heading: 'Fees, invoices and payment',
    body: (
      <p>
        Fees are charged under your firm&rsquo;s agreement or our current schedule of rates. Invoices are shown in the
        portal once issued. The Pay link takes you to a payments page run by our payment provider, whose own terms apply
        to the payment. Payment terms are those on the invoice.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'Acceptable use',
    body: (
      <ul>
        <li>Use the portal only for your firm&rsquo;s work with JMS.</li>
        <li>
          Do not try to reach data of another firm, test the portal&rsquo;s security, or get around its access controls.
        </li>
        <li>Do not use automated tools to collect data from the portal, or overload it with requests.</li>
        <li>Do not copy, modify or reverse-engineer the portal software.</li>
      </ul>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and changes',
    body: (
      <p>
        We aim to keep the portal available at all times but cannot promise it will be uninterrupted or free of errors.
        We may carry out maintenance, and improve or change features, and will give notice in the portal of changes that
        significantly affect how you order or track jobs. If the portal is unavailable, you can still place orders by
        phone or e-mail with your usual JMS branch.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <>
        <p>
          Nothing in these terms excludes, restricts or modifies any right or remedy, or any guarantee, warranty or
          other term or condition, implied or imposed by the Australian Consumer Law or any other law that cannot
          lawfully be excluded or limited.
        </p>
        <p>
          Subject to that, our liability for the services is as set out in your firm&rsquo;s agreement with JMS. We are
          not liable for loss caused by inaccurate instructions, by events beyond our reasonable control, or by the
          unavailability of the portal where another way of ordering remained open to you.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    heading: 'Privacy',
    body: (
      <p>
        We handle personal information as described in our <Link href="/privacystatement">privacy statement</Link>.
      </p>
    ),
  },
  {
    id: 'ending',
    heading: 'Ending access',
    body: (
      <p>
        Your firm may close its users&rsquo; accounts at any time. We may end access to the portal when your
        firm&rsquo;s agreement with JMS ends, or if these terms are seriously breached. Jobs already accepted will be
        completed or dealt with under that agreement.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law and changes to these terms',
    body: (
      <p>
        These terms are governed by the laws of New South Wales, Australia. We may update them from time to time; the
        date at the top shows when they last changed, and continuing to use the portal after a change means you accept
        the updated terms.
      </p>
    ),
  },
];

export default function TermsOfUsePage() {
  return (
    <PublicShell>
      <LegalDocument
        title="Terms of use"
        updated="1 March 2026"
        intro={
          <p>
            These terms apply to your use of the JMS client portal, where you order, follow and pay for legal document
            services: court copying, copying, printing, scanning, data processing, appeal books, consulting and court
            jobs. By signing in you agree to them. They sit alongside your firm&rsquo;s agreement with JMS; if the two
            differ, the agreement prevails.
          </p>
        }
        sections={sections}
      />
    </PublicShell>
  );
}
