import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './contains';

describe('contains filters', () => {
  it.each([
    ['abc', 'abc'],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['c:\\path', 'c:\\\\path'],
  ])('escapes %j as %j', (input, out) => expect(escapeLike(input)).toBe(out));

  it('wraps the escaped value in wildcards', () => {
    expect(containsPattern('10_%')).toBe('%10\\_\\%%');
  });
});
