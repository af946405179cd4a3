/**
 * /Ops/Invoices/Receivables: what every firm owes today by days past the due date (current, 30, 60, 90+ days),
 * largest debt first, with the totals; each firm links to its statement; downloads as CSV.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { buttonClasses } from '@/components/ui/Button';
import { displayCalendarDate } from '@/lib/display-date';
import { formatMoney } from '@/lib/invoices/money';
import { staffReceivables } from '@/lib/invoices/statement';
import { requireStaffPage } from '@/lib/ops/page';

export const metadata: Metadata = { title: 'Aged receivables' };

const num = `${td} text-right tabular-nums whitespace-nowrap`;

export default async function OpsReceivablesPage() {
  const actor = await requireStaffPage('invoices.manage');
  const r = await staffReceivables(actor);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Aged receivables</h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/Ops/Invoices/Statement" className={buttonClasses()}>
            Statement of a client
          </Link>
          <a href="/api/Ops/Invoices/Receivables" className={buttonClasses()} download>
            Download CSV
          </a>
        </div>
      </div>
      <p className="text-sm text-muted">
        What each client owes on {displayCalendarDate(r.today)}, by days past the due date: current is not yet due or
        less than 30 days past it.
      </p>
      <OpsTable
        caption="What each client owes, by days past the due date"
        headers={['Client', 'Invoices owing', 'Current', '30 days', '60 days', '90+ days', 'Total owed']}
        empty={r.rows.length === 0}
      >
        {r.rows.map((x) => {
          const money = (v: string) => formatMoney(v, x.currencyCode);
          return (
            <tr key={`${x.clientId}-${x.currencyCode}`}>
              <td className={`${td} break-words`}>
                <Link href={`/Ops/Invoices/Statement?client=${x.clientId}`} className="text-brand-700 underline">
                  {x.clientName}
                </Link>{' '}
                <span className="block text-xs text-muted">{x.accountNumber}</span>
              </td>
              <td className={num}>{x.invoices}</td>
              <td className={num}>{money(x.ageing.current)}</td>
              <td className={num}>{money(x.ageing.days30)}</td>
              <td className={num}>{money(x.ageing.days60)}</td>
              <td className={num}>{money(x.ageing.days90)}</td>
              <td className={`${num} font-semibold`}>{money(x.ageing.total)}</td>
            </tr>
          );
        })}
        {r.totals.map((t) => {
          const money = (v: string) => formatMoney(v, t.currencyCode);
          return (
            <tr key={`total-${t.currencyCode}`} className="bg-slate-50 font-semibold">
              <th scope="row" className={`${td} text-left`}>
                Total{r.totals.length > 1 ? ` (${t.currencyCode})` : ''}
              </th>
              <td className={num}>{t.invoices}</td>
              <td className={num}>{money(t.ageing.current)}</td>
              <td className={num}>{money(t.ageing.days30)}</td>
              <td className={num}>{money(t.ageing.days60)}</td>
              <td className={num}>{money(t.ageing.days90)}</td>
              <td className={num}>{money(t.ageing.total)}</td>
            </tr>
          );
        })}
      </OpsTable>
    </div>
  );
}
