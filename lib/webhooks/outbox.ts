/**
 * The webhook outbox: deliveries are made from the committed event log (lib/integration/feed.ts),
 * kept in webhook_deliveries and sent by the worker (lib/webhooks/worker.ts).
 *
 * - `dispatchEvents`: reads the log after the dispatcher's stored position (one instance at a time: its state
 *   row is a task of the one queue, claimed with a lease, retried with backoff) and writes one delivery per event
 *   and subscribed active endpoint, in the same transaction as the new position. An endpoint gets the events committed after it was registered.
 * - `claimDue` (on the one queue, lib/core/queue.ts): due deliveries whose endpoint is active and that have no earlier pending delivery for the same
 *   endpoint and job (order key) — so one job's deliveries go strictly in order, a later one waiting while an
 *   earlier one is retried — claimed FOR UPDATE SKIP LOCKED with a lease, so several instances never send one
 *   delivery at the same time.
 * - `attemptDelivery`: signs (Standard Webhooks) and POSTs the stored body, logs the attempt, and marks the
 *   delivery delivered, or schedules the next try (retrySchedule(): by default ~27.6 hours in all), or gives up.
 * - `requeueForResend` ("Send again"): puts a delivery back in line through the queue, due now, and has it sent
 *   right after the response (after()), as the mail outbox does with what a request queued.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '@/db/client';
import { webhookAttempts, webhookDeliveries, webhookDispatchState, webhookEndpoints } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import {
  claimDue as claimFromQueue,
  drainAfterResponse,
  exponentialWaits,
  requeueNow,
  scheduledWaits,
  settle,
  type Claimed,
  type RetryPolicy,
  type WorkTable,
} from '@/lib/core/queue';
import { encodeCursor, readEvents, type FeedPosition, type IntegrationEvent } from '@/lib/integration/feed';
import { unseal } from '@/lib/security/seal';
import { countWebhookFailure } from '@/lib/telemetry';
import { postWebhook, type SendOptions } from './send';
import { newMessageId, signedHeaders } from './signing';

/**
 * Waits after the 1st, 2nd, … failed attempt (WEBHOOK_RETRY_SCHEDULE_SECONDS; by default the Standard Webhooks
 * schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts over about 27.6 hours), then the delivery fails.
 */
export function retrySchedule(): { waitsMs: number[]; maxAttempts: number } {
  const waitsMs = config().WEBHOOK_RETRY_SCHEDULE_SECONDS.map((s) => s * 1000);
  return { waitsMs, maxAttempts: waitsMs.length + 1 };
}

function retryPolicy(): RetryPolicy {
  const { waitsMs, maxAttempts } = retrySchedule();
  return { maxAttempts, waitMs: scheduledWaits(waitsMs) };
}
const DISPATCH_BATCH = 500;

/** The name of the webhook task (lib/server/tasks.ts). */
export const WEBHOOK_TASK = 'webhooks';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function secretAssociatedData(endpointId: number): string {
  return `webhook-secret:${endpointId}`;
}

/** The endpoint's whsec_ secret (null when it cannot be opened with this key). */
export function endpointSecret(e: { id: number; secretEncrypted: string }): string | null {
  return unseal(secretAssociatedData(e.id), e.secretEncrypted);
}

export function sendOptions(): SendOptions {
  const c = config();
  return { timeoutMs: c.WEBHOOK_TIMEOUT_MS, allowPrivate: c.WEBHOOK_ALLOW_PRIVATE_URLS ?? c.NODE_ENV !== 'production' };
}

/** The JSON body of an event (Standard Webhooks payload: type, timestamp, data). */
export function payloadOf(e: IntegrationEvent): string {
  const isJob = e.kind.startsWith('job.');
  return JSON.stringify({
    type: e.kind,
    timestamp: e.occurredAt.toISOString(),
    data: {
      ...(isJob ? { cursor: encodeCursor(e.position) } : {}),
      ...(e.jobId !== null ? { jobId: e.jobId, jmsNumber: e.jmsNumber } : {}),
      ...(e.invoiceId !== null ? { invoiceId: e.invoiceId, invoiceNumber: e.invoiceNumber } : {}),
      clientId: e.clientId,
      ...(e.status !== null ? { status: e.status } : {}),
      ...e.data,
    },
  });
}

