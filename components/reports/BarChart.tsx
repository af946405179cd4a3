/**
 * One horizontal bar chart of the /Reports page, drawn in HTML: a row per bar with its category, a bar as long as
 * its share of the largest value, and the value. Every row keeps its label at every width: a long one wraps to two
 * lines and is cut there, the whole of it in the row's title (and in the table beside the chart). A bar with a list
 * behind it is a link to that list for the pointer; the chart is a picture of the table beside it
 * (components/reports/ReportSection.tsx), whose numbers are the same links, so it is hidden from assistive
 * technology and its links take no keyboard focus (the table's do).
 */
import Link from 'next/link';
import type { ReportBar } from '@/lib/reports/present';

const ROW =
  'grid grid-cols-[minmax(0,7rem)_minmax(2rem,1fr)_auto] items-center gap-2 rounded px-1 py-1 text-xs text-ink sm:grid-cols-[minmax(0,11rem)_minmax(3rem,1fr)_auto] sm:text-sm';

export function BarChart({ bars }: { bars: ReportBar[] }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <ol aria-hidden="true" className="flex min-w-0 flex-col gap-0.5" data-testid="bar-chart">
      {bars.map((b) => {
        const share = max > 0 ? (b.value / max) * 100 : 0;
        const row = (
          <>
            <span className="line-clamp-2 break-words" data-part="label">
              {b.label}
            </span>
            <span className="flex h-5 items-center">
              <span
                className="h-3.5 rounded-sm bg-brand-500"
                style={{ width: `${share}%`, minWidth: b.value > 0 ? 2 : 0 }}
              />
            </span>
            <span className="text-right whitespace-nowrap tabular-nums" data-part="value">
              {b.valueText}
            </span>
          </>
        );
        const title = `${b.label}: ${b.valueText}`;
        return (
          <li key={b.key} data-bar={b.key}>
            {b.href ? (
              <Link
                href={b.href}
                prefetch={false}
                tabIndex={-1}
                title={title}
                className={`${ROW} no-underline hover:bg-brand-50 hover:text-ink`}
              >
                {row}
              </Link>
            ) : (
              <div title={title} className={ROW}>
                {row}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
