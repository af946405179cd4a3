/**
 * CSV exports: RFC 4180 quoting, formula-injection escaping (a cell starting with =, +, -, @, tab or CR is
 * prefixed with '), streamed to the caller so memory stays constant. The writer is a few lines of our own:
 * csv-stringify piped through Node→web stream conversion cost ~90 µs per row, ten times the database's own
 * COPY, and missed the export goal (docs/architecture.md "Job list at scale"). On PostgreSQL the job export
 * has the database write its records instead (lib/lists/copy.ts), with the same rule. Every download answer
 * starts with the UTF-8 byte-order mark, so Excel reads it as UTF-8 (decision 017).
 */

/** A cell starting with one of these would run as a formula in a spreadsheet: it gets a leading '. */
export const FORMULA_FIRST_CHARS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = new RegExp(`^[${FORMULA_FIRST_CHARS.map((c) => (c === '-' ? '\\-' : c)).join('')}]`);

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
  const s = typeof value === 'string' ? (FORMULA_START.test(value) ? `'${value}` : value) : escapeCell(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record with its CRLF terminator: the first `count` cells (default: all). */
export function csvLine(cells: readonly unknown[], count: number = cells.length): string {
  let line = '';
  for (let i = 0; i < count; i++) line += (i ? ',' : '') + csvCell(cells[i]);
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

/**
 * As csvStream, for a source that reads in batches (keyset exports): one chunk per batch, no per-row
 * promise. Each row contributes its first `header.length` cells (a row may carry more, e.g. its cursor).
 */
export function csvBatchStream(
  header: string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): ReadableStream<Uint8Array> {
  const source = batches[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const count = header.length;
  let pending = csvLine(header);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk = pending;
        pending = '';
        // A pull must hand over a chunk (or close): empty batches are skipped.
        for (;;) {
          const next = await source.next();
          if (!next.done) for (const row of next.value) chunk += csvLine(row, count);
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          if (chunk) {
            controller.enqueue(encoder.encode(chunk));
            return;
          }
        }
      },
      async cancel() {
        await source.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

const CSV_HEADERS = (fileName: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});

/**
 * The UTF-8 byte-order mark every CSV download starts with (decision 017): without it Excel on Windows reads the
 * file as the ANSI code page and shows "MÃ¼ller â€“" for "Müller –".
 */
export const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** The same byte stream with the byte-order mark in front. */
export function withBom(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        controller.enqueue(UTF8_BOM);
      },
    }),
  );
}

/** A CSV download answer: the byte-order mark, then the bytes. Every CSV answer goes through here. */
function csvDownload(fileName: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(withBom(body), { headers: CSV_HEADERS(fileName) });
}

/** A download response of a CSV file streamed batch by batch (see csvBatchStream). */
export function csvBatchResponse(
  fileName: string,
  header: string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): Response {
  return csvDownload(fileName, csvBatchStream(header, batches));
}

/** A download response of CSV bytes already streamed (e.g. by copyCsvStream). */
export function csvStreamResponse(fileName: string, body: ReadableStream<Uint8Array>): Response {
  return csvDownload(fileName, body);
}

/** A download response of a streamed CSV file (Jobs.csv, Invoices.csv, User.csv). */
export function csvResponse(fileName: string, header: string[], rows: AsyncIterable<unknown[]>): Response {
  return csvDownload(fileName, csvStream(header, rows));
}

/**
 * Reads a large result in batches with a cursor function (keyset or offset), yielding row by
 * row, so an export never holds more than one batch in memory.
 */
export async function* inBatches<T, C>(
  fetchBatch: (cursor: C | undefined) => Promise<{ rows: T[]; next: C | undefined }>,
): AsyncGenerator<T> {
  let cursor: C | undefined;
  for (;;) {
    const { rows, next } = await fetchBatch(cursor);
    for (const r of rows) yield r;
    if (next === undefined || rows.length === 0) return;
    cursor = next;
  }
}
