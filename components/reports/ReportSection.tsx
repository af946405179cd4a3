/**
 * A section of the reports page: a heading, the chart (components/reports/BarChart.tsx) and beside it a table of
 * the same numbers, for screen readers, the keyboard and copying; a number with a list behind it is a link to that
 * list. Side by side from 1024 px, one above the other on a phone.
 */
import type { ReportSectionView } from '@/lib/reports/present';
import { BarChart } from './BarChart';
import { NumberLink } from './NumberLink';

export function ReportSection({ section }: { section: ReportSectionView }) {
  const { id, title, description, bars, columns, rows } = section;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      data-testid={id}
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {bars.length > 0 ? <BarChart bars={bars} /> : <p className="text-sm text-muted">No Data Available</p>}
        <div className="min-w-0">
          <table className="w-full text-sm" data-testid={`${id}-table`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-line text-left">
                {columns.map((c) => (
                  <th
                    key={c.header}
                    scope="col"
                    className={c.numeric ? 'py-1.5 pl-2 text-right font-medium' : 'py-1.5 pr-2 font-medium'}
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, r) => (
                <tr key={r} className="border-b border-line/60 last:border-0">
                  {cells.map((cell, i) => {
                    const content = <NumberLink text={cell.text} href={cell.href} />;
                    return i === 0 ? (
                      <th key={i} scope="row" className="py-1.5 pr-2 text-left font-normal break-words">
                        {content}
                      </th>
                    ) : (
                      <td
                        key={i}
                        className={columns[i]?.numeric ? 'py-1.5 pl-2 text-right tabular-nums' : 'py-1.5 pr-2'}
                      >
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