function orderKeyOf(e: IntegrationEvent): string {
  return e.jobId !== null ? `job:${e.jobId}` : `invoice:${e.invoiceId ?? 0}`;
}

/**
 * Where the dispatcher reads from: its cursor, or past every commit no active endpoint takes (an endpoint takes the
 * commits after its start, which is set when it is created or reactivated). Null: no endpoint is active, so there is
 * nothing to read (a portal without webhooks, or history written before any endpoint, is never read through).
 */
export function dispatchFrom(cursor: FeedPosition, endpointStarts: readonly number[]): FeedPosition | null {
  if (endpointStarts.length === 0) return null;
  const first = Math.min(...endpointStarts);
  // Commits with seq <= first go to no endpoint: start at the next seq (every event id is positive).
  return cursor.seq > first ? cursor : { seq: first + 1, eventId: 0 };
}

/**
 * The dispatcher's work table on the one queue (lib/core/queue.ts): its one row (id 1) holds the position read up
 * to. A run claims it with a lease (one instance at a time), so a dispatcher that died mid-way is replaced when its
 * lease ends; after each run the row is due again at once (the epoch), after a failed one with the backoff below.
 * The lease is short because a run is one transaction over one batch; a run that outlives it writes nothing (its
 * transaction checks the claim's attempt under a row lock), so the next claimer never doubles its deliveries.
 */
export const DISPATCHER: WorkTable = { table: 'webhook_dispatch_state', leaseMs: 15_000 };

/** A failed dispatch is tried again after 5 s, doubling, at most every 5 minutes, and never given up. */
const DISPATCH_RETRY: RetryPolicy = {
  maxAttempts: Number.MAX_SAFE_INTEGER,
  waitMs: exponentialWaits(5_000, 5 * 60_000),
};

/**
 * Turns newly committed events into deliveries, as a task of the one queue. Returns how many events were read (0:
 * nothing new, no endpoint active, or another instance holds the dispatcher).
 */
export async function dispatchEvents(db: Db): Promise<number> {
  const [claim] = await claimFromQueue(db, DISPATCHER, {
    batch: 1,
    // Nothing to read while no endpoint is active: then no claim is written either.
    where: sql`exists (select 1 from webhook_endpoints e where e.is_active)`,
  });
  if (!claim) return 0;
  try {
    return await dispatchClaimed(db, claim);
  } catch (e) {
    const s = settle(claim.attempts, false, DISPATCH_RETRY, 'pending');
    await db
      .update(webhookDispatchState)
      .set({ status: s.status, lockedUntil: null, ...(s.nextAttemptAt ? { nextAttemptAt: s.nextAttemptAt } : {}) })
      .where(and(eq(webhookDispatchState.id, claim.id), eq(webhookDispatchState.attempts, claim.attempts)));
    throw e;
  }
}

/** One claimed run: the new position and its deliveries in one transaction, with the claim released. */
async function dispatchClaimed(db: Db, claim: Claimed): Promise<number> {
  return db.transaction(async (tx) => {
    // Still this claim's (its lease did not end and another instance take it), and locked until commit.
    const [state] = await tx
      .select()
      .from(webhookDispatchState)
      .where(
        and(
          eq(webhookDispatchState.id, claim.id),
          eq(webhookDispatchState.status, 'sending'),
          eq(webhookDispatchState.attempts, claim.attempts),
        ),
      )
      .for('update');
    if (!state) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, startSeq: webhookEndpoints.startSeq })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.isActive, true));
    const from = dispatchFrom(
      { seq: state.cursorSeq, eventId: state.cursorEvent },
      endpoints.map((ep) => ep.startSeq),
    );
    const events = from ? await readEvents(tx, from, DISPATCH_BATCH) : [];
    const t = now();
    const rows = events.flatMap((e) =>
      endpoints
        .filter((ep) => ep.events.includes(e.kind) && e.position.seq > ep.startSeq)
        .map((ep) => ({
          endpointId: ep.id,
          eventId: e.id,
          messageId: newMessageId(),
          eventType: e.kind,
          orderKey: orderKeyOf(e),
          positionSeq: e.position.seq,
          positionEvent: e.position.eventId,
          body: payloadOf(e),
          nextAttemptAt: t,
          createdAt: t,
        })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(webhookDeliveries)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    const last = events.length ? events[events.length - 1]!.position : null;
    // Released and always due (the epoch, whatever the clock says): the next run reads on from here.
    await tx
      .update(webhookDispatchState)
      .set({
        ...(last ? { cursorSeq: last.seq, cursorEvent: last.eventId } : {}),
        status: 'pending',
        attempts: 0,
        lockedUntil: null,
        nextAttemptAt: new Date(0),
      })
      .where(eq(webhookDispatchState.id, claim.id));
    return events.length;
  });
}

