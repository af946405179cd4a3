/**
 * /Ops/Emails (staff): every e-mail the portal sends, from the catalogue (lib/mail/catalogue.ts), each with who
 * receives it and its subject, rendered with its sample data and the current sender's name, logo and colour, in
 * HTML and as text; and a button that sends it to the staff user's own address.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { SendPreviewButton } from '@/components/ops/SendPreviewButton';
import { mailPreviews } from '@/lib/ops/mail-previews';
import { requireStaffPage } from '@/lib/ops/page';
import { sendMailPreviewAction } from './actions';

export const metadata: Metadata = { title: 'E-mails' };

export default async function OpsEmailsPage() {
  const actor = await requireStaffPage('ops.open');
  const previews = await mailPreviews(actor);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">E-mails</h1>
      <p className="max-w-3xl text-sm text-muted">
        Every e-mail the portal sends ({previews.length}), shown with sample data. The sender’s name, logo and e-mail
        colour come from the <Link href="/Ops/Invoices/Supplier">supplier details</Link>. A test goes to your own
        address, through the same queue as every e-mail.
      </p>
      <ul className="flex flex-col gap-3" aria-label="E-mails the portal sends">
        {previews.map((m) => (
          <li key={m.kind} className="min-w-0 rounded-lg border border-line bg-surface p-4 shadow-xs">
            <details>
              <summary className="cursor-pointer">
                <span className="font-semibold break-words">{m.subject}</span>
                <span className="block text-sm text-muted">{m.audience}</span>
              </summary>
              <div className="mt-3 flex min-w-0 flex-col gap-3">
                <SendPreviewButton name={m.subject} send={sendMailPreviewAction.bind(null, m.kind)} />
                <h2 className="text-base font-semibold">As HTML</h2>
                <iframe
                  title={`${m.subject} (HTML)`}
                  srcDoc={m.html}
                  sandbox=""
                  loading="lazy"
                  className="h-[32rem] w-full rounded border border-line bg-white"
                />
                <h2 className="text-base font-semibold">As text</h2>
                {/* A long text scrolls inside its box: a named region that takes keyboard focus to scroll it. */}
                <pre
                  className="max-h-96 overflow-y-auto rounded border border-line bg-white p-3 text-sm break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  tabIndex={0}
                  role="region"
                  aria-label={`${m.subject} (text)`}
                >
                  {m.text}
                </pre>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
