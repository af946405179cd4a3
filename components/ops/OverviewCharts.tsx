'use client';
/**
 * The /Ops overview's charts, each with the table of its numbers beside it (below it on a phone). The
 * charts load after the page (recharts is not in the first paint); the tables are server-rendered props and are
 * what assistive tech reads.
 */
import dynamic from 'next/dynamic';
import { Card } from '@/components/ui/Card';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import { displayCalendarDate } from '@/lib/display-date';
import type { DayPoint, OnTimeRow } from '@/lib/overview/overview';

const DaysChart = dynamic(() => import('./OverviewChartsInner').then((m) => m.DaysChart), {
  ssr: false,
  loading: () => <div className="h-64" />,
});
const OnTimeChart = dynamic(() => import('./OverviewChartsInner').then((m) => m.OnTimeChart), {
  ssr: false,
  loading: () => <div className="h-40" />,
});

const th = 'px-2 py-1 text-left text-xs font-semibold text-muted';
const td = 'px-2 py-1 text-sm tabular-nums';

const percent = (r: OnTimeRow) => (r.delivered === 0 ? '–' : `${Math.round((r.onTime / r.delivered) * 100)}%`);

export function OverviewCharts({ days, onTime }: { days: DayPoint[]; onTime: OnTimeRow[] }) {
  const newestFirst = [...days].reverse();
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Card title="Jobs received and delivered, last 30 days" titleAs="h2">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
          <DaysChart days={days} />
          <div
            className="max-h-64 overflow-y-auto rounded border border-line"
            tabIndex={0}
            role="region"
            aria-label="Jobs received and delivered per day"
          >
            <table className="w-full border-collapse">
              <caption className="sr-only">Jobs received and delivered per day, newest first</caption>
              <thead className="sticky top-0 bg-slate-50">
                <tr>
                  <th scope="col" className={th}>
                    Day
                  </th>
                  <th scope="col" className={th}>
                    Received
                  </th>
                  <th scope="col" className={th}>
                    Delivered
                  </th>
                </tr>
              </thead>
              <tbody>
                {newestFirst.map((d) => (
                  <tr key={d.date} className="border-t border-line">
                    <th scope="row" className={`${td} font-normal whitespace-nowrap`}>
                      {displayCalendarDate(d.date)}
                    </th>
                    <td className={td}>{d.received}</td>
                    <td className={td}>{d.delivered}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </Card>
      <Card title="On-time delivery per client, last 30 days" titleAs="h2">
        {onTime.length === 0 ? (
          <p className="text-sm text-muted">No jobs were delivered in the last 30 days.</p>
        ) : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
            <OnTimeChart rows={onTime} />
            <ScrollRegion label="On-time delivery per client">
              <table className="w-full border-collapse">
                <caption className="sr-only">On-time delivery per client: jobs delivered by their due time</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={th}>
                      Client
                    </th>
                    <th scope="col" className={th}>
                      Delivered
                    </th>
                    <th scope="col" className={th}>
                      On time
                    </th>
                    <th scope="col" className={th}>
                      Rate
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {onTime.map((r) => (
                    <tr key={r.clientId} className="border-t border-line">
                      <th scope="row" className={`${td} font-normal break-words`}>
                        {r.clientName}
                      </th>
                      <td className={td}>{r.delivered}</td>
                      <td className={td}>{r.onTime}</td>
                      <td className={td}>{percent(r)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
        )}
      </Card>
    </div>
  );
}
