/**
 * Paging and sorting shared by the job, invoice and user lists (spec §9): page sizes 10, 15, 20,
 * 50, 100 and All (0); sort direction 1 ascending, 2 descending.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SORT_ASC, SORT_DESC } from '@/lib/reference';

/** The most rows one page may hold, also when "All" (0) is asked for. */
export const MAX_ROWS_PER_PAGE = 5000;

const intFrom = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int().min(min).max(max));

/** The {page}/{size} path segments of the legacy list endpoints. */
export const pagePathSchema = z.object({
  page: intFrom(1, 1_000_000),
  size: intFrom(0, MAX_ROWS_PER_PAGE).refine((n) => n === 0 || n <= MAX_ROWS_PER_PAGE, 'page size too large'),
});

export const sortOrderSchema = z.union([z.literal(SORT_ASC), z.literal(SORT_DESC)]);

export interface Page {
  page: number;
  /** 0 means All. */
  size: number;
}

/** Limit and offset of a page; "All" (0) reads up to MAX_ROWS_PER_PAGE rows from the start. */
export function limitOffset(p: Page): { limit: number; offset: number } {
  if (p.size === 0) return { limit: MAX_ROWS_PER_PAGE, offset: 0 };
  return { limit: p.size, offset: (p.page - 1) * p.size };
}

/** A page size from a query string, falling back to the default for anything not offered. */
export function pageSizeFrom(value: string | null | undefined, fallback: number = DEFAULT_PAGE_SIZE): number {
  const n = Number(value);
  return value != null && (PAGE_SIZES as readonly number[]).includes(n) ? n : fallback;
}

export function pageFrom(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

export function sortOrderFrom(value: string | null | undefined, fallback: 1 | 2): 1 | 2 {
  return value === '1' ? 1 : value === '2' ? 2 : fallback;
}

export function intFromParam(value: string | null | undefined, allowed: readonly number[], fallback: number): number {
  const n = Number(value);
  return value != null && allowed.includes(n) ? n : fallback;
}

export interface ListResult<T> {
  rows: T[];
  totalCount: number;
  /** The page size that was applied (0 for All). */
  pageSize: number;
}
