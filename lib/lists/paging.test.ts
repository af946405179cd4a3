import { describe, expect, it } from 'vitest';
import { limitOffset, MAX_ROWS_PER_PAGE, pageFrom, pagePathSchema, pageSizeFrom, sortOrderFrom } from './paging';

describe('paging', () => {
  it.each([
    [{ page: 1, size: 10 }, { limit: 10, offset: 0 }],
    [{ page: 3, size: 15 }, { limit: 15, offset: 30 }],
    [{ page: 1000, size: 100 }, { limit: 100, offset: 99900 }],
    [{ page: 7, size: 0 }, { limit: MAX_ROWS_PER_PAGE, offset: 0 }],
  ])('%j reads %j', (p, lo) => expect(limitOffset(p)).toEqual(lo));

  it('parses the legacy {page}/{size} path segments and refuses the rest', () => {
    expect(pagePathSchema.parse({ page: '2', size: '0' })).toEqual({ page: 2, size: 0 });
    for (const bad of [{ page: '0', size: '10' }, { page: 'x', size: '10' }, { page: '1', size: '-1' }, { page: '1.5', size: '10' }, { page: '1', size: String(MAX_ROWS_PER_PAGE + 1) }]) {
      expect(pagePathSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('falls back to defaults for query-string values not offered', () => {
    expect(pageSizeFrom('15')).toBe(15);
    expect(pageSizeFrom('0')).toBe(0);
    expect(pageSizeFrom('13')).toBe(10);
    expect(pageSizeFrom(null)).toBe(10);
    expect(pageFrom('4')).toBe(4);
    expect(pageFrom('-4')).toBe(1);
    expect(sortOrderFrom('1', 2)).toBe(1);
    expect(sortOrderFrom('9', 2)).toBe(2);
  });
});
