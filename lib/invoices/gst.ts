/**
 * GST on invoices, in whole cents and integer arithmetic (no floating point). Browser-safe.
 *
 * The rounding rule (README, "Invoices and GST"):
 * - a line's amount is before GST; its GST is amount × rate, rounded to the nearest cent, half a cent up
 *   (amounts are never negative);
 * - the invoice's GST is the sum of its lines' GST; its total payable is the sum of the line amounts plus that GST.
 * So every line and the total agree to the cent, and the invoice GST is within half a cent per line of the GST of
 * the sum. The rate is kept in basis points (1000 = 10%), configured in /Ops/Billing.
 * An invoice sent by the provider's own system (PUT /api/v1/invoices/{n}) may carry each line's GST instead:
 * it is kept as sent.
 */

export const DEFAULT_GST_RATE_BP = 1000;

/** '12.3' → 1230n; '0.05' → 5n. At most two decimals. */
export function toCents(value: string): bigint {
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not an amount in cents: ${value}`);
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}

/** 1230n → '12.30'. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const s = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** The GST of an amount before GST, in cents: amount × rate / 10 000, half a cent up. */
export function gstCents(amountCents: bigint, rateBp: number): bigint {
  if (amountCents < 0n) throw new RangeError('negative amount');
  const numerator = amountCents * BigInt(rateBp);
  return (numerator * 2n + 10_000n) / 20_000n;
}

export interface TaxedLine {
  /** Before GST, two decimals. */
  amount: string;
  /** The line's GST as sent (the integration API); null or undefined: computed at the rate. */
  gst?: string | null;
}

export interface InvoiceTotals {
  /** Each line's GST, two decimals, in the order given. */
  lineGst: string[];
  subtotal: string;
  gst: string;
  total: string;
}

/** The GST of every line, the invoice's GST and its total payable. */
export function invoiceTotals(lines: readonly TaxedLine[], rateBp: number): InvoiceTotals {
  let subtotal = 0n;
  let gst = 0n;
  const lineGst = lines.map((l) => {
    const amount = toCents(l.amount);
    const g = l.gst != null && l.gst !== '' ? toCents(l.gst) : gstCents(amount, rateBp);
    subtotal += amount;
    gst += g;
    return fromCents(g);
  });
  return { lineGst, subtotal: fromCents(subtotal), gst: fromCents(gst), total: fromCents(subtotal + gst) };
}

/** '10%' for 1000, '12.5%' for 1250. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-AU', { maximumFractionDigits: 2 })}%`;
}
