/**
 * Job alerts (Settings → UserJobAlerts): when a job's status changes (or a job is received), the
 * active users of the job's client who chose that status are told, in the same transaction as the change (the
 * outbox: the e-mail exists if and only if the change committed). A user's alerts cover their own jobs, the ones
 * they ordered or are the contact of (same e-mail address), unless they chose the firm's (job_alert_scope 'firm').
 * Every alert e-mail carries a signed one-click unsubscribe link (lib/settings/unsubscribe.ts, RFC 8058).
 *
 * - 'instant' users get one e-mail per change, with the time in their own zone and a link to the job slip.
 * - 'digest' users get the change added to their daily digest, sent at the next 08:00 in their zone by
 *   `sendDueDigests`, a task of the one queue (lib/core/queue.ts: claim with a lease, attempts, backoff), so any
 *   number of stateless instances can run it and each digest is sent once.
 */
import { fromZonedTime, formatInTimeZone } from 'date-fns-tz';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clients, documents, jobAlertDigestItems, jobAlertDigests, jobs, userJobAlerts, users } from '@/db/schema';
import { claimDue, exponentialWaits, settle, type Claimed, type RetryPolicy, type WorkTable } from '@/lib/core/queue';
import { log } from '@/lib/log';
import { enqueueMail } from '@/lib/mail/outbox';
import { unsubscribeHeaders, unsubscribeUrl } from '@/lib/settings/unsubscribe';
import { CLIENT_ROLES, DELIVERED_STATUS } from '@/lib/reference';
import { ownJobOf } from './list-sql';

export const JOB_ALERT_KIND = 'job-alert';
export const JOB_ALERT_DIGEST_KIND = 'job-alert-digest';
/** The digest's local hour. */
export const DIGEST_HOUR = 8;
const DIGEST_TIME = `T${String(DIGEST_HOUR).padStart(2, '0')}:00:00`;

export interface StatusChangeEvent {
  jobId: number;
  clientId: number;
  jmsNumber: string;
  orderType: number;
  matterReference: string;
  description: string;
  status: number;
  /** The comment written with the change when the client may see it, else null. */
  comment: string | null;
  at: Date;
  /** The job was just ordered (saved), not moved to Submitted by the provider: the "order received" alert. */
  received?: boolean;
  /**
   * The user who made the change themselves (a clerk who cancels): not e-mailed about their own action. The
   * "order received" alert is the exception: it is the orderer's confirmation.
   */
  byUserId?: number | null;
}

export { jobSlipUrl } from '@/lib/mail/links';
export { jobAlertSubject, orderReceivedSubject } from '@/lib/mail/kinds/job-alert';

type DeliveredFileLine = { fileName: string; size: number };

/** The job's files of a kind (not removed), in the order they were attached. */
async function jobFiles(
  tx: Queryable,
  jobId: number,
  kind: 'source' | 'deliverable' = 'deliverable',
): Promise<DeliveredFileLine[]> {
  return tx
    .select({ fileName: documents.fileName, size: documents.size })
    .from(documents)
    .where(and(eq(documents.jobId, jobId), eq(documents.kind, kind), isNull(documents.deletedAt)))
    .orderBy(asc(documents.id));
}

/** The next DIGEST_HOUR:00 in `timeZone` strictly after `at`. */
export function nextDigestAt(at: Date, timeZone: string): Date {
  const today = formatInTimeZone(at, timeZone, 'yyyy-MM-dd');
  const candidate = fromZonedTime(`${today}${DIGEST_TIME}`, timeZone);
  if (candidate.getTime() > at.getTime()) return candidate;
  // Tomorrow in that zone: noon today plus a day stays on the right date across a DST change.
  const tomorrow = formatInTimeZone(
    new Date(fromZonedTime(`${today}T12:00:00`, timeZone).getTime() + 86_400_000),
    timeZone,
    'yyyy-MM-dd',
  );
  return fromZonedTime(`${tomorrow}${DIGEST_TIME}`, timeZone);
}

