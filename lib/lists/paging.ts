/**
 * Paging and sorting shared by the job, invoice and user lists (spec §9): page sizes 10, 15, 20,
 * 50, 100 and All (0); sort direction 1 ascending, 2 descending.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_ROWS_PER_PAGE, PAGE_SIZES, SORT_ASC, SORT_DESC } from '@/lib/reference';

export { MAX_ROWS_PER_PAGE };

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

/** Limits written into a prepared statement's text: the sizes the pages offer, and All. */
const WRITTEN_LIMITS: ReadonlySet<number> = new Set([...PAGE_SIZES.filter((s) => s > 0), MAX_ROWS_PER_PAGE]);

/** What a prepared list statement takes for LIMIT and OFFSET (`pageClause`). */
export interface PageClause {
  /** Part of the prepared statement's key: equal keys, equal LIMIT and OFFSET text. */
  key: string;
  /** For `.limit()`: the number written in, or the placeholder `limit`. */
  limit: Placeholder;
  /** For `.offset()`: the placeholder `offset`, or 0 on page 1 (no OFFSET at all). */
  offset: Placeholder | 0;
  /** LIMIT is written in and there is no OFFSET: the statement is planned once per connection. */
  plannedOnce: boolean;
}

/**
 * LIMIT and OFFSET of a prepared list statement. With either one a parameter, PostgreSQL cannot cost the
 * statement's generic plan (it assumes a tenth of the rows will be read), so it plans the statement again on
 * every execution, which costs more than running page 1 itself. So
 * the sizes the pages offer (and All) are written into the statement, and page 1 has no OFFSET: such a statement
 * is planned once per connection. Any other size (a legacy caller may ask for any) stays a parameter, so the
 * statements stay few; so does a deeper page's OFFSET (written in, it would make a statement per page).
 * `pageSize`: the size of the page when `limit` walks further than it (a walk that looks ahead: one walk per size,
 * so it is written in when the size is an offered one).
 * The placeholders' values are the page's `limit` and `offset` (`limitOffset`).
 */
export function pageClause(limit: number, offset: number, pageSize: number = limit): PageClause {
  const written = WRITTEN_LIMITS.has(pageSize);
  return {
    key: `${written ? limit : '$'}${offset === 0 ? '' : '+$'}`,
    // Drizzle writes an SQL chunk given as LIMIT as it is (its type only names numbers and placeholders).
    limit: written ? (sql.raw(String(Math.trunc(limit))) as unknown as Placeholder) : sql.placeholder('limit'),
    offset: offset === 0 ? 0 : sql.placeholder('offset'),
    plannedOnce: written && offset === 0,
  };
}

/**
 * A page size from a query string, falling back to the default for anything not offered. An empty value is no
 * value (Number('') is 0, which would be "All").
 */
export function pageSizeFrom(value: string | null | undefined, fallback: number = DEFAULT_PAGE_SIZE): number {
  if (value == null || value.trim() === '') return fallback;
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : fallback;
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
