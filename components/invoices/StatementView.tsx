/**
 * The statement of account: period, opening balance, lines with the running balance, closing balance,
 * ageing and the unpaid invoices; downloads; "Pay all" when the payments page takes several invoices at once.
 * Wide tables scroll inside a named region on a phone.
 */
import { buttonClasses } from '@/components/ui/Button';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import type { StatementView as View } from '@/lib/invoices/statement-present';

const th = 'border-b border-line-strong px-3 py-2 text-left';
const thr = 'border-b border-line-strong px-3 py-2 text-right';
const td = 'px-3 py-2';
const tdr = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

export function StatementView({ s }: { s: View }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">{s.title}</h1>
          <p className="text-sm text-muted">
            {s.clientName} · Account {s.accountNumber} · {s.fromDisplay} to {s.asOfDisplay}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={s.pdfHref} className={buttonClasses()} download>
            Download PDF
          </a>
          <a href={s.csvHref} className={buttonClasses()} download>
            Download CSV
          </a>
          {s.payAllUrl ? (
            <a href={s.payAllUrl} className={buttonClasses({ variant: 'primary' })}>
              Pay all ({s.ageing.total})
            </a>
          ) : null}
        </div>
      </div>

      <form method="get" className="flex flex-wrap items-end gap-2">
        {s.keep.map((k) => (
          <input key={k.name} type="hidden" name={k.name} value={k.value} />
        ))}
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Period from
          <input
            type="date"
            name="from"
            defaultValue={s.from}
            className="h-10 rounded-md border border-line-strong px-2"
          />
        </label>
        <button type="submit" className={buttonClasses({ size: 'sm' })}>
          Show
        </button>
      </form>

      <section aria-labelledby="ageing-h" className="flex flex-col gap-2">
        <h2 id="ageing-h" className="text-lg font-semibold">
          What is owed, by days past due
        </h2>
        <ScrollRegion label="Ageing">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Ageing of what is owed by days past the due date</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thr}>
                  Current
                </th>
                <th scope="col" className={thr}>
                  30 days
                </th>
                <th scope="col" className={thr}>
                  60 days
                </th>
                <th scope="col" className={thr}>
                  90+ days
                </th>
                <th scope="col" className={thr}>
                  Total owed
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className={tdr} data-testid="ageing-current">
                  {s.ageing.current}
                </td>
                <td className={tdr} data-testid="ageing-30">
                  {s.ageing.days30}
                </td>
                <td className={tdr} data-testid="ageing-60">
                  {s.ageing.days60}
                </td>
                <td className={tdr} data-testid="ageing-90">
                  {s.ageing.days90}
                </td>
                <td className={`${tdr} font-semibold`} data-testid="ageing-total">
                  {s.ageing.total}
                </td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
        {s.inCredit ? (
          <p className="text-sm text-ink" data-testid="in-credit">
            In credit: <span className="font-semibold tabular-nums">{s.inCredit}</span>. An adjustment note reduced an
            invoice that had already been paid, so the closing balance is the total owed less this credit.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="lines-h" className="flex flex-col gap-2">
        <h2 id="lines-h" className="text-lg font-semibold">
          Account activity
        </h2>
        <ScrollRegion label="Account activity">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">
              Invoices, payments, adjustment notes and voids with the running balance
            </caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  Date
                </th>
                <th scope="col" className={th}>
                  Type
                </th>
                <th scope="col" className={th}>
                  Description
                </th>
                <th scope="col" className={thr}>
                  Debit
                </th>
                <th scope="col" className={thr}>
                  Credit
                </th>
                <th scope="col" className={thr}>
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-line">
                <td className={td}>{s.fromDisplay}</td>
                <th scope="row" colSpan={4} className={`${td} text-left font-medium`}>
                  Opening balance
                </th>
                <td className={tdr} data-testid="opening-balance">
                  {s.opening}
                </td>
              </tr>
              {s.lines.map((l) => (
                <tr key={l.key} className="border-b border-line">
                  <td className={`${td} whitespace-nowrap`}>{l.date}</td>
                  <td className={td}>{l.type}</td>
                  <td className={`${td} break-words`}>{l.description}</td>
                  <td className={tdr}>{l.debit}</td>
                  <td className={tdr}>{l.credit}</td>
                  <td className={tdr}>{l.balance}</td>
                </tr>
              ))}
              <tr>
                <td className={td}>{s.asOfDisplay}</td>
                <th scope="row" colSpan={4} className={`${td} text-left font-semibold`}>
                  Closing balance
                </th>
                <td className={`${tdr} font-semibold`} data-testid="closing-balance">
                  {s.closing}
                </td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      {s.unpaid.length ? (
        <section aria-labelledby="unpaid-h" className="flex flex-col gap-2">
          <h2 id="unpaid-h" className="text-lg font-semibold">
            Unpaid invoices
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {s.unpaid.map((u) => (
              <li key={u.invoiceNumber}>
                <a href={u.slipHref} className="text-brand-700 underline">
                  Invoice {u.invoiceNumber}
                </a>{' '}
                issued {u.issueDate}, due {u.dueDate || '—'}, {u.age}: {u.outstanding} owing
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
