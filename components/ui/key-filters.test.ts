import { describe, expect, it } from 'vitest';
import { decimalKeys, decimalRangeKeys } from './key-filters';

/** Whether a key press would be typed (not prevented) by the filter. */
function typed(filter: typeof decimalKeys, key: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}): boolean {
  let prevented = false;
  filter({
    key,
    ctrlKey: mods.ctrlKey ?? false,
    metaKey: mods.metaKey ?? false,
    altKey: false,
    preventDefault: () => (prevented = true),
  });
  return !prevented;
}

describe('decimal key filters (spec §5)', () => {
  it('types digits and the decimal point, nothing else', () => {
    for (const k of ['0', '5', '9', '.']) expect(typed(decimalKeys, k), k).toBe(true);
    for (const k of ['a', 'e', ',', '-', '+', ' ', '$']) expect(typed(decimalKeys, k), k).toBe(false);
  });

  it('lets editing keys and shortcuts through', () => {
    for (const k of ['Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'Home'])
      expect(typed(decimalKeys, k), k).toBe(true);
    expect(typed(decimalKeys, 'v', { ctrlKey: true })).toBe(true);
    expect(typed(decimalKeys, 'a', { metaKey: true })).toBe(true);
  });

  it('the range variant also types "-" and a space (100 - 500)', () => {
    for (const k of ['1', '.', '-', ' ']) expect(typed(decimalRangeKeys, k), k).toBe(true);
    for (const k of ['a', 'e', ',', '+', '/']) expect(typed(decimalRangeKeys, k), k).toBe(false);
  });
});
