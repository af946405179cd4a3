'use client';
/**
 * A section of the reports page: a heading, the chart (loaded on demand) and beside it a table of the same numbers,
 * for screen readers and for copying. Side by side from 1024 px, one above the other on a phone.
 */
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import type { ChartDatum } from './SpendChart';

const SpendChart = dynamic(() => import('./SpendChart').then((m) => m.SpendChart), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-64 w-full rounded-md bg-slate-50" />,
});

export interface ReportColumn {
  header: string;
  numeric?: boolean;
}

export function ReportSection({
  id,
  title,
  description,
  data,
  money,
  layout,
  columns,
  rows,
}: {
  id: string;
  title: string;
  description: string;
  data: ChartDatum[];
  money: boolean;
  layout?: 'columns' | 'bars';
  columns: ReportColumn[];
  /** Cells as shown; the first is the row's header. */
  rows: ReactNode[][];
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {data.length > 0 ? (
          <SpendChart data={data} money={money} layout={layout} />
        ) : (
          <p className="text-sm text-muted">No Data Available</p>
        )}
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
                  {cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-1.5 pr-2 text-left font-normal break-words">
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={i}
                        className={columns[i]?.numeric ? 'py-1.5 pl-2 text-right tabular-nums' : 'py-1.5 pr-2'}
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
