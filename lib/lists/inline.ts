import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '@/db/client';

/**
 * A prepared statement's text with its values written in, for statements that must be planned with their
 * values every time (lib/jobs/queries.ts, a 'contains' filter). PostgreSQL plans a named prepared statement
 * with its values for the first five executions and may then switch to one generic plan for any values; for a
 * 'contains' filter that generic plan guessed the pattern's selectivity and walked the trigram index of every
 * client, a hundred times the work of the plan made with the values. A statement without parameters, sent unnamed, is planned with its values
 * on every execution, in one round trip.
 *
 * Values are written as literals: integers as digits, strings as E'…' with backslashes and quotes escaped (the
 * same meaning whatever standard_conforming_strings says; lib/lists/copy.ts writes COPY statements the same
 * way), booleans and null as keywords. Anything else is refused.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new TypeError(`not an integer: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return sqlLiteral(v.toISOString());
  if (typeof v === 'string') {
    if (v.includes('\0')) throw new TypeError('a string with a NUL character');
    return `E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  }
  throw new TypeError(`cannot write a ${typeof v} into a statement`);
}

/**
 * `text` (Drizzle's SQL, parameters as $1…$n) with `params` written in. The statement text must be our own
 * (it holds no $n inside a literal or a quoted name): the values are the only input from a user.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new RangeError(`no value for $${n}`);
    return sqlLiteral(params[i]);
  });
}

/**
 * Runs a statement (Drizzle's SQL text and its parameter values) unnamed with its values written in: planned
 * with them, in one round trip. The rows come as the database names their columns (not mapped by a select).
 */
export async function executeWithValues<T>(db: Queryable, text: string, params: readonly unknown[]): Promise<T[]> {
  return rowsOf<T>(await db.execute(sql.raw(inlineParams(text, params))));
}