/**
 * The scope rule, once: the joined job is the user's own (they ordered it, or it names them as contact by their
 * e-mail address), or the user chose the firm's jobs.
 */
export function coversJob() {
  return or(eq(users.jobAlertScope, 'firm'), ownJob());
}

/** The joined job is the joined user's own (the rule of the list's "Only my jobs": `ownJobOf`), never null. */
function ownJob() {
  return sql`coalesce(${ownJobOf(sql`${users.id}`, sql`${users.email}`)}, false)`;
}

/** Queues the alerts of one status change, in the caller's transaction. Answers how many of each kind. */
export async function enqueueJobAlerts(
  tx: Queryable,
  e: StatusChangeEvent,
): Promise<{ instant: number; digest: number }> {
  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      mode: users.jobAlertMode,
      alertVersion: users.alertVersion,
      own: sql<boolean>`${ownJob()}`,
      contactName: jobs.contactName,
    })
    .from(userJobAlerts)
    .innerJoin(users, eq(users.id, userJobAlerts.userId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .innerJoin(jobs, eq(jobs.id, e.jobId))
    .where(
      and(
        eq(userJobAlerts.jobStatusId, e.status),
        eq(users.clientId, e.clientId),
        e.byUserId && !e.received ? ne(users.id, e.byUserId) : undefined,
        // The orderer who keeps order confirmations gets the confirmation instead (enqueueOrderConfirmation).
        e.byUserId && e.received ? or(ne(users.id, e.byUserId), eq(users.orderConfirmation, false)) : undefined,
        eq(jobs.clientId, e.clientId),
        eq(users.isActive, true),
        eq(clients.isActive, true),
        inArray(users.role, [...CLIENT_ROLES]),
        coversJob(),
      ),
    )
    .orderBy(asc(users.id));
  let instant = 0;
  let digest = 0;
  // A "Delivered" alert lists the files delivered with it (read once, only when someone gets it at once).
  const files =
    e.status === DELIVERED_STATUS && !e.received && recipients.some((r) => r.mode !== 'digest')
      ? await jobFiles(tx, e.jobId)
      : [];
  for (const r of recipients) {
    if (r.mode === 'digest') {
      await tx
        .insert(jobAlertDigestItems)
        .values({ userId: r.id, jobId: e.jobId, statusId: e.status, comment: e.comment, changedAt: e.at });
      // The earliest waiting alert decides when the digest goes: a later one joins it.
      const dueAt = nextDigestAt(e.at, r.timeZone);
      await tx
        .insert(jobAlertDigests)
        .values({ userId: r.id, dueAt })
        .onConflictDoUpdate({
          // A digest the queue gave up on starts again with this alert.
          target: jobAlertDigests.userId,
          set: { status: 'pending', attempts: 0, lockedUntil: null, dueAt },
          setWhere: eq(jobAlertDigests.status, 'failed'),
        });
      digest++;
    } else {
      const key = { kind: 'status', statusId: e.status } as const;
      await enqueueMail(tx, {
        to: r.email,
        kind: JOB_ALERT_KIND,
        props: {
          firstName: r.firstName,
          timeZone: r.timeZone,
          jobId: e.jobId,
          jmsNumber: e.jmsNumber,
          orderType: e.orderType,
          matterReference: e.matterReference,
          description: e.description,
          status: e.status,
          comment: e.comment,
          at: e.at,
          received: e.received,
          files,
          whose: r.own ? null : r.contactName,
          unsubscribeUrl: unsubscribeUrl(r, key),
        },
        headers: unsubscribeHeaders(r, key),
      });
      instant++;
    }
  }
  return { instant, digest };
}

export const ORDER_CONFIRMATION_KIND = 'order-confirmation';

/** A job just ordered, by `byUserId` (the signed-in user of the order form, or the legacy caller of api/Job/Add). */
export interface OrderPlacedEvent {
  jobId: number;
  clientId: number;
  byUserId: number;
  jmsNumber: string;
  orderType: number;
  matterReference: string;
  description: string;
  at: Date;
}

/**
 * Queues the order's confirmation to the user who placed it, in the caller's transaction, unless they turned it
 * off (or are no longer active): the job number, the matter, the files received and the job's slip. Answers
 * whether one was queued.
 */
export async function enqueueOrderConfirmation(tx: Queryable, e: OrderPlacedEvent): Promise<boolean> {
  const [r] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      alertVersion: users.alertVersion,
    })
    .from(users)
    .where(
      and(
        eq(users.id, e.byUserId),
        eq(users.clientId, e.clientId),
        eq(users.orderConfirmation, true),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!r) return false;
  const key = { kind: 'order' } as const;
  await enqueueMail(tx, {
    to: r.email,
    kind: ORDER_CONFIRMATION_KIND,
    props: {
      firstName: r.firstName,
      timeZone: r.timeZone,
      jobId: e.jobId,
      jmsNumber: e.jmsNumber,
      orderType: e.orderType,
      matterReference: e.matterReference,
      description: e.description,
      at: e.at,
      files: await jobFiles(tx, e.jobId, 'source'),
      unsubscribeUrl: unsubscribeUrl(r, key),
    },
    headers: unsubscribeHeaders(r, key),
  });
  return true;
}

