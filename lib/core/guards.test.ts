/** isRecord (lib/core/guards.ts): a plain object whose keys can be read, nothing else. */
import { describe, expect, it } from 'vitest';
import { isRecord } from './guards';

describe('isRecord', () => {
  it('is true for objects', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
  });

  it.each([null, undefined, [], [1], 'x', 0, true, () => undefined])('is false for %j', (v) => {
    expect(isRecord(v)).toBe(false);
  });
});
