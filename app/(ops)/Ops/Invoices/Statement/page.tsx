/**
 * /Ops/Invoices/Statement?client=<id>&from=yyyy-MM-dd: a firm's statement of account for staff, the one its
 * administrator sees (lib/invoices/statement.ts): choose the firm, then the period; downloads as PDF and CSV.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { StatementView } from '@/components/invoices/StatementView';
import { buttonClasses } from '@/components/ui/Button';
import { clientChoices } from '@/lib/clients/service';
import { isCalendarDate } from '@/lib/core/calendar-date';
import { presentStatement, staffStatementLinks } from '@/lib/invoices/statement-present';
import { staffStatement } from '@/lib/invoices/statement';
import { requireStaffPage } from '@/lib/ops/page';

export const metadata: Metadata = { title: 'Statement of account' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsStatementPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === 'string' ? (sp[k] as string) : '');
  const clientId = /^\d{1,9}$/.test(one('client')) ? Number(one('client')) : null;
  const from = isCalendarDate(one('from')) ? one('from') : null;
  const clients = await clientChoices(actor);
  if (clientId !== null && !clients.some((c) => c.id === clientId)) notFound();
  const s = clientId === null ? null : await staffStatement(actor, clientId, { from });
  return (
    <div className="flex flex-col gap-6">
      {s ? null : <h1 className="page-title">Statement of account</h1>}
      <form method="get" className="flex flex-wrap items-end gap-2" aria-label="Choose the client">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-ink">
          Client
          <select
            name="client"
            defaultValue={clientId === null ? '' : String(clientId)}
            className="h-10 max-w-full rounded-md border border-line-strong px-2"
          >
            <option value="">Choose a client</option>
            {clients.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name} ({c.accountNumber})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({ size: 'sm' })}>
          Show statement
        </button>
      </form>
      {s ? (
        <StatementView
          s={presentStatement(s, staffStatementLinks(s.client.id, s.from), [
            { name: 'client', value: String(s.client.id) },
          ])}
        />
      ) : null}
    </div>
  );
}