/**
 * The digests' work table on the one queue (lib/core/queue.ts): a digest is keyed by its user and due at its due_at;
 * a claim holds a minute, so a digest whose sender died is taken again after it.
 */
export const DIGESTS: WorkTable = {
  table: 'job_alert_digests',
  idColumn: 'user_id',
  dueColumn: 'due_at',
  leaseMs: 60_000,
};

/** A digest that cannot be written is tried again after a minute, doubling, at most five times. */
const DIGEST_RETRY: RetryPolicy = { maxAttempts: 5, waitMs: exponentialWaits(60_000, 60 * 60_000) };

/**
 * Sends the digests that are due (at most `limit`): claimed through the one queue (FOR UPDATE SKIP LOCKED with a
 * lease: any number of instances, each digest sent once), then each in its own transaction: the claim is checked
 * still ours and locked, the waiting alerts read, one e-mail queued, exactly those alerts removed and the digest
 * row deleted. Alerts that arrive meanwhile wait on the lock and start the next digest. A failed attempt is tried
 * again with the queue's backoff; a claim never finished is taken again when its lease ends. Answers how many
 * digests were claimed.
 */
export async function sendDueDigests(opts: { limit?: number } = {}): Promise<number> {
  const db = await getDb();
  const claimed = await claimDue(db, DIGESTS, { batch: opts.limit ?? 50, orderBy: sql`d.due_at` });
  for (const c of claimed) {
    try {
      await sendDigest(c);
    } catch (e) {
      log().error({ err: e, userId: c.id }, 'job alert digest failed (will be retried)');
      const s = settle(c.attempts, false, DIGEST_RETRY, 'sent');
      await db
        .update(jobAlertDigests)
        .set({ status: s.status, lockedUntil: null, ...(s.nextAttemptAt ? { dueAt: s.nextAttemptAt } : {}) })
        .where(and(eq(jobAlertDigests.userId, c.id), eq(jobAlertDigests.attempts, c.attempts)));
    }
  }
  return claimed.length;
}

