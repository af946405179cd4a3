import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, gstCents, invoiceTotals, toCents } from './gst';

describe('GST in whole cents', () => {
  it('is 10% of a line, half a cent up', () => {
    expect(invoiceTotals([{ amount: '144.00' }, { amount: '10.00' }], 1000)).toEqual({
      lineGst: ['14.40', '1.00'],
      subtotal: '154.00',
      gst: '15.40',
      total: '169.40',
    });
    expect(gstCents(5n, 1000)).toBe(1n); // 0.5 cent → 1 cent
    expect(gstCents(4n, 1000)).toBe(0n); // 0.4 cent → 0
    expect(gstCents(15n, 1000)).toBe(2n); // 1.5 cents → 2
    expect(invoiceTotals([{ amount: '0.05' }, { amount: '0.05' }], 1000).gst).toBe('0.02');
  });

  it('keeps GST sent with a line', () => {
    expect(
      invoiceTotals(
        [
          { amount: '100.00', gst: '0' },
          { amount: '50.00', gst: '4.99' },
        ],
        1000,
      ),
    ).toMatchObject({ gst: '4.99', total: '154.99' });
  });

  it('property: on random lines and rates every figure is whole cents, each line within half a cent, totals add up', () => {
    const cents = fc.bigInt({ min: 0n, max: 99_999_999_99n });
    fc.assert(
      fc.property(
        fc.array(cents, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amounts, rateBp) => {
          const t = invoiceTotals(
            amounts.map((c) => ({ amount: fromCents(c) })),
            rateBp,
          );
          for (const [i, g] of t.lineGst.entries()) {
            expect(g).toMatch(/^\d+\.\d{2}$/);
            // |GST × 10 000 − amount × rate| ≤ half a cent (× 10 000), and exactly half rounds up.
            const diff = toCents(g) * 10_000n - amounts[i]! * BigInt(rateBp);
            expect(diff * 2n <= 10_000n && diff * 2n > -10_000n).toBe(true);
          }
          expect(toCents(t.gst)).toBe(t.lineGst.reduce((s, g) => s + toCents(g), 0n));
          expect(toCents(t.subtotal)).toBe(amounts.reduce((s, c) => s + c, 0n));
          expect(toCents(t.total)).toBe(toCents(t.subtotal) + toCents(t.gst));
          // The invoice GST is within half a cent per line of the GST of the subtotal.
          const exact = toCents(t.subtotal) * BigInt(rateBp);
          const spread = toCents(t.gst) * 10_000n - exact;
          expect(spread <= BigInt(amounts.length) * 5_000n && spread >= -BigInt(amounts.length) * 5_000n).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the supplier form schema', () => {
  it('parses its own output again to the same values (the server action parses what the browser parsed)', async () => {
    const { supplierSchema, gstRateBp } = await import('./supplier-schema');
    const once = supplierSchema.parse({
      LegalName: 'Legal Copy Services Pty Ltd',
      Abn: '51 824 753 556',
      Address: '1 George St',
      Email: '',
      Phone: '',
      BankAccountName: 'LCS',
      BankBsb: '062000',
      BankAccountNumber: '12345678',
      GstRate: '12.5%',
    });
    expect(supplierSchema.parse(once)).toEqual(once);
    expect(gstRateBp(once.GstRate)).toBe(1250);
    expect(supplierSchema.safeParse({ ...once, Abn: '51 824 753 557' }).success).toBe(false);
  });
});
