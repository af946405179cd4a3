import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow, showingLine } from './pagination';

describe('paging arithmetic', () => {
  it('counts pages, with All (0) as one page', () => {
    expect(pageCount(57, 10)).toBe(6);
    expect(pageCount(60, 10)).toBe(6);
    expect(pageCount(57, 0)).toBe(1);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('shows 5 links around the current page, kept inside the range', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });

  it('shows 2 links on mobile', () => {
    expect(pageWindow(1, 20, 2)).toEqual([1, 2]);
    expect(pageWindow(10, 20, 2)).toEqual([10, 11]);
    expect(pageWindow(20, 20, 2)).toEqual([19, 20]);
  });

  it('reports the rows on the page', () => {
    expect(pageRange(2, 10, 57)).toEqual({ from: 11, to: 20 });
    expect(pageRange(6, 10, 57)).toEqual({ from: 51, to: 57 });
    expect(pageRange(1, 0, 57)).toEqual({ from: 1, to: 57 });
    expect(pageRange(1, 0, 250156)).toEqual({ from: 1, to: 5000 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('the result line', () => {
  it('says an exact count as it is, and a capped one as a lower bound in words', () => {
    expect(showingLine(1, 10, 57, false)).toBe('Showing 1 to 10 of 57');
    expect(showingLine(1, 10, 31, true)).toBe('Showing 1 to 10 of more than 30');
  });
});
