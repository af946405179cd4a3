import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, formatUnitPrice, sumDecimals, twoDecimals } from './money';

describe('money', () => {
  it('shows amounts in the invoice currency', () => {
    expect(formatMoney('1234.5', 'AUD')).toBe('$1,234.50');
    // Other currencies are named (the exact symbol depends on the ICU data: 'USD 10.00' or 'US$10.00').
    expect(formatMoney('10', 'USD')).toMatch(/^US(D\s|\$)10\.00$/);
    expect(formatMoney('7.25', 'EUR')).toMatch(/^(EUR\s|€)7\.25$/);
    expect(formatMoney('3', 'ZZ')).toBe('ZZ 3.00');
  });

  it('shows unit prices with up to four decimals', () => {
    expect(formatUnitPrice('0.1200', 'AUD')).toBe('$0.12');
    expect(formatUnitPrice('0.1250', 'AUD')).toBe('$0.125');
    expect(formatUnitPrice('12.5000', 'AUD')).toBe('$12.50');
  });

  it('shows quantities without needless decimals', () => {
    expect(formatQuantity('250.00')).toBe('250');
    expect(formatQuantity('2.50')).toBe('2.5');
    expect(formatQuantity('12500')).toBe('12,500');
  });

  it('sums decimals exactly', () => {
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimals(['250.00', '1010', '0.5'])).toBe('1260.50');
    expect(sumDecimals([])).toBe('0.00');
    expect(sumDecimals(['-1.25', '1'])).toBe('-0.25');
    expect(() => sumDecimals(['abc'])).toThrow(RangeError);
  });

  it('rounds to two decimals half up', () => {
    expect(twoDecimals('1.005')).toBe('1.01');
    expect(twoDecimals('1.004')).toBe('1.00');
    expect(twoDecimals('5')).toBe('5.00');
    expect(() => twoDecimals('1e3')).toThrow(RangeError);
  });
});
