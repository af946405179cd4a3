/**
 * Billing from the jobs: a client's price list and payment terms, and the invoice draft "Invoice these
 * jobs" opens with: the client and its jobs, a line per job from its order type and quantity (number of copies, else
 * 1) priced from the client's list, the due date from the client's payment terms, and the number it will get.
 * Staff edit the draft before issuing (lib/invoices/issue.ts).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { clientPrices, clients, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { apiKeyName, type Principal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { orderTypeName } from '@/lib/reference';
import type { InvoiceIssueInput } from './issue-schema';
import type { PriceList } from './prices-schema';
import { liveInvoicesOfJobs, type BilledJob } from './billed';
import { peekInvoiceNumber } from './numbers';

export interface ClientPriceList {
  clientId: number;
  clientName: string;
  accountNumber: string;
  paymentTermsDays: number;
  prices: { orderType: number; extStockId: string; description: string; unitPrice: string }[];
}

function authorise(by: Principal): void {
  if (by.kind === 'user') authorize(by.actor, 'invoices.manage', staffPolicy);
  else if (by.kind === 'anonymous') throw new ForbiddenError();
}

export async function getPriceList(actor: Actor, clientId: number): Promise<ClientPriceList | null> {
  authorize(actor, 'invoices.manage', staffPolicy);
  const db = await getDb();
  const [c] = await db
    .select({
      id: clients.id,
      name: clients.name,
      accountNumber: clients.accountNumber,
      terms: clients.paymentTermsDays,
      deletedAt: clients.deletedAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!c || c.deletedAt) return null;
  const prices = await db
    .select({
      orderType: clientPrices.orderType,
      extStockId: clientPrices.extStockId,
      description: clientPrices.description,
      unitPrice: clientPrices.unitPrice,
    })
    .from(clientPrices)
    .where(eq(clientPrices.clientId, clientId))
    .orderBy(asc(clientPrices.orderType));
  return { clientId: c.id, clientName: c.name, accountNumber: c.accountNumber, paymentTermsDays: c.terms, prices };
}

/** Replaces the client's price list and payment terms (staff form and PUT /api/v1/clients/{clientId}/prices). */
export async function savePriceList(
  by: Principal,
  form: PriceList,
): Promise<{ clientId: number; paymentTermsDays: number; prices: number }> {
  authorise(by);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: clients.id, deletedAt: clients.deletedAt })
      .from(clients)
      .where(eq(clients.id, form.ClientId))
      .for('update');
    if (!c || c.deletedAt) throw new NotFoundError('This client does not exist.');
    const t = now();
    await tx.update(clients).set({ paymentTermsDays: form.PaymentTermsDays, updatedAt: t }).where(eq(clients.id, c.id));
    await tx.delete(clientPrices).where(eq(clientPrices.clientId, c.id));
    if (form.Prices.length) {
      await tx.insert(clientPrices).values(
        form.Prices.map((p) => ({
          clientId: c.id,
          orderType: p.OrderType,
          extStockId: p.ExtStockId,
          description: p.Description,
          unitPrice: p.UnitPrice,
          updatedAt: t,
        })),
      );
    }
    await recordAudit(tx, by, {
      action: 'ops.prices.update',
      clientId: c.id,
      targetType: 'client',
      targetId: c.id,
      details: {
        ...(by.kind === 'api-key' ? { actor: apiKeyName(by.key) } : {}),
        paymentTermsDays: form.PaymentTermsDays,
        prices: form.Prices.map((p) => ({ orderType: p.OrderType, stockCode: p.ExtStockId, unitPrice: p.UnitPrice })),
      },
    });
    return { clientId: c.id, paymentTermsDays: form.PaymentTermsDays, prices: form.Prices.length };
  });
}

