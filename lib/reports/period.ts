/**
 * The period of the /Reports page, chosen in its URL so that it can be bookmarked:
 *
 *  - `range`: a preset that moves with the calendar (the last 3, 6 or 12 months, this or last financial year,
 *    1 July to 30 June), counted from the current month in the viewer's time zone;
 *  - `from` and `to`: two months 'YYYY-MM', both included, at most MAX_REPORT_MONTHS apart, ending no later than
 *    the current month;
 *  - neither: the last 12 months.
 *
 * One zod schema (`reportPeriodSchema`) reads them; anything it refuses shows the default period with the reason
 * (`parseReportPeriod`), so a hand-edited URL never fails the page. Browser-safe.
 */
import { z } from 'zod';
import { addMonths, isMonthKey, monthSpan } from '@/lib/core/calendar-date';

/** The longest period the page shows: two years of months. */
export const MAX_REPORT_MONTHS = 24;

export const PERIOD_PARAM = { from: 'from', to: 'to', range: 'range' } as const;

export const REPORT_PRESETS = [
  { id: 'last-3-months', label: 'Last 3 months' },
  { id: 'last-6-months', label: 'Last 6 months' },
  { id: 'last-12-months', label: 'Last 12 months' },
  { id: 'this-financial-year', label: 'This financial year' },
  { id: 'last-financial-year', label: 'Last financial year' },
] as const;
export type ReportPresetId = (typeof REPORT_PRESETS)[number]['id'];
export const DEFAULT_REPORT_PRESET: ReportPresetId = 'last-12-months';
const PRESET_IDS: readonly string[] = REPORT_PRESETS.map((p) => p.id);
const isPreset = (v: string): v is ReportPresetId => PRESET_IDS.includes(v);

export const PERIOD_MSG = {
  month: 'Enter each month as YYYY-MM, for example 2026-03.',
  both: 'Choose both a first and a last month.',
  order: 'The first month must not be after the last month.',
  future: 'The period cannot end after the current month.',
  tooLong: `Choose a period of at most ${MAX_REPORT_MONTHS} months.`,
  preset: 'Choose one of the periods offered.',
} as const;

/** The months shown: 'YYYY-MM', both included; the preset that chose them (null: two months chosen). */
export interface ReportPeriod {
  from: string;
  to: string;
  preset: ReportPresetId | null;
}

/** The months of a preset when the current month is `current` ('YYYY-MM'). */
export function presetPeriod(id: ReportPresetId, current: string): ReportPeriod {
  const fyStart = addMonths(current, -((Number(current.slice(5, 7)) + 5) % 12)); // the last July
  switch (id) {
    case 'last-3-months':
      return { from: addMonths(current, -2), to: current, preset: id };
    case 'last-6-months':
      return { from: addMonths(current, -5), to: current, preset: id };
    case 'last-12-months':
      return { from: addMonths(current, -11), to: current, preset: id };
    case 'this-financial-year':
      return { from: fyStart, to: current, preset: id };
    case 'last-financial-year':
      return { from: addMonths(fyStart, -12), to: addMonths(fyStart, -1), preset: id };
  }
}

/** A query value: one string (a repeated parameter counts by its first value); '' as absent. */
const param = z.preprocess(
  (v) => (Array.isArray(v) ? v[0] : v),
  z
    .string({ error: PERIOD_MSG.month })
    .max(40, PERIOD_MSG.month)
    .optional()
    .transform((s) => (s?.trim() ? s.trim() : undefined)),
);

/**
 * The period's query parameters checked against the current month ('YYYY-MM' in the viewer's zone): `from` and
 * `to` win over `range`; none of them gives the default preset.
 */
export function reportPeriodSchema(current: string) {
  return z
    .object({ from: param, to: param, range: param })
    .superRefine((q, ctx) => {
      if (q.from === undefined && q.to === undefined) {
        if (q.range !== undefined && !isPreset(q.range))
          ctx.addIssue({ code: 'custom', path: ['range'], message: PERIOD_MSG.preset });
        return;
      }
      if (q.from === undefined || q.to === undefined) {
        ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: PERIOD_MSG.both });
        return;
      }
      const { from, to } = q;
      if (!isMonthKey(from) || !isMonthKey(to)) {
        ctx.addIssue({ code: 'custom', path: [isMonthKey(from) ? 'to' : 'from'], message: PERIOD_MSG.month });
        return;
      }
      if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: PERIOD_MSG.order });
      else if (to > current) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_MSG.future });
      else if (monthSpan(from, to) > MAX_REPORT_MONTHS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: PERIOD_MSG.tooLong });
    })
    .transform((q): ReportPeriod => {
      if (q.from !== undefined && q.to !== undefined) return { from: q.from, to: q.to, preset: null };
      return presetPeriod(q.range !== undefined && isPreset(q.range) ? q.range : DEFAULT_REPORT_PRESET, current);
    });
}

/** The period the query asks for, or the default one and why the query's could not be shown. */
export function parseReportPeriod(query: unknown, current: string): { period: ReportPeriod; error: string | null } {
  const r = reportPeriodSchema(current).safeParse(query ?? {});
  if (r.success) return { period: r.data, error: null };
  return {
    period: presetPeriod(DEFAULT_REPORT_PRESET, current),
    error: r.error.issues[0]?.message ?? PERIOD_MSG.month,
  };
}
