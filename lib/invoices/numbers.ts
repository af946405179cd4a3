/**
 * Invoice numbers per firm: each firm has its own series, in the format INVOICE_NUMBER_FORMAT (default
 * `INV-{account}-{n}`: the firm's account number and the next number of its series). The last number of each series
 * is a row of `invoice_number_series`, taken and advanced in the transaction that issues the invoice: the row lock
 * orders parallel issues, and an issue that fails rolls its number back, so the series has no gaps and no repeats.
 * A firm's row is made on its first numbered invoice, starting after the highest number of the series its invoices
 * already carry. A number already used (typed by hand, or through the API) is passed over.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, rowsOf, type Queryable } from '@/db/client';
import { clients, invoiceNumberSeries, invoices } from '@/db/schema';
import { config } from '@/lib/config';
import { now } from '@/lib/clock';

/** The parts of a firm's numbers: what comes before and after `{n}`, and its zero padding. */
export interface NumberPattern {
  prefix: string;
  suffix: string;
  width: number;
}

/** The firm's pattern: `{account}` filled in with its account number (letters, digits, - and / kept). */
export function numberPattern(format: string, accountNumber: string): NumberPattern {
  const account = accountNumber.replace(/[^A-Za-z0-9/-]/g, '');
  const filled = format.replace('{account}', account);
  const m = /\{n(?::(\d))?\}/.exec(filled);
  if (!m) throw new Error('INVOICE_NUMBER_FORMAT has no {n}');
  return { prefix: filled.slice(0, m.index), suffix: filled.slice(m.index + m[0].length), width: Number(m[1] ?? 0) };
}

export function formatInvoiceNumber(p: NumberPattern, n: number): string {
  return `${p.prefix}${String(n).padStart(p.width, '0')}${p.suffix}`;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The highest number of the series among the firm's invoices (0 for none). */
async function highestInSeries(q: Queryable, clientId: number, p: NumberPattern): Promise<number> {
  const re = `^${escapeRegex(p.prefix)}([0-9]{1,15})${escapeRegex(p.suffix)}$`;
  const [row] = rowsOf<{ n: string | null }>(
    await q.execute(
      sql`select max(substring(${invoices.invoiceNumber} from ${re})::bigint)::text as n from ${invoices}
          where ${invoices.clientId} = ${clientId} and ${invoices.invoiceNumber} ~ ${re}`,
    ),
  );
  return row?.n ? Number(row.n) : 0;
}

async function patternOf(q: Queryable, clientId: number): Promise<NumberPattern | null> {
  const [c] = await q
    .select({ accountNumber: clients.accountNumber })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return c ? numberPattern(config().INVOICE_NUMBER_FORMAT, c.accountNumber) : null;
}

async function taken(q: Queryable, number: string): Promise<boolean> {
  const [row] = await q.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, number)).limit(1);
  return Boolean(row);
}

/**
 * Takes the next number of the firm's series, inside the issuing transaction `tx` (its row stays locked until the
 * transaction ends). Null when the firm does not exist.
 */
export async function takeInvoiceNumber(tx: Queryable, clientId: number): Promise<string | null> {
  const p = await patternOf(tx, clientId);
  if (!p) return null;
  const [have] = await tx
    .select({ n: invoiceNumberSeries.lastNumber })
    .from(invoiceNumberSeries)
    .where(eq(invoiceNumberSeries.clientId, clientId))
    .limit(1);
  if (!have) {
    // The first numbered invoice of the firm: a parallel issue that inserts first makes this one wait, then do nothing.
    await tx
      .insert(invoiceNumberSeries)
      .values({ clientId, lastNumber: await highestInSeries(tx, clientId, p) })
      .onConflictDoNothing();
  }
  for (;;) {
    const [row] = await tx
      .update(invoiceNumberSeries)
      .set({ lastNumber: sql`${invoiceNumberSeries.lastNumber} + 1`, updatedAt: now() })
      .where(eq(invoiceNumberSeries.clientId, clientId))
      .returning({ n: invoiceNumberSeries.lastNumber });
    if (!row) throw new Error('invoice number series not written');
    const candidate = formatInvoiceNumber(p, Number(row.n));
    if (!(await taken(tx, candidate))) return candidate;
  }
}

/** The number the firm's next invoice will get, to show on the form (it is given only when the invoice is issued). */
export async function peekInvoiceNumber(clientId: number): Promise<string | null> {
  const db = await getDb();
  const p = await patternOf(db, clientId);
  if (!p) return null;
  const [have] = await db
    .select({ n: invoiceNumberSeries.lastNumber })
    .from(invoiceNumberSeries)
    .where(eq(invoiceNumberSeries.clientId, clientId))
    .limit(1);
  let n = have ? Number(have.n) : await highestInSeries(db, clientId, p);
  for (let i = 0; i < 50; i++) {
    n += 1;
    const candidate = formatInvoiceNumber(p, n);
    if (!(await taken(db, candidate))) return candidate;
  }
  return formatInvoiceNumber(p, n + 1);
}
