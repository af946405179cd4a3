'use client';
/**
 * The two charts of the /Ops overview, drawn with recharts. They are pictures of the tables beside
 * them (components/ops/OverviewCharts.tsx), which are what a screen reader reads: hidden from assistive tech, and
 * without the chart's own keyboard layer (nothing inside takes focus).
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DayPoint, OnTimeRow } from '@/lib/overview/overview';

const short = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;

export function DaysChart({ days }: { days: DayPoint[] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={days.map((d) => ({ ...d, day: short(d.date) }))}
          accessibilityLayer={false}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="received"
            name="Received"
            stroke="#1d4ed8"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="delivered"
            name="Delivered"
            stroke="#15803d"
            strokeWidth={2}
            strokeDasharray="5 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function OnTimeChart({ rows }: { rows: OnTimeRow[] }) {
  const data = rows.map((r) => ({ name: r.clientName, onTime: r.onTime, late: r.delivered - r.onTime }));
  return (
    <div aria-hidden="true" className="w-full min-w-0" style={{ height: Math.max(160, 40 + rows.length * 32) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="onTime" name="On time" stackId="a" fill="#15803d" isAnimationActive={false} />
          <Bar dataKey="late" name="Late" stackId="a" fill="#b91c1c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
