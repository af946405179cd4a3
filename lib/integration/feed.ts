/**
 * The change feed of the integration (docs/decisions/014-integration-change-feed.md).
 *
 * Triggers write one integration_events row per change in the writing transaction (jobs created or edited,
 * status changes with their comment, feedback, invoices issued, paid and voided, payments received, adjustment notes issued), so no write path is missed and an
 * event exists if and only if its change committed. Each transaction that wrote events gets a number AT COMMIT
 * (a deferred constraint trigger takes an advisory lock and the next value of integration_commit_seq), so
 * numbers become visible strictly in commit order: whoever sees number N also sees every number below it.
 * The feed reads events in (commit number, event id) order after a cursor made of both; a consumer that stores
 * the cursor sees each change exactly once, even when transactions commit in another order than they started.
 */
import { sql } from 'drizzle-orm';
import { getDb, rowsOf, type Queryable } from '@/db/client';
import { ValidationError } from '@/lib/core/errors';

export type JobChangeKind = 'job.created' | 'job.status_changed' | 'job.assigned' | 'job.changed' | 'job.feedback';
export type IntegrationEventKind =
  JobChangeKind | 'invoice.issued' | 'invoice.paid' | 'payment.received' | 'invoice.voided' | 'credit_note.issued';

export interface JobChange {
  /** Opaque; the consumer stores the cursor of the last change it processed. */
  cursor: string;
  kind: JobChangeKind;
  jobId: number;
  jmsNumber: string;
  clientId: number;
  /** The job's status in this change. */
  status: number;
  occurredAt: Date;
  /** e.g. {fromStatus, toStatus, changedBy, comment?, visibleToClient?} / {assignedToId, assignedTo, previousAssigneeId, previousAssignee, changedBy} / {feedback, comments} / {fields}. */
  data: Record<string, unknown>;
}

/** A position in the log: the commit number and the event id within it. */
export interface FeedPosition {
  seq: number;
  eventId: number;
}

export const FEED_START: FeedPosition = { seq: 0, eventId: 0 };
export const FEED_MSG = { cursorInvalid: 'The cursor is not one this feed gave out.' } as const;
export const MAX_FEED_LIMIT = 1000;

export function encodeCursor(p: FeedPosition): string {
  return `${p.seq}_${p.eventId}`;
}

/** Throws ValidationError (400 on `cursor`) when the text is not a cursor of this feed. */
export function decodeCursor(cursor: string): FeedPosition {
  const m = /^(\d{1,15})_(\d{1,15})$/.exec(cursor.trim());
  if (!m) throw new ValidationError({ cursor: [FEED_MSG.cursorInvalid] });
  return { seq: Number(m[1]), eventId: Number(m[2]) };
}

export interface IntegrationEvent {
  id: number;
  position: FeedPosition;
  kind: IntegrationEventKind;
  jobId: number | null;
  invoiceId: number | null;
  clientId: number;
  jmsNumber: string | null;
  invoiceNumber: string | null;
  status: number | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

interface EventRow extends Record<string, unknown> {
  id: string | number;
  seq: string | number;
  kind: string;
  job_id: number | null;
  invoice_id: number | null;
  client_id: number;
  jms_number: string | null;
  invoice_number: string | null;
  status: number | null;
  data: Record<string, unknown> | string;
  occurred_at: Date | string;
}

/**
 * Committed events after `after`, in commit order, at most `limit`. `jobsOnly` leaves out the invoice events.
 * Only numbered commits are read: a transaction still committing has no number yet, and the one after it
 * cannot get one before it is visible.
 */
export async function readEvents(
  q: Queryable,
  after: FeedPosition,
  limit: number,
  opts: { jobsOnly?: boolean } = {},
): Promise<IntegrationEvent[]> {
  const res = await q.execute(sql`
    select e.id, c.seq, e.kind, e.job_id, e.invoice_id, e.client_id, e.jms_number, e.invoice_number, e.status, e.data, e.occurred_at
    from integration_commits c
    join integration_events e on e.txid = c.txid
    where c.seq is not null
      and (c.seq > ${after.seq} or (c.seq = ${after.seq} and e.id > ${after.eventId}))
      ${opts.jobsOnly ? sql`and e.kind like 'job.%'` : sql``}
    order by c.seq, e.id
    limit ${limit}`);
  return rowsOf<EventRow>(res).map((r) => ({
    id: Number(r.id),
    position: { seq: Number(r.seq), eventId: Number(r.id) },
    kind: r.kind as IntegrationEventKind,
    jobId: r.job_id,
    invoiceId: r.invoice_id,
    clientId: r.client_id,
    jmsNumber: r.jms_number,
    invoiceNumber: r.invoice_number,
    status: r.status,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
    occurredAt: r.occurred_at instanceof Date ? r.occurred_at : new Date(r.occurred_at),
  }));
}

/** Changes after `cursor` (null = from the beginning), at most `limit`, in commit order. Throws ValidationError on a malformed cursor. */
export async function readJobChanges(
  cursor: string | null,
  limit: number,
): Promise<{ changes: JobChange[]; nextCursor: string | null }> {
  const after = cursor === null ? FEED_START : decodeCursor(cursor);
  const n = Math.max(1, Math.min(MAX_FEED_LIMIT, Math.floor(limit) || 1));
  const events = await readEvents(await getDb(), after, n, { jobsOnly: true });
  const changes = events.map((e): JobChange => ({
    cursor: encodeCursor(e.position),
    kind: e.kind as JobChangeKind,
    jobId: e.jobId ?? 0,
    jmsNumber: e.jmsNumber ?? '',
    clientId: e.clientId,
    status: e.status ?? 0,
    occurredAt: e.occurredAt,
    data: e.data,
  }));
  return { changes, nextCursor: changes.length ? changes[changes.length - 1]!.cursor : cursor };
}
