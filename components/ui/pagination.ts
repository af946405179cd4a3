/** Paging arithmetic for Pagination (pure; tested). Pages are 1-based. */
import { MAX_ROWS_PER_PAGE } from '@/lib/reference';

/** Number of pages; pageSize 0 means "All" (one page). Never less than 1. */
export function pageCount(totalCount: number, pageSize: number): number {
  if (pageSize <= 0 || totalCount <= 0) return 1;
  return Math.ceil(totalCount / pageSize);
}

/** Up to `size` consecutive page numbers around `current`, kept inside 1..total. */
export function pageWindow(current: number, total: number, size: number): number[] {
  const count = Math.max(1, Math.min(size, total));
  const page = Math.min(Math.max(1, current), Math.max(1, total));
  let start = Math.max(1, page - Math.floor((count - 1) / 2));
  const end = Math.min(Math.max(1, total), start + count - 1);
  start = Math.max(1, end - count + 1);
  const pages: number[] = [];
  for (let p = start; p <= end; p++) pages.push(p);
  return pages;
}

/** "Showing from to to of total" bounds for the current page (from = 0 when empty). */
export function pageRange(page: number, pageSize: number, totalCount: number): { from: number; to: number } {
  if (totalCount <= 0) return { from: 0, to: 0 };
  // "All" is one page of at most MAX_ROWS_PER_PAGE rows.
  if (pageSize <= 0) return { from: 1, to: Math.min(totalCount, MAX_ROWS_PER_PAGE) };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, totalCount), to: Math.min(page * pageSize, totalCount) };
}

/**
 * "Showing 1 to 10 of 57". A capped count is a lower bound (the list stopped counting past it): it is said as
 * "more than 30" rather than a number that looks exact.
 */
export function showingLine(from: number, to: number, totalCount: number, totalCapped: boolean): string {
  return `Showing ${from} to ${to} of ${totalCapped ? `more than ${totalCount - 1}` : totalCount}`;
}
