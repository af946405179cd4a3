/**
 * A list's rows as they travel from a server page to its client table: the field names once, then one
 * array of values per row, instead of every row repeating every name in the page's payload. The payload then grows with
 * the values, not with the names. Browser-safe: the list islands unpack on their side.
 */

/** Rows packed: `k` the field names (of every row, in first-seen order), `v` each row's values in that order. */
export interface PackedRows<T extends object> {
  k: (keyof T & string)[];
  v: unknown[][];
}

/** Packs presented rows (plain objects of one presenter). */
export function packRows<T extends object>(rows: readonly T[]): PackedRows<T> {
  const keys: (keyof T & string)[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key as keyof T & string);
      }
    }
  }
  return { k: keys, v: rows.map((row) => keys.map((key) => row[key])) };
}

/** The rows again, each with the fields it had (a field a row did not have stays absent). */
export function unpackRows<T extends object>(packed: PackedRows<T>): T[] {
  return packed.v.map((values) => {
    const row: Record<string, unknown> = {};
    packed.k.forEach((key, i) => {
      if (values[i] !== undefined) row[key] = values[i];
    });
    return row as T;
  });
}
