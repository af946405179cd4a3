/**
 * CSV exports: RFC 4180 quoting, formula-injection escaping (a cell starting with =, +, -, @, tab or CR is
 * prefixed with '), streamed to the caller so memory stays constant. The writer is a few lines of our own:
 * csv-stringify piped through Node→web stream conversion cost ~90 µs per row, ten times the database's own
 * COPY, and missed the export goal (docs/architecture.md "Job list at scale").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

const NEEDS_QUOTES = /[",\r\n]/;
/** Characters gathered before a chunk is handed to the response (one chunk in flight: constant memory). */
const CHUNK_CHARS = 64 * 1024;

/** One cell: formula-escaped, then quoted per RFC 4180 when it holds a quote, comma, CR or LF. */
export function csvCell(value: unknown): string {
  const s = escapeCell(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record with its CRLF terminator. */
export function csvLine(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',' : '') + csvCell(cells[i]);
  return `${line}\r\n`;
}

/**
 * Turns a header and an async stream of rows into a CSV byte stream. Rows are pulled only when the reader
 * asks for more (backpressure) and written in chunks of about 64 KB, so memory stays flat however long the
 * export; a failing source errors the stream, and a cancelled download stops the source.
 */
export function csvStream(header: string[], rows: AsyncIterable<unknown[]>): ReadableStream<Uint8Array> {
  const source = rows[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let pending = csvLine(header);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk = pending;
        pending = '';
        while (chunk.length < CHUNK_CHARS) {
          const next = await source.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += csvLine(next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await source.return?.();
      },
    },
    { highWaterMark: 1 },
  );
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