/** quantity × unit price to the cent, half up, in integer arithmetic (quantity ≤ 2 decimals, price ≤ 4). */
export function lineAmount(quantity: string, unitPrice: string): string {
  const scaled = (s: string, places: number) => {
    const [i = '0', f = ''] = s.split('.');
    return BigInt(i) * 10n ** BigInt(places) + BigInt((f + '0'.repeat(places)).slice(0, places) || '0');
  };
  const product = scaled(quantity, 2) * scaled(unitPrice, 4); // 6 decimals
  const cents = (product + 5_000n) / 10_000n;
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface InvoiceDraft {
  /** Null when every job named is already billed on a live invoice. */
  values: InvoiceIssueInput | null;
  /** The jobs named that a live invoice already bills: left out of the draft, each with its invoice. */
  billed: BilledJob[];
  /** The number the invoice will get if issued now (the next of the firm's series). */
  nextNumber: string | null;
  /** Jobs of the client that had no price for their order type: their line is left at 0.00 to fill in. */
  unpriced: string[];
  clientName: string;
  paymentTermsDays: number;
}

/**
 * The draft of an invoice for these jobs (JMS numbers or job ids; all of one client, the client's if given).
 * Null when no job of that client is named.
 */
export async function invoiceDraft(
  actor: Actor,
  want: { clientId: number | null; jmsNumbers: string[]; jobIds: number[] },
): Promise<InvoiceDraft | null> {
  authorize(actor, 'invoices.manage', staffPolicy);
  if (!want.jmsNumbers.length && !want.jobIds.length) return null;
  const db = await getDb();
  const found = await db
    .select({
      id: jobs.id,
      jmsNumber: jobs.jmsNumber,
      clientId: jobs.clientId,
      orderType: jobs.orderType,
      numberOfCopies: jobs.numberOfCopies,
      matterReference: jobs.matterReference,
      description: jobs.description,
    })
    .from(jobs)
    .where(
      and(
        want.jobIds.length
          ? inArray(jobs.id, want.jobIds.slice(0, 100))
          : inArray(jobs.jmsNumber, want.jmsNumbers.slice(0, 100)),
        want.clientId ? eq(jobs.clientId, want.clientId) : undefined,
      ),
    )
    .orderBy(asc(jobs.id));
  const clientId = want.clientId ?? found[0]?.clientId;
  const named = found.filter((j) => j.clientId === clientId);
  if (!clientId || !named.length) return null;
  const list = await getPriceList(actor, clientId);
  if (!list) return null;
  // A job is billed at most once: the ones a live invoice already bills are left out, and named.
  const billed = await liveInvoicesOfJobs(
    db,
    named.map((j) => j.id),
  );
  const own = named.filter((j) => !billed.some((b) => b.jobId === j.id));
  const base = {
    billed,
    unpriced: [] as string[],
    clientName: list.clientName,
    paymentTermsDays: list.paymentTermsDays,
    nextNumber: await peekInvoiceNumber(clientId),
  };
  if (!own.length) return { ...base, values: null };
  const today = formatInTimeZone(now(), actor.timeZone, 'yyyy-MM-dd');
  const unpriced: string[] = [];
  const lines = own.map((j) => {
    const price = list.prices.find((p) => p.orderType === j.orderType);
    const quantity = String(j.numberOfCopies && j.numberOfCopies > 0 ? j.numberOfCopies : 1);
    if (!price) unpriced.push(j.jmsNumber);
    const what = price?.description || orderTypeName(j.orderType);
    return {
      ExtStockId:
        price?.extStockId ??
        orderTypeName(j.orderType)
          .toUpperCase()
          .replace(/[^A-Z0-9]+/g, '-')
          .slice(0, 20),
      Description: `${what}: job ${j.jmsNumber}${j.matterReference ? `, ${j.matterReference}` : ''}`.slice(0, 200),
      Quantity: quantity,
      Amount: price ? lineAmount(quantity, price.unitPrice) : '0.00',
    };
  });
  return {
    ...base,
    values: {
      ClientId: clientId,
      // Left empty: the number is the next of the firm's series, given when the invoice is issued (./numbers.ts).
      InvoiceNumber: '',
      JobNumbers: own.map((j) => j.jmsNumber).join(', '),
      IssueDate: today,
      DueDate: addDays(today, list.paymentTermsDays),
      CurrencyCode: 'AUD',
      Lines: lines,
    },
    unpriced,
  };
}
