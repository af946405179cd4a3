/**
 * A matter: everything of the actor's client filed under one matter reference, for the /Matter page.
 * A matter is a reference that at least one of the client's jobs or invoices carries, matched exactly (references
 * are free text: no trimming, no case folding). Another client's matter, and a reference the client never used,
 * answer NotFoundError (404), never an empty page: tenancy from the actor (lib/core/tenancy.ts), never the URL.
 *
 * - the jobs: the job list itself with the exact matter filter (lib/jobs/queries.ts listJobs; its filters, sorts,
 *   paging and export), read by the page;
 * - the invoices: the invoice list with the exact matter filter (all of them, up to MAX_ROWS_PER_PAGE), and the
 *   totals billed, paid and owed in whole cents per currency;
 * - the files of its jobs (source files and deliverables, not removed), newest first, at most FILES_LIMIT;
 * - the timeline: its jobs ordered, their status changes and deliveries, and its invoices issued, newest first, at
 *   most TIMELINE_LIMIT;
 * - its title: the parties its jobs name, else the newest job's description.
 * Every read walks the client's (client_id, matter_reference) indexes, then the job's own rows.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { documents, invoices, jobs, jobStatusChanges } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/core/errors';
import { INVOICE_OWED_SQL } from '@/lib/invoices/ledger';
import { DEFAULT_INVOICE_QUERY } from '@/lib/invoices/schema';
import { listInvoices, type InvoiceRow } from '@/lib/invoices/service';
import { MAX_ROWS_PER_PAGE } from '@/lib/lists/paging';
import { DELIVERED_STATUS } from '@/lib/reference';

export const FILES_LIMIT = 200;
export const TIMELINE_LIMIT = 200;
export { MATTER_MAX } from '@/lib/jobs/list-schema';
export const MATTER_NOT_FOUND = 'Matter not found.';

export interface MatterTotals {
  currencyCode: string;
  /** Whole cents. */
  billed: number;
  paid: number;
  owed: number;
}

export interface MatterFile {
  id: number;
  jobId: number;
  jmsNumber: string;
  fileName: string;
  size: number;
  kind: 'source' | 'deliverable';
  createdAt: Date;
}

/**
 * One event of the matter's timeline: a job ordered, a job's status changed, a job delivered (from its delivery
 * time, when no status change to Delivered was recorded), or an invoice issued (on its issue date).
 */
export type MatterEvent =
  | {
      kind: 'ordered' | 'status' | 'delivered';
      at: Date;
      jobId: number;
      jmsNumber: string;
      /** null: ordered or delivered. */
      fromStatus: number | null;
      toStatus: number;
      by: string;
    }
  | {
      kind: 'invoice';
      at: Date;
      /** The invoice's job, when it is one of the firm's jobs. */
      jobId: number | null;
      jmsNumber: string;
      invoiceNumber: string;
      /** Calendar date yyyy-MM-dd. */
      issueDate: string;
      amount: string;
      currencyCode: string;
    };

export interface Matter {
  reference: string;
  /**
   * What the matter is called, for its heading: the parties ("x vs y", the MatterName of a court copy or appeal book
   * order) of its newest job that names them, else that job's description; null when neither (invoices only).
   */
  title: string | null;
  invoices: InvoiceRow[];
  /** More invoices than the page lists (MAX_ROWS_PER_PAGE). */
  invoicesTotal: number;
  totals: MatterTotals[];
  files: MatterFile[];
  timeline: MatterEvent[];
}

/** Throws NotFoundError unless a job or an invoice of the actor's client carries exactly this reference. */
export async function requireMatter(actor: Actor, reference: string): Promise<number> {
  const clientId = tenantOf(actor);
  if (!reference) throw new NotFoundError(MATTER_NOT_FOUND);
  const db = await getDb();
  const job = db
    .select({ one: sql`1` })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.matterReference, reference)))
    .limit(1);
  const invoice = db
    .select({ one: sql`1` })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), eq(invoices.matterReference, reference)))
    .limit(1);
  if ((await job).length === 0 && (await invoice).length === 0) throw new NotFoundError(MATTER_NOT_FOUND);
  return clientId;
}

