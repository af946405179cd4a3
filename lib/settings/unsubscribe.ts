/**
 * One-click unsubscribe from an alert e-mail (RFC 8058). Every alert e-mail carries
 * `List-Unsubscribe: <…/api/Settings/Unsubscribe?token=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 * The token names one user and one alert, the version of the user's alert settings when it was sent
 * (`users.alert_version`) and when it expires (UNSUBSCRIBE_LINK_DAYS later), and is signed (HMAC-SHA-256 with
 * AUTH_SECRET), so it cannot be guessed or altered. It needs no sign-in and no stored state of its own. A POST to the
 * URL turns that alert off only while the link is unexpired and the settings are still as they were when it was sent;
 * turning the alert off changes the version, so a link acts once, and an old link does nothing after the user has
 * changed their alerts (turned it back on, say), and says so. A GET only shows a page with a button (mail scanners
 * prefetch links: a GET never acts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { userJobAlerts, users } from '@/db/schema';
import { recordAudit } from '@/lib/core/audit';
import { anonymousPrincipal } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { JOB_STATUS_IDS, statusLabel } from '@/lib/reference';

/** How long an unsubscribe link works after its e-mail was sent. */
export const UNSUBSCRIBE_LINK_DAYS = 30;

/** The route of the link (app/api/Settings/Unsubscribe/route.ts). */
export const UNSUBSCRIBE_PATH = '/api/Settings/Unsubscribe';

/**
 * Which alert a link turns off: a job status's alert, every job status alert (the digest), the invoice alert, or
 * the order confirmation.
 */
export type AlertKey =
  { kind: 'status'; statusId: number } | { kind: 'digest' } | { kind: 'invoice' } | { kind: 'order' };

function keyText(k: AlertKey): string {
  return k.kind === 'status' ? `s${k.statusId}` : k.kind;
}

function keyOf(text: string): AlertKey | null {
  if (text === 'digest' || text === 'invoice' || text === 'order') return { kind: text };
  const m = /^s(\d{1,3})$/.exec(text);
  const statusId = m ? Number(m[1]) : NaN;
  return JOB_STATUS_IDS.includes(statusId) ? { kind: 'status', statusId } : null;
}

/** A recipient of an alert e-mail: who, and the version of their alert settings as the e-mail is written. */
export interface AlertRecipient {
  id: number;
  alertVersion: number;
}

interface TokenParts {
  userId: number;
  key: string;
  version: number;
  /** Unix seconds. */
  expires: number;
}

function signature(p: TokenParts): string {
  return createHmac('sha256', config().authSecret)
    .update(`alert-unsubscribe:${p.userId}:${p.key}:${p.version}:${p.expires}`)
    .digest('base64url');
}

