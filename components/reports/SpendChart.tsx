'use client';
/**
 * One bar chart of the reports page (recharts, SVG with inline styles, which the nonce CSP allows). The numbers
 * are in the table beside it (components/reports/ReportSection.tsx), so the picture is hidden from assistive
 * technology rather than read twice; the tooltip shows the same formatted values. Loaded on demand: the page's
 * tables paint without it.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '@/lib/reports/model';

export interface ChartDatum {
  label: string;
  value: number;
}

const compactAud = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export function SpendChart({
  data,
  money,
  layout = 'columns',
}: {
  data: ChartDatum[];
  money: boolean;
  layout?: 'columns' | 'bars';
}) {
  const format = (v: number) => (money ? formatCents(v) : String(v));
  const tick = (v: number) => (money ? compactAud.format(v / 100) : String(v));
  const horizontal = layout === 'bars';
  return (
    <div aria-hidden="true" className="h-64 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#d9dee7" />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={tick} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 11 }} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
              <YAxis tickFormatter={tick} width={56} tick={{ fontSize: 11 }} allowDecimals={!money} />
            </>
          )}
          <Tooltip formatter={(v) => format(Number(v))} />
          <Bar dataKey="value" fill="#2f5a9e" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
