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
  /** `stopped`: what was turned off, as the page's address carries it (an alert of the token, or 'all'). */
  | { status: 'done'; what: string; stopped: string }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'outdated' };

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

/** What a link stops: the one alert its e-mail was about (one-click), or every job status alert of its user. */
export type UnsubscribeScope = 'one' | 'all';

/** The words of "Stop all job alerts" once done. */
export const ALL_JOB_ALERTS = 'any job alerts';

/**
 * Turns off exactly the alert the token names (scope 'one', what one-click does), or every job status alert of its
 * user (scope 'all', from the unsubscribe page), for exactly its user, if the link still applies (unexpired, and the
 * user's alert settings unchanged since it was sent); doing so changes the settings' version, so it acts once.
 * Audited.
 */
export async function unsubscribeAlert(token: string, scope: UnsubscribeScope = 'one'): Promise<UnsubscribeResult> {
  const t = readUnsubscribeToken(token);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const state = await tokenState(tx, t, true);
    if (state.status !== 'ok' || !t) return { status: state.status === 'ok' ? 'invalid' : state.status } as const;
    const { userId } = t;
    const key = scope === 'all' ? null : t.key;
    if (key?.kind === 'status')
      await tx
        .delete(userJobAlerts)
        .where(and(eq(userJobAlerts.userId, userId), eq(userJobAlerts.jobStatusId, key.statusId)));
    else if (key === null || key.kind === 'digest')
      await tx.delete(userJobAlerts).where(eq(userJobAlerts.userId, userId));
    await tx
      .update(users)
      .set({
        alertVersion: sql`${users.alertVersion} + 1`,
        ...(key?.kind === 'invoice' ? { invoiceAlert: false } : {}),
        ...(key?.kind === 'order' ? { orderConfirmation: false } : {}),
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, anonymousPrincipal(), {
      actorUserId: userId,
      clientId: state.clientId,
      action: 'settings.alert_unsubscribed',
      targetType: 'user',
      targetId: String(userId),
      details: { alert: key ? keyText(key) : 'all-job-alerts' },
    });
    return {
      status: 'done',
      what: key ? alertName(key) : ALL_JOB_ALERTS,
      stopped: key ? keyText(key) : 'all',
    } as const;
  });
}

/** What the unsubscribe page shows for a link: what it would stop, or why it no longer can. Never acts. */
export async function unsubscribeState(
  token: string,
): Promise<{ status: 'ok'; what: string } | { status: Exclude<UnsubscribeResult['status'], 'done'> }> {
  const t = readUnsubscribeToken(token);
  const state = await tokenState(await getDb(), t, false);
  if (state.status !== 'ok' || !t) return { status: state.status === 'ok' ? 'invalid' : state.status };
  return { status: 'ok', what: alertName(t.key) };
}

/** The unsubscribe page (app/(public)/Unsubscribe/page.tsx): the portal's own, where links and answers land. */
export const UNSUBSCRIBE_PAGE = '/Unsubscribe';

/** The refusals as the page words them. */
export const UNSUBSCRIBE_REFUSED: Record<
  Exclude<UnsubscribeResult['status'], 'done'>,
  { title: string; text: string }
> = {
  invalid: { title: 'Unsubscribe', text: 'This unsubscribe link is not valid.' },
  expired: { title: 'Link expired', text: 'This unsubscribe link has expired, so nothing was changed.' },
  outdated: {
    title: 'Link already used',
    text: 'This unsubscribe link no longer applies: your alert settings have changed since the e-mail was sent (perhaps by this link), so nothing was changed.',
  },
};

/** The words of what a `stopped` parameter names, or null when it names nothing (the page then says nothing). */
export function stoppedWhat(stopped: string): string | null {
  if (stopped === 'all') return ALL_JOB_ALERTS;
  const key = keyOf(stopped);
  return key ? alertName(key) : null;
}

/** GET of the link: the unsubscribe page for it (a GET never acts: mail scanners prefetch links). */
export function unsubscribeConfirmRedirect(token: string): Response {
  return seeOther(`${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`);
}

/** POST's answer: the unsubscribe page saying what was stopped, or why nothing was. */
export function unsubscribeAnswer(r: UnsubscribeResult): Response {
  return seeOther(
    r.status === 'done'
      ? `${UNSUBSCRIBE_PAGE}?stopped=${encodeURIComponent(r.stopped)}`
      : `${UNSUBSCRIBE_PAGE}?refused=${r.status}`,
  );
}

function seeOther(path: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: path, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}
