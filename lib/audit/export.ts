/**
 * Exports are audited: which list, which filters, how many rows. The CSV bytes pass through
 * unchanged while their records are counted (RFC 4180: a line break inside a quoted cell does not end a
 * record); when the download ends — completely, cancelled by the browser, or failed — one `export` row is
 * written with the count and whether it completed. The request's IP and browser are captured up front,
 * since the row is written after the response has started.
 */
import { getDb } from '@/db/client';
import { hasTenant as isClientActor } from '@/lib/core/tenancy';
import { log } from '@/lib/log';
import { recordAudit } from '@/lib/core/audit';
import { metaFromHeaders, requestMeta, userPrincipal, type Actor, type RequestMeta } from '@/lib/core/principal';

export interface ExportInfo {
  /** The file name (Jobs.csv, Invoices.csv, User.csv, Activity.csv). */
  file: string;
  /** The list exported, in words (Jobs, Invoices, Users, Activity). */
  list: string;
  /** The filters and sort that applied (no secrets: list queries only). */
  filters: Record<string, unknown>;
}

const LF = 10;
const QUOTE = 34;

/** Counts CSV records in a byte stream, chunk by chunk (quote-aware). */
export class CsvRecordCounter {
  private inQuotes = false;
  private lines = 0;
  private pendingTail = false;
  add(chunk: Uint8Array): void {
    let q = this.inQuotes;
    let n = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) q = !q;
      else if (b === LF && !q) n++;
    }
    this.inQuotes = q;
    this.lines += n;
    if (chunk.length) this.pendingTail = chunk[chunk.length - 1] !== LF;
  }
  /** Records after the header line. */
  get rows(): number {
    return Math.max(0, this.lines + (this.pendingTail ? 1 : 0) - 1);
  }
}

/** Drops empty filter values, so the audit row says only what narrowed the list. */
export function filtersOf(query: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

async function write(
  actor: Actor,
  info: ExportInfo,
  rows: number,
  complete: boolean,
  meta: RequestMeta,
): Promise<void> {
  if (!isClientActor(actor)) return;
  try {
    await recordAudit(await getDb(), userPrincipal(actor, meta), {
      action: 'export',
      clientId: actor.clientId,
      targetType: 'list',
      targetId: info.list,
      details: { file: info.file, list: info.list, filters: info.filters, rows, complete },
    });
  } catch (err) {
    log().error({ err, file: info.file }, 'could not audit an export');
  }
}

/** Passes a CSV byte stream through, counting its records, and audits the export when it ends. */
export async function auditedExport(
  actor: Actor,
  info: ExportInfo,
  body: ReadableStream<Uint8Array>,
  req?: Request,
): Promise<ReadableStream<Uint8Array>> {
  const meta = req ? metaFromHeaders(req.headers) : await requestMeta();
  const counter = new CsvRecordCounter();
  const reader = body.getReader();
  let done = false;
  const finish = async (complete: boolean) => {
    if (done) return;
    done = true;
    await write(actor, info, counter.rows, complete, meta);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          await finish(false);
          controller.error(err);
          return;
        }
        if (next.done) {
          await finish(true);
          controller.close();
          return;
        }
        counter.add(next.value);
        controller.enqueue(next.value);
      },
      async cancel(reason) {
        await finish(false);
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 1 },
  );
}
