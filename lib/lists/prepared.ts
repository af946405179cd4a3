/**
 * Prepared list statements per database, by the shape of the statement. Building a statement (Drizzle walking
 * the query into SQL text) costs more Node time than the database spends on a cheap page, so each shape is
 * built once and then only bound with its values; the driver keeps it as a named server-side prepared
 * statement, so PostgreSQL does not plan it again either. Bounded, least recently used out; per instance and
 * per database, and nothing depends on it: it holds SQL text, never data.
 */
import type { Db } from '@/db/client';

const MAX_PER_LIST = 200;
const byList = new Map<string, WeakMap<Db, Map<string, unknown>>>();

/** The statement(s) of `list` for `key` on `db`, built by `build` the first time the shape is asked for. */
export function preparedFor<T>(list: string, db: Db, key: string, build: () => T): T {
  let dbs = byList.get(list);
  if (!dbs) byList.set(list, (dbs = new WeakMap()));
  let shapes = dbs.get(db);
  if (!shapes) dbs.set(db, (shapes = new Map()));
  let found = shapes.get(key) as T | undefined;
  if (found !== undefined) {
    shapes.delete(key);
  } else {
    found = build();
    if (shapes.size >= MAX_PER_LIST) {
      const oldest = shapes.keys().next();
      if (!oldest.done) shapes.delete(oldest.value);
    }
  }
  shapes.set(key, found);
  return found;
}
