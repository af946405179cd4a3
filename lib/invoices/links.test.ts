import { describe, expect, it } from 'vitest';
import { encodeParam } from '@/lib/encoding';
import { clientDateSchema, invoiceSlipHref, isCalendarDate, jobNumberFromParam, slipLookupFrom } from './links';

describe('invoice slip parameters', () => {
  it('links a list row to its slip by encoded invoice number and issue date', () => {
    const href = invoiceSlipHref({ invoiceNumber: 'INV-HV1001-1001', issueDate: '2026-03-02' });
    const q = new URL(href, 'http://x').searchParams;
    expect(slipLookupFrom({ ir: q.get('ir') ?? undefined, cD: q.get('cD') ?? undefined })).toEqual({
      kind: 'invoice',
      invoiceNumber: 'INV-HV1001-1001',
      issueDate: '2026-03-02',
    });
  });

  it('reads ir alone, or jm', () => {
    expect(slipLookupFrom({ ir: encodeParam('INV-1') })).toEqual({ kind: 'invoice', invoiceNumber: 'INV-1' });
    expect(slipLookupFrom({ jm: encodeParam('100245') })).toEqual({ kind: 'job', jmsNumber: '100245' });
    expect(slipLookupFrom({ ir: [encodeParam('INV-2'), 'x'] })).toEqual({ kind: 'invoice', invoiceNumber: 'INV-2' });
  });

  it('finds nothing for garbage, a cD that is not a date, or no parameter', () => {
    expect(slipLookupFrom({ ir: 'not-encoded!' })).toBeNull();
    expect(slipLookupFrom({ ir: encodeParam('INV-1'), cD: encodeParam('yesterday') })).toBeNull();
    expect(slipLookupFrom({ ir: encodeParam('INV-1'), cD: 'garbage' })).toBeNull();
    expect(slipLookupFrom({ cD: encodeParam('2026-01-01') })).toBeNull();
    expect(slipLookupFrom({})).toBeNull();
    expect(jobNumberFromParam('%%%')).toBeNull();
    expect(jobNumberFromParam(encodeParam('100245'))).toBe('100245');
  });

  it('takes the clientdate segment plain or encoded, and only as a real date', () => {
    expect(clientDateSchema.parse('2026-03-02')).toBe('2026-03-02');
    expect(clientDateSchema.parse(encodeParam('2026-03-02'))).toBe('2026-03-02');
    for (const bad of ['2026-02-30', '02-03-2026', 'today', encodeParam('x')])
      expect(clientDateSchema.safeParse(bad).success).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });
});
