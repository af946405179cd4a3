import { describe, expect, it } from 'vitest';
import { inlineParams, sqlLiteral } from './inline';

describe('values written into a statement', () => {
  it('writes integers, booleans, null and strings as literals', () => {
    expect(inlineParams('select $1, $2, $3, $4', [42, true, null, 'abc'])).toBe("select 42, true, null, E'abc'");
  });

  it('keeps quotes and backslashes inside the literal', () => {
    expect(sqlLiteral("O'Brien")).toBe("E'O''Brien'");
    expect(sqlLiteral('%a\\_b%')).toBe("E'%a\\\\_b%'");
    expect(sqlLiteral("x'); drop table jobs; --")).toBe("E'x''); drop table jobs; --'");
    expect(sqlLiteral("\\'; select 1; --")).toBe("E'\\\\''; select 1; --'");
  });

  it('refuses what it cannot write safely', () => {
    expect(() => sqlLiteral(1.5)).toThrow(TypeError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral('a\0b')).toThrow(TypeError);
    expect(() => sqlLiteral({})).toThrow(TypeError);
    expect(() => inlineParams('select $2', [1])).toThrow(RangeError);
  });

  it('replaces $10 as a whole, not $1 followed by 0', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParams('select $1, $10', params)).toBe('select 1, 10');
  });
});