/**
 * The work table. Its lease is short and renewed while the attempt runs (lib/webhooks/worker.ts, whileLeased), so a
 * slow receiver never has its delivery taken twice, and a delivery claimed by an instance that died is taken over
 * within one lease instead of after the longest possible send.
 */
export function deliveries(): WorkTable {
  return { table: 'webhook_deliveries', leaseMs: DELIVERY_LEASE_MS };
}

/** How long a claimed delivery is held without a renewal (renewed every third of it while its attempt runs). */
export const DELIVERY_LEASE_MS = 15_000;

/** Claims up to `batch` due deliveries that are first in line for their endpoint and job (lib/core/queue.ts). */
export async function claimDue(db: Db, batch: number): Promise<DeliveryRow[]> {
  const claimed = await claimFromQueue(db, deliveries(), {
    batch,
    join: sql`join webhook_endpoints e on e.id = d.endpoint_id and e.is_active`,
    where: sql`not exists (
          select 1 from webhook_deliveries p
          where p.endpoint_id = d.endpoint_id and p.order_key = d.order_key and p.status in ('pending', 'sending')
            and (p.position_seq, p.position_event) < (d.position_seq, d.position_event))`,
    orderBy: sql`d.position_seq, d.position_event`,
  });
  if (claimed.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        claimed.map((c) => c.id),
      ),
    )
    .orderBy(asc(webhookDeliveries.positionSeq), asc(webhookDeliveries.positionEvent));
}

/**
 * "Send again": puts the delivery back in line, due now, whatever its state (lib/core/queue.ts requeueNow), marked
 * as a person's, and drains the webhook task right after the response. The worker sends it with its own lease,
 * attempt count and backoff, in its turn: after an earlier delivery of the same job and endpoint, and not while
 * the endpoint is disabled. False while another instance is sending it.
 */
export async function requeueForResend(q: Queryable, deliveryId: number): Promise<boolean> {
  const queued = await requeueNow(q, deliveries(), deliveryId, { set: sql`resend_requested = true` });
  if (queued) drainAfterResponse(WEBHOOK_TASK);
  return queued;
}

export interface AttemptResult {
  deliveryId: number;
  delivered: boolean;
  status: number | null;
  error: string | null;
  /** The delivery will not be tried again by the worker (delivered, or given up). */
  final: boolean;
}

/** Sends a claimed delivery once and records the outcome (a "send again" attempt as manual). */
export async function attemptDelivery(
  db: Queryable,
  d: DeliveryRow,
  opts: { send?: SendOptions } = {},
): Promise<AttemptResult> {
  const [ep] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId)).limit(1);
  const secret = ep ? endpointSecret(ep) : null;
  const at = now();
  const outcome =
    ep && secret
      ? await postWebhook(ep.url, signedHeaders(secret, d.messageId, at, d.body), d.body, opts.send ?? sendOptions())
      : {
          status: null,
          excerpt: null,
          error: 'the endpoint’s signing secret cannot be opened with this encryption key',
          durationMs: 0,
        };
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const { status, lockedUntil, nextAttemptAt, final } = settle(d.attempts, delivered, retryPolicy(), 'delivered');
  await db.insert(webhookAttempts).values({
    deliveryId: d.id,
    attemptedAt: at,
    durationMs: outcome.durationMs,
    httpStatus: outcome.status,
    responseExcerpt: outcome.excerpt,
    error: outcome.error,
    manual: d.resendRequested,
  });
  await db
    .update(webhookDeliveries)
    .set({
      status,
      lockedUntil,
      resendRequested: false,
      lastAttemptAt: at,
      lastStatus: outcome.status,
      lastError: outcome.error,
      deliveredAt: delivered ? now() : d.deliveredAt,
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .where(eq(webhookDeliveries.id, d.id));
  if (!delivered) countWebhookFailure(final, outcome.status);
  return { deliveryId: d.id, delivered, status: outcome.status, error: outcome.error, final };
}
