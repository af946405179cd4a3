/**
 * Webhook endpoints and their delivery log, for the staff area (/Ops/Webhooks; policy 'webhooks.manage').
 * Every change is one transaction with its audit row. The signing secret (whsec_…) is made here, kept sealed
 * (lib/security/seal.ts) and shown to staff on the endpoint's page, since the receiver needs it to verify.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from '@/lib/core/errors';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { endpointSecret, requeueForResend, secretAssociatedData, sendOptions } from './outbox';
import { isPrivateAddress } from './send';
import { seal } from '@/lib/security/seal';
import { newSigningSecret } from './signing';
import {
  WEBHOOK_MSG,
  webhookEndpointFormSchema,
  type WebhookEndpointForm,
  type WebhookEndpointFormInput,
} from './schema';
import { isIP } from 'node:net';

export interface WebhookEndpointRow {
  id: number;
  url: string;
  description: string;
  events: string[];
  isActive: boolean;
  createdAt: Date;
  disabledAt: Date | null;
  pending: number;
  failed: number;
}

function checkAddress(form: WebhookEndpointForm): void {
  const host = new URL(form.url).hostname.replace(/^\[|\]$/g, '');
  if (
    !sendOptions().allowPrivate &&
    ((isIP(host) && isPrivateAddress(host)) || host === 'localhost' || host.endsWith('.localhost'))
  ) {
    throw new ValidationError({ url: [WEBHOOK_MSG.privateAddress] });
  }
}

/** The commit number of the newest committed change: a new endpoint gets what commits after it. */
async function currentSeq(): Promise<number> {
  const db = await getDb();
  const res = await db.execute(sql`select coalesce(max(seq), 0) as seq from integration_commits`);
  const rows = rowsOf<{ seq: string | number }>(res);
  return Number(rows[0]?.seq ?? 0);
}

/** Registers an endpoint; answers its id and its signing secret. */
export async function createWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointFormInput,
): Promise<{ id: number; secret: string }> {
  const staff = authorize(actor, 'webhooks.manage', staffPolicy);
  const form = parseOrThrow(webhookEndpointFormSchema, input);
  checkAddress(form);
  const secret = newSigningSecret();
  const startSeq = await currentSeq();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = now();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: form.url,
        description: form.description,
        events: form.events,
        secretEncrypted: 'pending',
        startSeq,
        createdById: staff.userId,
        createdAt: t,
        updatedAt: t,
      })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('endpoint not created');
    await tx
      .update(webhookEndpoints)
      .set({ secretEncrypted: seal(secretAssociatedData(row.id), secret) })
      .where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, userPrincipal(staff), {
      action: 'ops.webhook.create',
      clientId: null,
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { url: form.url, events: form.events },
    });
    return { id: row.id, secret };
  });
}

export async function updateWebhookEndpoint(actor: Actor, id: number, input: WebhookEndpointFormInput): Promise<void> {
  const staff = authorize(actor, 'webhooks.manage', staffPolicy);
  const form = parseOrThrow(webhookEndpointFormSchema, input);
  checkAddress(form);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ url: form.url, description: form.description, events: form.events, updatedAt: now() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new NotFoundError(WEBHOOK_MSG.notFound);
    await recordAudit(tx, userPrincipal(staff), {
      action: 'ops.webhook.update',
      clientId: null,
      targetType: 'webhook_endpoint',
      targetId: id,
      details: { url: form.url, events: form.events },
    });
  });
}

/**
 * Disables or enables an endpoint. A disabled endpoint gets no new deliveries and its pending ones wait; enabled
 * again, the waiting ones are sent and it gets the events committed from then on.
 */
export async function setWebhookEndpointActive(actor: Actor, id: number, active: boolean): Promise<void> {
  const staff = authorize(actor, 'webhooks.manage', staffPolicy);
  const startSeq = active ? await currentSeq() : undefined;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        isActive: active,
        disabledAt: active ? null : now(),
        updatedAt: now(),
        ...(startSeq !== undefined ? { startSeq } : {}),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new NotFoundError(WEBHOOK_MSG.notFound);
    await recordAudit(tx, userPrincipal(staff), {
      action: active ? 'ops.webhook.enable' : 'ops.webhook.disable',
      clientId: null,
      targetType: 'webhook_endpoint',
      targetId: id,
    });
  });
}

