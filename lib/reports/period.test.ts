/** The /Reports page's period (lib/reports/period.ts): presets, two months, and what is refused. */
import { describe, expect, it } from 'vitest';
import { MAX_REPORT_MONTHS, parseReportPeriod, PERIOD_MSG, presetPeriod } from './period';

const NOW = '2026-11';

describe('the reports period', () => {
  it('is the last 12 months when the URL names none (an empty form counts as none)', () => {
    const last12 = { period: { from: '2025-12', to: '2026-11', preset: 'last-12-months' }, error: null };
    expect(parseReportPeriod({}, NOW)).toEqual(last12);
    expect(parseReportPeriod(undefined, NOW)).toEqual(last12);
    expect(parseReportPeriod({ from: '', to: ' ' }, NOW)).toEqual(last12);
  });

  it('presets move with the calendar; the financial year runs 1 July to 30 June', () => {
    expect(presetPeriod('last-3-months', NOW)).toMatchObject({ from: '2026-09', to: '2026-11' });
    expect(presetPeriod('last-6-months', '2026-02')).toMatchObject({ from: '2025-09', to: '2026-02' });
    expect(presetPeriod('this-financial-year', NOW)).toMatchObject({ from: '2026-07', to: '2026-11' });
    expect(presetPeriod('this-financial-year', '2026-07')).toMatchObject({ from: '2026-07', to: '2026-07' });
    expect(presetPeriod('this-financial-year', '2026-06')).toMatchObject({ from: '2025-07', to: '2026-06' });
    expect(presetPeriod('last-financial-year', NOW)).toMatchObject({ from: '2025-07', to: '2026-06' });
    expect(presetPeriod('last-financial-year', '2026-01')).toMatchObject({ from: '2024-07', to: '2025-06' });
    expect(parseReportPeriod({ range: 'last-3-months' }, NOW)).toEqual({
      period: { from: '2026-09', to: '2026-11', preset: 'last-3-months' },
      error: null,
    });
  });

  it('two months, both included, win over a preset; a repeated parameter counts by its first value', () => {
    expect(parseReportPeriod({ from: '2026-03', to: '2026-05', range: 'last-3-months' }, NOW)).toEqual({
      period: { from: '2026-03', to: '2026-05', preset: null },
      error: null,
    });
    expect(parseReportPeriod({ from: ['2026-11', 'x'], to: '2026-11' }, NOW).period).toEqual({
      from: '2026-11',
      to: '2026-11',
      preset: null,
    });
    // The longest period allowed, ending this month.
    expect(parseReportPeriod({ from: '2024-12', to: NOW }, NOW)).toMatchObject({ error: null });
  });

  it.each([
    [{ from: '2026-13', to: '2026-11' }, PERIOD_MSG.month],
    [{ from: '2026-1', to: '2026-11' }, PERIOD_MSG.month],
    [{ from: '2026-01', to: '<b>x</b>' }, PERIOD_MSG.month],
    [{ from: 'x'.repeat(500), to: '2026-11' }, PERIOD_MSG.month],
    [{ from: 202601, to: '2026-11' }, PERIOD_MSG.month],
    [{ from: '2026-01' }, PERIOD_MSG.both],
    [{ to: '2026-01', range: 'last-3-months' }, PERIOD_MSG.both],
    [{ from: '2026-11', to: '2026-10' }, PERIOD_MSG.order],
    [{ from: '2026-10', to: '2026-12' }, PERIOD_MSG.future],
    [{ from: '2024-11', to: NOW }, `Choose a period of at most ${MAX_REPORT_MONTHS} months.`],
    [{ range: 'forever' }, PERIOD_MSG.preset],
  ])('%j: the default period, and why (%s)', (query, message) => {
    expect(parseReportPeriod(query, NOW)).toEqual({
      period: { from: '2025-12', to: '2026-11', preset: 'last-12-months' },
      error: message,
    });
  });
});