/** The matter's invoices, totals, files and timeline (its jobs are the job list's: listJobs with matterExact). */
export async function getMatter(actor: Actor, reference: string): Promise<Matter> {
  const clientId = await requireMatter(actor, reference);
  const db = await getDb();
  const ofMatter = and(eq(jobs.clientId, clientId), eq(jobs.matterReference, reference));
  const partiesOf = sql<string | null>`nullif(btrim(${jobs.instructionBlock} ->> 'MatterName'), '')`;
  const [invoiceList, totals, files, changes, orders, named, delivered, issued] = await Promise.all([
    listInvoices(actor, { ...DEFAULT_INVOICE_QUERY, matterExact: reference }, { page: 1, size: MAX_ROWS_PER_PAGE }),
    db
      .select({
        currencyCode: invoices.currencyCode,
        // A void invoice bills nothing and an adjustment note takes its amount off what was billed; what is
        // paid is what was billed less what is still owed (the ledger's owed, so Billed − Paid = Owed always).
        billed: sql<string>`(coalesce(sum(${invoices.amount} - ${invoices.amountCredited}) filter (where ${invoices.voidedAt} is null), 0) * 100)::bigint::text`,
        owed: sql<string>`(coalesce(sum(${INVOICE_OWED_SQL}), 0) * 100)::bigint::text`,
      })
      .from(invoices)
      .where(and(eq(invoices.clientId, clientId), eq(invoices.matterReference, reference)))
      .groupBy(invoices.currencyCode)
      .orderBy(invoices.currencyCode),
    db
      .select({
        id: documents.id,
        jobId: jobs.id,
        jmsNumber: jobs.jmsNumber,
        fileName: documents.fileName,
        size: documents.size,
        kind: documents.kind,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .innerJoin(jobs, eq(jobs.id, documents.jobId))
      .where(and(ofMatter, eq(documents.clientId, clientId), isNotNull(documents.jobId), isNull(documents.deletedAt)))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(FILES_LIMIT),
    db
      .select({
        at: jobStatusChanges.createdAt,
        jobId: jobs.id,
        jmsNumber: jobs.jmsNumber,
        fromStatus: jobStatusChanges.fromStatus,
        toStatus: jobStatusChanges.toStatus,
        by: jobStatusChanges.changedByName,
        id: jobStatusChanges.id,
      })
      .from(jobStatusChanges)
      .innerJoin(jobs, eq(jobs.id, jobStatusChanges.jobId))
      .where(and(ofMatter, eq(jobStatusChanges.clientId, clientId)))
      .orderBy(desc(jobStatusChanges.createdAt), desc(jobStatusChanges.id))
      .limit(TIMELINE_LIMIT),
    db
      .select({ at: jobs.createdAt, jobId: jobs.id, jmsNumber: jobs.jmsNumber, by: jobs.contactName })
      .from(jobs)
      .where(ofMatter)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(TIMELINE_LIMIT),
    db
      .select({ parties: partiesOf, description: jobs.description })
      .from(jobs)
      .where(ofMatter)
      .orderBy(sql`${partiesOf} is null`, desc(jobs.createdAt), desc(jobs.id))
      .limit(1),
    db
      .select({ at: jobs.deliveredAt, jobId: jobs.id, jmsNumber: jobs.jmsNumber })
      .from(jobs)
      .where(and(ofMatter, isNotNull(jobs.deliveredAt)))
      .orderBy(desc(jobs.deliveredAt), desc(jobs.id))
      .limit(TIMELINE_LIMIT),
    db
      .select({
        issueDate: invoices.issueDate,
        jobId: invoices.jobId,
        jmsNumber: invoices.jmsNumber,
        invoiceNumber: invoices.invoiceNumber,
        amount: invoices.amount,
        currencyCode: invoices.currencyCode,
      })
      .from(invoices)
      .where(and(eq(invoices.clientId, clientId), eq(invoices.matterReference, reference)))
      .orderBy(desc(invoices.issueDate), desc(invoices.id))
      .limit(TIMELINE_LIMIT),
  ]);
  // A delivery recorded as a status change is told once, by the change.
  const deliveredByChange = new Set(changes.filter((c) => c.toStatus === DELIVERED_STATUS).map((c) => c.jobId));
  const timeline: MatterEvent[] = [
    ...changes.map(({ id: _id, ...c }) => ({ kind: 'status' as const, ...c })),
    ...orders.map((o) => ({ kind: 'ordered' as const, ...o, fromStatus: null, toStatus: 12 })),
    ...delivered.flatMap((d) =>
      d.at && !deliveredByChange.has(d.jobId)
        ? [{ kind: 'delivered' as const, ...d, at: d.at, fromStatus: null, toStatus: DELIVERED_STATUS, by: '' }]
        : [],
    ),
    ...issued.map((i) => ({
      kind: 'invoice' as const,
      ...i,
      currencyCode: i.currencyCode.trim(),
      at: new Date(`${i.issueDate}T00:00:00Z`),
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime() || (b.jobId ?? 0) - (a.jobId ?? 0))
    .slice(0, TIMELINE_LIMIT);
  const title = named[0]?.parties ?? (named[0]?.description?.trim() || null);
  return {
    reference,
    title,
    invoices: invoiceList.rows,
    invoicesTotal: invoiceList.totalCount,
    totals: totals.map((t) => {
      const billed = Number(t.billed);
      const owed = Number(t.owed);
      return { currencyCode: t.currencyCode.trim(), billed, paid: billed - owed, owed };
    }),
    files,
    timeline,
  };
}