export async function listWebhookEndpoints(actor: Actor): Promise<WebhookEndpointRow[]> {
  authorize(actor, 'webhooks.manage', staffPolicy);
  const db = await getDb();
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.isActive), webhookEndpoints.id);
  const counts = rows.length
    ? await db
        .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
        .from(webhookDeliveries)
        .where(
          and(
            inArray(
              webhookDeliveries.endpointId,
              rows.map((r) => r.id),
            ),
            inArray(webhookDeliveries.status, ['pending', 'sending', 'failed']),
          ),
        )
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status)
    : [];
  const n = (id: number, statuses: string[]) =>
    counts.filter((c) => c.endpointId === id && statuses.includes(c.status)).reduce((s, c) => s + c.n, 0);
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    isActive: r.isActive,
    createdAt: r.createdAt,
    disabledAt: r.disabledAt,
    pending: n(r.id, ['pending', 'sending']),
    failed: n(r.id, ['failed']),
  }));
}

/** One endpoint with its signing secret (null when it cannot be opened with the configured key). */
export async function getWebhookEndpoint(
  actor: Actor,
  id: number,
): Promise<(WebhookEndpointRow & { secret: string | null }) | null> {
  const row = (await listWebhookEndpoints(actor)).find((r) => r.id === id);
  if (!row) return null;
  const db = await getDb();
  const [e] = await db
    .select({ id: webhookEndpoints.id, secretEncrypted: webhookEndpoints.secretEncrypted })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return { ...row, secret: e ? endpointSecret(e) : null };
}

export interface DeliveryLogEntry {
  id: number;
  messageId: string;
  eventType: string;
  orderKey: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
  /** Sent again by staff and waiting in line for the worker. */
  resendRequested: boolean;
  body: string;
  log: {
    attemptedAt: Date;
    durationMs: number;
    httpStatus: number | null;
    responseExcerpt: string | null;
    error: string | null;
    manual: boolean;
  }[];
}

export const DELIVERY_LOG_PAGE_SIZE = 25;

/** An endpoint's deliveries, newest first, each with its attempts (oldest first). */
export async function webhookDeliveryLog(
  actor: Actor,
  endpointId: number,
  page = 1,
): Promise<{ rows: DeliveryLogEntry[]; total: number }> {
  authorize(actor, 'webhooks.manage', staffPolicy);
  const db = await getDb();
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * DELIVERY_LOG_PAGE_SIZE);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      messageId: r.messageId,
      eventType: r.eventType,
      orderKey: r.orderKey,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.nextAttemptAt,
      createdAt: r.createdAt,
      deliveredAt: r.deliveredAt,
      resendRequested: r.resendRequested,
      body: r.body,
      log: attempts
        .filter((a) => a.deliveryId === r.id)
        .map((a) => ({
          attemptedAt: a.attemptedAt,
          durationMs: a.durationMs,
          httpStatus: a.httpStatus,
          responseExcerpt: a.responseExcerpt,
          error: a.error,
          manual: a.manual,
        })),
    })),
  };
}

/**
 * "Send again": puts the delivery back in the one queue, due now, whatever its state (lib/webhooks/outbox.ts
 * requeueForResend), and it is sent right after the response with the same webhook-id (a receiver that already has
 * it can tell); its attempt is logged as sent again by staff. Refused while another instance is sending it.
 */
export async function resendWebhookDelivery(actor: Actor, deliveryId: number): Promise<void> {
  const staff = authorize(actor, 'webhooks.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [d] = await tx
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        messageId: webhookDeliveries.messageId,
        eventType: webhookDeliveries.eventType,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!d) throw new NotFoundError(WEBHOOK_MSG.deliveryNotFound);
    if (!(await requeueForResend(tx, d.id))) throw new ConflictError(WEBHOOK_MSG.deliveryBusy);
    await recordAudit(tx, userPrincipal(staff), {
      action: 'ops.webhook.resend',
      clientId: null,
      targetType: 'webhook_delivery',
      targetId: d.id,
      details: { endpointId: d.endpointId, messageId: d.messageId, event: d.eventType },
    });
  });
}
