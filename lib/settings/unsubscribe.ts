/**
 * One-click unsubscribe from an alert e-mail (issue 26, RFC 8058). Every alert e-mail carries
 * `List-Unsubscribe: <…/api/Settings/Unsubscribe?token=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 * The token names one user and one alert and is signed (HMAC-SHA-256 with AUTH_SECRET), so it cannot be guessed
 * or altered to turn off another alert or another user's; it needs no sign-in and no stored state. A POST to the
 * URL turns that alert off; a GET only shows a page with a button (mail scanners prefetch links: a GET never acts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { userJobAlerts, users } from '@/db/schema';
import { recordAudit } from '@/lib/core/audit';
import { anonymousPrincipal } from '@/lib/core/principal';
import { config } from '@/lib/config';
import { JOB_STATUS_IDS, statusLabel } from '@/lib/reference';

/** The route of the link (app/api/Settings/Unsubscribe/route.ts). */
export const UNSUBSCRIBE_PATH = '/api/Settings/Unsubscribe';

/** Which alert a link turns off: a job status's alert, every job status alert (the digest), or the invoice alert. */
export type AlertKey = { kind: 'status'; statusId: number } | { kind: 'digest' } | { kind: 'invoice' };

function keyText(k: AlertKey): string {
  return k.kind === 'status' ? `s${k.statusId}` : k.kind;
}

function keyOf(text: string): AlertKey | null {
  if (text === 'digest' || text === 'invoice') return { kind: text };
  const m = /^s(\d{1,3})$/.exec(text);
  const statusId = m ? Number(m[1]) : NaN;
  return JOB_STATUS_IDS.includes(statusId) ? { kind: 'status', statusId } : null;
}

function signature(userId: number, key: string): string {
  return createHmac('sha256', config().authSecret).update(`alert-unsubscribe:${userId}:${key}`).digest('base64url');
}

/** `<user id>.<alert>.<signature>`. */
export function unsubscribeToken(userId: number, key: AlertKey): string {
  const k = keyText(key);
  return `${userId}.${k}.${signature(userId, k)}`;
}

/** The user and alert a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): { userId: number; key: AlertKey } | null {
  const m = /^(\d{1,10})\.([a-z0-9]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id = '', k = '', sig = ''] = m;
  const userId = Number(id);
  const key = keyOf(k);
  if (!key || !Number.isSafeInteger(userId)) return null;
  const want = Buffer.from(signature(userId, k));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? { userId, key } : null;
}

export function unsubscribeUrl(userId: number, key: AlertKey): string {
  return `${config().appUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(userId, key))}`;
}

/** The headers of an alert e-mail (RFC 2369 and RFC 8058 one-click). */
export function unsubscribeHeaders(userId: number, key: AlertKey): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(userId, key)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** What the alert is, in words ("job alerts on “Delivered”"). */
export function alertName(key: AlertKey): string {
  if (key.kind === 'status') return `job alerts on “${statusLabel(key.statusId)}”`;
  if (key.kind === 'digest') return 'job alerts (the daily digest)';
  return 'invoice alerts';
}

export type UnsubscribeResult = { status: 'done'; what: string } | { status: 'invalid' };

/** Turns off exactly the alert the token names, for exactly its user. Idempotent; audited. */
export async function unsubscribeAlert(token: string): Promise<UnsubscribeResult> {
  const t = readUnsubscribeToken(token);
  if (!t) return { status: 'invalid' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, clientId: users.clientId })
      .from(users)
      .where(eq(users.id, t.userId))
      .limit(1);
    if (!u) return { status: 'invalid' } as const;
    const { key } = t;
    if (key.kind === 'status')
      await tx
        .delete(userJobAlerts)
        .where(and(eq(userJobAlerts.userId, u.id), eq(userJobAlerts.jobStatusId, key.statusId)));
    else if (key.kind === 'digest') await tx.delete(userJobAlerts).where(eq(userJobAlerts.userId, u.id));
    else await tx.update(users).set({ invoiceAlert: false }).where(eq(users.id, u.id));
    await recordAudit(tx, anonymousPrincipal(), {
      actorUserId: u.id,
      clientId: u.clientId,
      action: 'settings.alert_unsubscribed',
      targetType: 'user',
      targetId: String(u.id),
      details: { alert: keyText(key) },
    });
    return { status: 'done', what: alertName(key) } as const;
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${escape(title)}</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

const INVALID_TEXT = `<p>This unsubscribe link is not valid. You can change your alerts in <a href="/Settings">Settings</a>.</p>`;

/** GET: what the link would turn off, and a button that POSTs (never acts itself). */
export function unsubscribeConfirmPage(token: string): Response {
  const t = readUnsubscribeToken(token);
  if (!t) return page('Unsubscribe', INVALID_TEXT, 400);
  const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  return page(
    'Unsubscribe',
    `<p>Stop receiving ${escape(alertName(t.key))} by e-mail?</p><form method="post" action="${escape(action)}"><button type="submit" name="List-Unsubscribe" value="One-Click" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form><p>You can turn alerts back on in Settings.</p>`,
  );
}

/** POST: the answer page of unsubscribeAlert. */
export function unsubscribeAnswer(r: UnsubscribeResult): Response {
  if (r.status === 'invalid') return page('Unsubscribe', INVALID_TEXT, 400);
  return page(
    'Unsubscribed',
    `<p>You will no longer receive ${escape(r.what)} by e-mail. You can turn them back on in <a href="/Settings">Settings</a>.</p>`,
  );
}