/** `<user id>.<alert>.<settings version>.<expiry, unix seconds>.<signature>`. */
export function unsubscribeToken(user: AlertRecipient, key: AlertKey): string {
  const parts = {
    userId: user.id,
    key: keyText(key),
    version: user.alertVersion,
    expires: Math.floor(now().getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400,
  };
  return `${parts.userId}.${parts.key}.${parts.version}.${parts.expires}.${signature(parts)}`;
}

export interface UnsubscribeToken {
  userId: number;
  key: AlertKey;
  version: number;
  expiresAt: Date;
}

/** What a token names, or null when it is malformed or its signature does not match (expiry is not checked here). */
export function readUnsubscribeToken(token: string): UnsubscribeToken | null {
  const m = /^(\d{1,10})\.([a-z0-9]{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id = '', k = '', v = '', e = '', sig = ''] = m;
  const parts = { userId: Number(id), key: k, version: Number(v), expires: Number(e) };
  const key = keyOf(k);
  if (!key || !Number.isSafeInteger(parts.userId) || !Number.isSafeInteger(parts.expires)) return null;
  const want = Buffer.from(signature(parts));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { userId: parts.userId, key, version: parts.version, expiresAt: new Date(parts.expires * 1000) };
}

export function unsubscribeUrl(user: AlertRecipient, key: AlertKey): string {
  return `${config().appUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(user, key))}`;
}

/** The headers of an alert e-mail (RFC 2369 and RFC 8058 one-click). */
export function unsubscribeHeaders(user: AlertRecipient, key: AlertKey): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(user, key)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** What the alert is, in words ("job alerts on “Delivered”"). */
export function alertName(key: AlertKey): string {
  if (key.kind === 'status') return `job alerts on “${statusLabel(key.statusId)}”`;
  if (key.kind === 'digest') return 'job alerts (the daily digest)';
  if (key.kind === 'order') return 'order confirmations';
  return 'invoice alerts';
}

/**
 * `expired`: past its UNSUBSCRIBE_LINK_DAYS; `outdated`: the user's alert settings changed since it was sent (by
 * Settings, or by this very link); `invalid`: not a link of ours, or its user is gone.
 */
export type UnsubscribeResult =
  { status: 'done'; what: string } | { status: 'invalid' } | { status: 'expired' } | { status: 'outdated' };

/** Why a token cannot act now, or null when it can: read, unexpired, and of the user's current settings version. */
async function tokenState(
  q: Queryable,
  t: UnsubscribeToken | null,
  forUpdate: boolean,
): Promise<{ status: 'invalid' | 'expired' | 'outdated' } | { status: 'ok'; clientId: number | null }> {
  if (!t) return { status: 'invalid' };
  const query = q
    .select({ clientId: users.clientId, alertVersion: users.alertVersion })
    .from(users)
    .where(eq(users.id, t.userId))
    .limit(1);
  const [u] = forUpdate ? await query.for('update') : await query;
  if (!u) return { status: 'invalid' };
  if (t.expiresAt.getTime() <= now().getTime()) return { status: 'expired' };
  if (u.alertVersion !== t.version) return { status: 'outdated' };
  return { status: 'ok', clientId: u.clientId };
}

/**
 * Turns off exactly the alert the token names, for exactly its user, if the link still applies (unexpired, and
 * the user's alert settings unchanged since it was sent); doing so changes the settings' version, so it acts once.
 * Audited.
 */
export async function unsubscribeAlert(token: string): Promise<UnsubscribeResult> {
  const t = readUnsubscribeToken(token);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const state = await tokenState(tx, t, true);
    if (state.status !== 'ok' || !t) return { status: state.status === 'ok' ? 'invalid' : state.status } as const;
    const { key, userId } = t;
    if (key.kind === 'status')
      await tx
        .delete(userJobAlerts)
        .where(and(eq(userJobAlerts.userId, userId), eq(userJobAlerts.jobStatusId, key.statusId)));
    else if (key.kind === 'digest') await tx.delete(userJobAlerts).where(eq(userJobAlerts.userId, userId));
    await tx
      .update(users)
      .set({
        alertVersion: sql`${users.alertVersion} + 1`,
        ...(key.kind === 'invoice' ? { invoiceAlert: false } : {}),
        ...(key.kind === 'order' ? { orderConfirmation: false } : {}),
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, anonymousPrincipal(), {
      actorUserId: userId,
      clientId: state.clientId,
      action: 'settings.alert_unsubscribed',
      targetType: 'user',
      targetId: String(userId),
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

const SETTINGS_LINK = `You can change your alerts in <a href="/Settings">Settings</a>.`;
const REFUSED_TEXT: Record<Exclude<UnsubscribeResult['status'], 'done'>, { title: string; text: string }> = {
  invalid: { title: 'Unsubscribe', text: `<p>This unsubscribe link is not valid. ${SETTINGS_LINK}</p>` },
  expired: {
    title: 'Link expired',
    text: `<p>This unsubscribe link has expired, so nothing was changed. ${SETTINGS_LINK}</p>`,
  },
  outdated: {
    title: 'Link already used',
    text: `<p>This unsubscribe link no longer applies: your alert settings have changed since the e-mail was sent (perhaps by this link), so nothing was changed. ${SETTINGS_LINK}</p>`,
  },
};

function refusedPage(status: Exclude<UnsubscribeResult['status'], 'done'>): Response {
  const r = REFUSED_TEXT[status];
  return page(r.title, r.text, status === 'invalid' ? 400 : 410);
}

/** GET: what the link would turn off, and a button that POSTs (never acts itself); or why it no longer can. */
export async function unsubscribeConfirmPage(token: string): Promise<Response> {
  const t = readUnsubscribeToken(token);
  const state = await tokenState(await getDb(), t, false);
  if (state.status !== 'ok' || !t) return refusedPage(state.status === 'ok' ? 'invalid' : state.status);
  const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  return page(
    'Unsubscribe',
    `<p>Stop receiving ${escape(alertName(t.key))} by e-mail?</p><form method="post" action="${escape(action)}"><button type="submit" name="List-Unsubscribe" value="One-Click" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form><p>You can turn alerts back on in Settings.</p>`,
  );
}

/** POST: the answer page of unsubscribeAlert. */
export function unsubscribeAnswer(r: UnsubscribeResult): Response {
  if (r.status !== 'done') return refusedPage(r.status);
  return page(
    'Unsubscribed',
    `<p>You will no longer receive ${escape(r.what)} by e-mail. You can turn them back on in <a href="/Settings">Settings</a>.</p>`,
  );
}
