/**
 * Rows of a hot prepared statement mapped by a mapper compiled once per statement, instead of Drizzle's general
 * one. Drizzle's `mapResultRow` finds every value's decoder again for every row (a prototype-chain walk per
 * `is()` check: the first check fails for every SQL expression), walks its path with an iterator and reduces
 * into the row: on Node 20 that was ~8% of the Node time of a list request (ten rows of ~15 values, and the
 * session row on every request). The compiled mapper resolves each column's decoder the way `mapResultRow` does,
 * once, and builds each row with the same keys and the same decoded values (tested against Drizzle's mapping on
 * both engines: db/rows.db.test.ts).
 *
 * Only flat selects (every selected field a top-level key) are compiled; anything else (nested objects, whose
 * nulls Drizzle folds for outer joins) keeps Drizzle's mapper.
 */
import { Column, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface OrderedField {
  path: string[];
  field: unknown;
}

/** The fields a prepared statement selects and the hook Drizzle calls with its raw rows (arrays), when set. */
interface PreparedInternals {
  fields?: OrderedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** Drizzle's SQL carries its decoder (`mapWith`) in a field its types keep internal. */
type Decoded = { decoder: Decoder };

/** The decoder of one selected field, found as Drizzle's `mapResultRow` finds it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** A row mapper for `fields`, or undefined when a field is nested (Drizzle's mapper then stays). */
export function compileRowMapper(
  fields: readonly OrderedField[],
): ((rows: unknown[][]) => Record<string, unknown>[]) | undefined {
  if (fields.some((f) => f.path.length !== 1)) return undefined;
  const keys = fields.map((f) => f.path[0] as string);
  const decoders = fields.map((f) => decoderOf(f.field));
  const n = keys.length;
  return (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const raw = rows[r] as unknown[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const v = raw[i];
        row[keys[i] as string] = v === null ? null : (decoders[i] as Decoder).mapFromDriverValue(v);
      }
      out[r] = row;
    }
    return out;
  };
}

/** `prepared` (a Drizzle prepared select), its rows mapped by a compiled mapper when its select is flat. */
export function withCompiledRows<T extends object>(prepared: T): T {
  const inner = prepared as unknown as PreparedInternals;
  if (inner.fields && !inner.customResultMapper) {
    const mapper = compileRowMapper(inner.fields);
    if (mapper) inner.customResultMapper = mapper;
  }
  return prepared;
}
