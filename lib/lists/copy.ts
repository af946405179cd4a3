/**
 * CSV exports on PostgreSQL through COPY (…) TO STDOUT WITH (FORMAT csv): the database writes the records
 * (RFC 4180 quoting, in C), and this module only streams them to the caller, with backpressure, turning
 * COPY's LF record terminators into CRLF. The cells must already be formula-escaped by the statement
 * (csvFormulaSafeSql) and hold NULL rather than '' (COPY quotes an empty string, to tell it from NULL).
 * See docs/architecture.md "Job list at scale".
 *
 * COPY takes no bind parameters, so the statement's values are written into it by Drizzle's inlining, with
 * strings as E'…' literals (backslashes and quotes escaped), which mean the same whatever the server's
 * standard_conforming_strings.
 */
import type { Readable } from 'node:stream';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type postgres from 'postgres';
import { FORMULA_FIRST_CHARS } from './csv';
import { sqlLiteral } from './inline';

class InlineDialect extends PgDialect {
  override escapeString(s: string): string {
    return sqlLiteral(s);
  }
}

const dialect = new InlineDialect();

/** COPY (select) TO STDOUT WITH (FORMAT csv), every value written in. */
export function copyCsvStatement(select: SQLWrapper): string {
  const q = dialect.sqlToQuery(sql`copy ${select} to stdout with (format csv)`.inlineParams());
  if (q.params.length) throw new Error('a COPY statement cannot carry parameters');
  return q.sql;
}

const FORMULA_CODES = FORMULA_FIRST_CHARS.map((c) => c.codePointAt(0)).join(', ');

/** A text cell for COPY: csvCell's formula rule (a leading =, +, -, @, tab or CR gets a '), and '' as NULL. */
export function csvFormulaSafeSql(value: SQL): SQL<string | null> {
  return sql<
    string | null
  >`nullif(case when ascii(${value}) in (${sql.raw(FORMULA_CODES)}) then '''' || ${value} else ${value} end, '')`;
}

/** Bytes gathered before a chunk is handed to the reader. */
const CHUNK_BYTES = 64 * 1024;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Rewrites a chunk of COPY's CSV so records end in CRLF. A LF inside a quoted cell is data and stays as it
 * is; quotes toggle the state (an escaped "" toggles twice), and UTF-8 continuation bytes are never ASCII,
 * so the scan is exact across chunk boundaries given the state carried over.
 */
export function crlfRecords(chunk: Uint8Array, inQuotes: boolean): { out: Uint8Array; inQuotes: boolean } {
  let breaks = 0;
  let q = inQuotes;
  for (let i = 0; i < chunk.length; i++) {
    const b = chunk[i];
    if (b === QUOTE) q = !q;
    else if (b === LF && !q) breaks++;
  }
  if (breaks === 0) return { out: chunk, inQuotes: q };
  const out = new Uint8Array(chunk.length + breaks);
  q = inQuotes;
  let o = 0;
  for (let i = 0; i < chunk.length; i++) {
    const b = chunk[i] as number;
    if (b === QUOTE) q = !q;
    else if (b === LF && !q) out[o++] = CR;
    out[o++] = b;
  }
  return { out, inQuotes: q };
}

/**
 * Runs a COPY … TO STDOUT statement and answers its output as a byte stream, after `header`. Resolves once
 * the server has started the copy (a statement the server refuses rejects here, before any byte is sent).
 * The copy is read only as fast as the caller reads (one chunk at a time); a cancelled download cancels the
 * statement on the server and drains what is in flight, so the connection goes back to the pool.
 */
export async function copyCsvStream(
  client: postgres.Sql,
  statement: string,
  header: Uint8Array,
): Promise<ReadableStream<Uint8Array>> {
  const query = client.unsafe(statement);
  const source = (await query.readable()) as unknown as Readable;
  // The driver pushes one record per message: they are gathered into chunks of about CHUNK_BYTES, and the
  // copy is paused while a full chunk waits for the reader.
  const chunks: Buffer[] = [];
  let queued = 0;
  let ended = false;
  let failed: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  // postgres 3.4 can leave the connection's socket paused when the copy's last data filled the stream's
  // buffer (porsager/postgres#499, fix pending in #1016): the server's closing messages are then never read
  // and the connection never returns to the pool. Asking the stream for more (its _read resumes the socket)
  // once it has ended or failed keeps the connection flowing; harmless when it was not paused.
  const unstick = () => (source as unknown as { _read?: (size: number) => void })._read?.(0);
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    queued += chunk.length;
    if (queued >= CHUNK_BYTES) {
      source.pause();
      notify();
    }
  };
  source.on('data', onData);
  source.on('end', () => {
    ended = true;
    unstick();
    notify();
  });
  source.on('error', (e: unknown) => {
    failed = e;
    unstick();
    notify();
  });
  let inQuotes = false;
  let pendingHeader: Uint8Array | null = header;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pendingHeader) {
          controller.enqueue(pendingHeader);
          pendingHeader = null;
          return;
        }
        while (queued < CHUNK_BYTES && !ended && !failed) await new Promise<void>((resolve) => (wake = resolve));
        if (failed) throw failed;
        if (queued > 0) {
          const r = crlfRecords(Buffer.concat(chunks, queued), inQuotes);
          chunks.length = 0;
          queued = 0;
          inQuotes = r.inQuotes;
          controller.enqueue(r.out);
          if (!ended) source.resume();
          return;
        }
        controller.close();
      },
      cancel() {
        chunks.length = 0;
        queued = 0;
        source.off('data', onData);
        if (ended || failed) return;
        void query.cancel();
        // Flowing with no reader: what the server sends until it stops is dropped, and the connection is freed.
        source.on('data', () => undefined);
        source.resume();
      },
    },
    { highWaterMark: 1 },
  );
}
