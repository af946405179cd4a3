/**
 * Money and quantities of invoices. Amounts come from the database as exact decimal strings
 * (numeric(12,2)); they are shown in the invoice's own currency with Intl.NumberFormat and sent to
 * the payments page with exactly two decimals, without going through floating point.
 * Browser-safe.
 */

export const MONEY_LOCALE = 'en-AU';

/** A decimal string with exactly two places ('12' → '12.00', '3.456' → '3.46' rounded half up). */
export function twoDecimals(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${value}`);
  const [, sign = '', intPart = '0', frac = ''] = m;
  if (frac.length <= 2) return `${sign}${intPart}.${frac.padEnd(2, '0')}`;
  // Round half up on the digit after the second place, in integer arithmetic.
  let cents = BigInt(intPart + frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1n;
  const s = cents.toString().padStart(3, '0');
  return `${sign}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * A number format, made once per locale and options (making one costs far more than using it, and every invoice
 * row formats its amount). An unknown currency throws RangeError here, as the constructor does.
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    // Bounded: currencies and locales are few, but a caller's odd currency code must not grow this for ever.
    if (formats.size >= 200) formats.clear();
    formats.set(key, f);
  }
  return f;
}

/** An amount in its currency, e.g. $1,234.50 for AUD; an unknown currency code shows as 'XYZ 1,234.50'. */
export function formatMoney(amount: string, currencyCode: string, locale: string = MONEY_LOCALE): string {
  const n = Number(amount);
  try {
    return numberFormat(locale, { style: 'currency', currency: currencyCode.trim() }).format(n);
  } catch {
    const plain = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    return `${currencyCode.trim()} ${plain}`;
  }
}

/** A unit price in its currency with two to four decimals ($0.12, $0.1250 → $0.125). */
export function formatUnitPrice(amount: string, currencyCode: string, locale: string = MONEY_LOCALE): string {
  const n = Number(amount);
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency: currencyCode.trim(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(n);
  } catch {
    return `${currencyCode.trim()} ${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(n)}`;
  }
}

/** A quantity without trailing zeros: '250.00' → '250', '2.50' → '2.5', with thousands separators. */
export function formatQuantity(quantity: string, locale: string = MONEY_LOCALE): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(Number(quantity));
}

/** The exact sum of decimal strings with at most `places` decimals ('250.00' + '0.5' → '250.50'). */
export function sumDecimals(values: readonly string[], places = 2): string {
  const scale = 10n ** BigInt(places);
  let total = 0n;
  for (const v of values) {
    const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(v.trim());
    if (!m) throw new RangeError(`not a decimal: ${v}`);
    const [, sign, intPart = '0', frac = ''] = m;
    if (frac.length > places && /[1-9]/.test(frac.slice(places)))
      throw new RangeError(`more than ${places} decimals: ${v}`);
    const n = BigInt(intPart) * scale + BigInt((frac.slice(0, places) || '0').padEnd(places, '0'));
    total += sign === '-' ? -n : n;
  }
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const s = abs.toString().padStart(places + 1, '0');
  const out = places > 0 ? `${s.slice(0, -places)}.${s.slice(-places)}` : s;
  return negative ? `-${out}` : out;
}
