/**
 * CSV exports: RFC 4180 quoting (csv-stringify), formula-injection escaping (a cell starting with
 * =, +, -, @, tab or CR is prefixed with '), streamed to the caller so memory stays constant.
 */
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/** Turns a header and an async stream of rows into a CSV byte stream. */
export function csvStream(header: string[], rows: AsyncIterable<unknown[]>): ReadableStream<Uint8Array> {
  const stringifier = stringify({ record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
  const source = Readable.from(
    (async function* () {
      yield header.map(escapeCell);
      for await (const row of rows) yield row.map(escapeCell);
    })(),
  );
  source.on('error', (e) => stringifier.destroy(e));
  source.pipe(stringifier);
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}

/** A download response of a streamed CSV file (Jobs.csv, Invoices.csv, User.csv). */
export function csvResponse(fileName: string, header: string[], rows: AsyncIterable<unknown[]>): Response {
  return new Response(csvStream(header, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * Reads a large result in batches with a cursor function (keyset or offset), yielding row by
 * row, so an export never holds more than one batch in memory.
 */
export async function* inBatches<T, C>(fetchBatch: (cursor: C | undefined) => Promise<{ rows: T[]; next: C | undefined }>): AsyncGenerator<T> {
  let cursor: C | undefined;
  for (;;) {
    const { rows, next } = await fetchBatch(cursor);
    for (const r of rows) yield r;
    if (next === undefined || rows.length === 0) return;
    cursor = next;
  }
}
