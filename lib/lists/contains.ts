/**
 * 'Contains' text filters of the lists (jobs, invoices, users): case-insensitive ILIKE with the
 * LIKE wildcards of the user's text escaped, so '50%' and 'a_b' match literally. Served by the
 * pg_trgm GIN indexes of the filtered columns.
 */
import { ilike, type Column, type SQL } from 'drizzle-orm';

/** Escapes \, % and _ (PostgreSQL's default LIKE escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern matching values that contain `value`. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/** `column ILIKE '%value%'` with the value's wildcards escaped; undefined (no condition) for no value. */
export function ilikeContains(column: Column | SQL, value: string | undefined | null): SQL | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return ilike(column, containsPattern(value));
}
