/** /Help: how to order, follow jobs, find invoices and look after your account. */
import type { Metadata } from 'next';
import Link from 'next/link';
import { ORDER_TYPE_HELP, STATUS_HELP } from '@/components/shell/help-content';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { requirePageActor } from '@/lib/auth/page';
import { config } from '@/lib/config';
import { CLIENT_ADMIN_ROLE, JOB_STATUSES, ORDER_TYPES, PASSWORD_MIN_LENGTH } from '@/lib/reference';

export const metadata: Metadata = { title: 'Help' };

const topics = [
  { id: 'ordering', title: 'Ordering a job' },
  { id: 'tracking', title: 'Following your jobs' },
  { id: 'statuses', title: 'What the statuses mean' },
  { id: 'invoices', title: 'Invoices and payment' },
  { id: 'account', title: 'Your account' },
  { id: 'contact', title: 'Getting in touch' },
];

function Topic({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex scroll-mt-4 flex-col gap-3 rounded-lg border border-line bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      <div className="flex flex-col gap-3 text-sm leading-relaxed [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

export default async function HelpPage() {
  const actor = await requirePageActor();
  const maxMb = Math.round(config().MAX_UPLOAD_BYTES / 1_048_576);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">Help</h1>
        <p className="text-muted">
          How to order jobs, follow them to delivery, find your invoices and look after your account.
        </p>
        <p>
          New here? <Link href="/JobClient?tour=1">Take the guided tour of the job list</Link>.
        </p>
      </div>
      <nav aria-label="Help topics">
        <ul className="flex flex-wrap gap-2 text-sm">
          {topics.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`} className="inline-block rounded-full border border-line bg-surface px-3 py-1">
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Topic id="ordering" title="Ordering a job">
        <ol>
          <li>
            Choose <Link href="/SaveJob">New job</Link> and pick the job type.
          </li>
          <li>
            Give the contact details (filled in from your profile), the matter reference, the branch address to collect
            from or deliver to, and when the material is ready and when you need the job. Add a cost estimate number if
            the job was quoted.
          </li>
          <li>
            Choose Next for the details of that job type, then Save. Back returns to the first step; Cancel returns to
            your jobs.
          </li>
        </ol>
        <ul>
          <li>The due date and time must be after the ready date and time, and neither may be in the past.</li>
          <li>
            Outside business hours (weekdays 07:00 to 15:59 in your time zone) an after-hours phone number is required,
            so we can reach you about an urgent job.
          </li>
          <li>A due time less than 30 minutes away asks you to confirm, as we may not be able to meet it.</li>
          <li>You can attach one source file of up to {maxMb} MB. Executable and script files cannot be uploaded.</li>
          <li>
            To order something like an earlier job, choose Copy on that job in the list: the form opens filled in with
            its details, and its source file is copied to the new job.
          </li>
        </ul>
        <p>The job types:</p>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
          {ORDER_TYPES.map((t) => (
            <div key={t.id} className="contents">
              <dt className="font-semibold">{t.name}</dt>
              <dd>{ORDER_TYPE_HELP[t.id]}</dd>
            </div>
          ))}
        </dl>
      </Topic>

      <Topic id="tracking" title="Following your jobs">
        <ul>
          <li>
            <Link href="/JobClient">Jobs</Link> lists every job your firm has ordered, newest first. Filter by job
            number, matter reference, description, contact, status, or when the job was logged, is due or was delivered;
            sort by any column.
          </li>
          <li>Open a job number to see its job slip in a new tab, where you can print it.</li>
          <li>Once a job is delivered, leave feedback on it: it goes straight to the team that did the work.</li>
          <li>Export downloads the jobs that match your filters as a CSV file for your records or spreadsheets.</li>
          <li>
            To be e-mailed when a job changes status, choose the statuses under Job alerts in{' '}
            <Link href="/Settings">Settings</Link>.
          </li>
        </ul>
      </Topic>

      <Topic id="statuses" title="What the statuses mean">
        <ul className="list-none! pl-0!">
          {JOB_STATUSES.map((s) => (
            <li key={s.id} className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-3">
              <StatusBadge status={s.id} className="w-fit shrink-0 sm:w-48" />
              <span>{STATUS_HELP[s.id]}</span>
            </li>
          ))}
        </ul>
      </Topic>

      <Topic id="invoices" title="Invoices and payment">
        <ul>
          <li>
            <Link href="/Invoice">Invoices</Link> lists your firm&rsquo;s invoices. Filter by job number, matter
            reference, invoice number, amount or issue date, and export the list as a CSV file.
          </li>
          <li>Open an invoice to see its line items, including the total sheets of paper copied.</li>
          <li>Pay takes you to our secure payments page with the invoice details filled in.</li>
        </ul>
      </Topic>

      <Topic id="account" title="Your account">
        <ul>
          <li>
            Signing in takes your user name, your password and a one-time passcode (OTP) that we e-mail to you. The
            passcode expires after a few minutes; you can ask for a new one.
          </li>
          <li>
            Passwords have at least {PASSWORD_MIN_LENGTH} characters, with an upper-case letter, a lower-case letter, a
            digit and one of ! @ # $ % ^ &amp; *, and no runs such as 123 or abc. You cannot reuse any of your last 10
            passwords. Passwords expire from time to time; you will be asked for a new one when you sign in.
          </li>
          <li>
            Forgot your password? Choose Forgot password on the sign-in page and we will e-mail you a link to set a new
            one.
          </li>
          <li>
            After several failed attempts your account is locked: ask your firm&rsquo;s administrator to unlock it.
          </li>
          <li>
            In <Link href="/Settings">Settings</Link> you can change your e-mail address, time zone and password, choose
            job alerts and send yourself a test e-mail.
          </li>
          {actor.role === CLIENT_ADMIN_ROLE && (
            <li>
              As your firm&rsquo;s administrator, you manage its users in <Link href="/user">Users</Link>: create
              accounts, change roles, reset passwords and deactivate people who have left.
            </li>
          )}
        </ul>
      </Topic>

      <Topic id="contact" title="Getting in touch">
        <p>
          For anything about a job, call or e-mail your usual JMS branch and quote the job number. For problems with the
          portal, e-mail <a href={`mailto:${config().SUPPORT_EMAIL}`}>{config().SUPPORT_EMAIL}</a>.
        </p>
      </Topic>
    </div>
  );
}