/** One claimed digest, in one transaction (see sendDueDigests). */
async function sendDigest(c: Claimed): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Still this claim's (its lease did not end and another sender take it), and locked until commit.
    const [mine] = await tx
      .select({ userId: jobAlertDigests.userId })
      .from(jobAlertDigests)
      .where(
        and(
          eq(jobAlertDigests.userId, c.id),
          eq(jobAlertDigests.status, 'sending'),
          eq(jobAlertDigests.attempts, c.attempts),
        ),
      )
      .for('update');
    if (!mine) return;
    const items = await tx
      .select({
        id: jobAlertDigestItems.id,
        jobId: jobAlertDigestItems.jobId,
        status: jobAlertDigestItems.statusId,
        comment: jobAlertDigestItems.comment,
        changedAt: jobAlertDigestItems.changedAt,
        jmsNumber: jobs.jmsNumber,
        matterReference: jobs.matterReference,
        // Whose job it is when it is not the reader's own (they follow the firm's jobs): its contact.
        whose: sql<string | null>`case when ${ownJob()} then null else nullif(trim(${jobs.contactName}), '') end`,
      })
      .from(jobAlertDigestItems)
      .innerJoin(jobs, eq(jobs.id, jobAlertDigestItems.jobId))
      .innerJoin(users, eq(users.id, jobAlertDigestItems.userId))
      .where(eq(jobAlertDigestItems.userId, c.id))
      .orderBy(asc(jobAlertDigestItems.id));
    const [user] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        timeZone: users.timeZone,
        alertVersion: users.alertVersion,
        active: sql<boolean>`${users.isActive} and coalesce(${clients.isActive}, false)`,
      })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, c.id))
      .limit(1);
    if (items.length && user?.active) {
      const recipient = { id: c.id, alertVersion: user.alertVersion };
      await enqueueMail(tx, {
        to: user.email,
        kind: JOB_ALERT_DIGEST_KIND,
        props: {
          firstName: user.firstName,
          timeZone: user.timeZone,
          items,
          unsubscribeUrl: unsubscribeUrl(recipient, DIGEST_KEY),
        },
        headers: unsubscribeHeaders(recipient, DIGEST_KEY),
      });
    }
    if (items.length)
      await tx.delete(jobAlertDigestItems).where(
        inArray(
          jobAlertDigestItems.id,
          items.map((it) => it.id),
        ),
      );
    await tx.delete(jobAlertDigests).where(eq(jobAlertDigests.userId, c.id));
  });
}

export { digestSubject } from '@/lib/mail/kinds/job-alert-digest';

const DIGEST_KEY = { kind: 'digest' } as const;

export const INVOICE_ALERT_KIND = 'invoice-alert';

export { invoiceAlertSubject } from '@/lib/mail/kinds/invoice-alert';

export interface InvoiceIssuedEvent {
  clientId: number;
  invoiceNumber: string;
  amount: string;
  currencyCode: string;
  issueDate: string;
  /** The invoice's jobs: a user is told when one of them is theirs (or they chose the firm's). */
  jobIds: number[];
  /** The invoice's page (relative). */
  href: string;
  /** Addresses already sent the invoice itself (the firm's billing contacts): not sent the alert too. */
  alreadyTold?: readonly string[];
}

/**
 * Queues the "invoice issued" alert to the firm's users who keep it on, in the caller's transaction, less those
 * already sent the invoice itself as billing contacts (nobody gets both). Answers how many.
 */
export async function enqueueInvoiceAlerts(tx: Queryable, e: InvoiceIssuedEvent): Promise<number> {
  if (!e.jobIds.length) return 0;
  const recipients = await tx
    .selectDistinct({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      alertVersion: users.alertVersion,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .innerJoin(jobs, and(inArray(jobs.id, e.jobIds), eq(jobs.clientId, e.clientId)))
    .where(
      and(
        eq(users.clientId, e.clientId),
        eq(users.invoiceAlert, true),
        eq(users.isActive, true),
        eq(clients.isActive, true),
        inArray(users.role, [...CLIENT_ROLES]),
        coversJob(),
      ),
    )
    .orderBy(asc(users.id));
  const key = { kind: 'invoice' } as const;
  const told = new Set((e.alreadyTold ?? []).map((a) => a.toLowerCase()));
  const alerted = recipients.filter((r) => !told.has(r.email.toLowerCase()));
  for (const r of alerted) {
    await enqueueMail(tx, {
      to: r.email,
      kind: INVOICE_ALERT_KIND,
      headers: unsubscribeHeaders(r, key),
      props: {
        firstName: r.firstName,
        invoiceNumber: e.invoiceNumber,
        currencyCode: e.currencyCode,
        amount: e.amount,
        issueDate: e.issueDate,
        href: e.href,
        unsubscribeUrl: unsubscribeUrl(r, key),
      },
    });
  }
  return alerted.length;
}
