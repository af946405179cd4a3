/**
 * News as it happens: the one event service behind the notification centre (the bell), the
 * pages that update their rows in place, and the alert e-mails.
 *
 * `publishJobNews(tx, event)` is called in the transaction of the change (a status change, a file attached, an
 * invoice issued). For the same event it writes, in that transaction:
 * - one `user_news` row per active user of the job's firm (their open job list, slip or matter page update in
 *   place), marked `in_bell` when the user's alert scope covers the job (their own job, or they chose the firm's:
 *   the rule of lib/jobs/alerts.ts `coversJob`); the bell lists those, titled like the alert e-mail's subject;
 * - the alert e-mails of lib/jobs/alerts.ts (the outbox), to the users who chose that alert.
 * So a bell line and an e-mail exist if and only if the change committed, and they tell the same event.
 *
 * The rows are numbered at commit (the integration commit marker of migration 0011, migration 0017), so
 * `readNewsAfter` from a position returns each row once, in commit order, even when transactions commit in
 * another order than they began: a page that lost its connection catches up from the last position it saw.
 * Each inserting statement sends NOTIFY jms_news naming the users concerned (lib/jobs/news-hub.ts listens).
 * Every read is scoped to the signed-in user and their firm (the tenancy guard): another firm's news never
 * reaches them.
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { getDb, rowsOf, type Queryable } from '@/db/client';
import { clients, jobs, userNews, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { ValidationError } from '@/lib/core/errors';
import { requireTenant } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/core/principal';
import { encodeParam } from '@/lib/encoding';
import { CLIENT_ROLES, statusLabel } from '@/lib/reference';
import {
  coversJob,
  enqueueInvoiceAlerts,
  enqueueJobAlerts,
  invoiceAlertSubject,
  jobAlertSubject,
  type InvoiceIssuedEvent,
  type StatusChangeEvent,
} from './alerts';
import { jobSlipHref } from './links';

export type NewsKind = 'job.status_changed' | 'job.file_added' | 'invoice.issued' | 'job.message';

/** How long the bell remembers. */
export const NEWS_DAYS = 30;
/** The most lines the bell lists. */
export const BELL_LIMIT = 50;
/** The unread count stops here ("99+"). */
export const UNREAD_CAP = 99;

export const NEWS_MSG = { cursorInvalid: 'The position is not one this stream gave out.' } as const;

export type NewsEvent = (
  | ({ kind: 'job.status_changed' } & StatusChangeEvent)
  | { kind: 'job.file_added'; jobId: number; clientId: number; jmsNumber: string; fileName: string; at: Date }
  | ({ kind: 'invoice.issued'; invoiceId: number; at: Date } & InvoiceIssuedEvent)
  | { kind: 'job.message'; jobId: number; clientId: number; jmsNumber: string; author: string; at: Date }
) & {
  /** The client user who made the change themselves (a new order): their pages update, their bell stays quiet. */
  byUserId?: number;
  /** Pages update but no bell rings (a message the firm wrote: it is for the provider, not the firm's colleagues). */
  quiet?: boolean;
};

export function messageTitle(jmsNumber: string, author: string): string {
  return `New message on job ${jmsNumber} from ${author}`;
}

export function fileAddedTitle(jmsNumber: string, fileName: string): string {
  return `A file was added to job ${jmsNumber}: ${fileName}`;
}

export interface NewsResult {
  /** user_news rows written (one per active user of the firm). */
  users: number;
  /** Of those, in the bell. */
  bell: number;
  /** Alert e-mails queued (instant), digest items added. */
  alerts: { instant: number; digest: number };
}

/** The longest comment quoted in a bell line (the slip has the whole of it). */
const BELL_COMMENT_MAX = 160;

/** A status change's bell line, with staff's comment to the client when there is one (the reason for On Hold). */
export function statusNewsTitle(jmsNumber: string, status: number, comment: string | null | undefined): string {
  const subject = jobAlertSubject(jmsNumber, status);
  const text = comment?.trim();
  if (!text) return subject;
  return `${subject}: ${text.length > BELL_COMMENT_MAX ? `${text.slice(0, BELL_COMMENT_MAX - 1).trimEnd()}…` : text}`;
}

/**
 * Publishes one event in the caller's transaction: the users' news rows (the bell and the live pages) and the
 * alert e-mails of the same event.
 */
export async function publishJobNews(tx: Queryable, e: NewsEvent): Promise<NewsResult> {
  const jobIds = e.kind === 'invoice.issued' ? e.jobIds : [e.jobId];
  if (!jobIds.length) return { users: 0, bell: 0, alerts: { instant: 0, digest: 0 } };
  // Every active user of the firm, and whether the event is theirs (any of its jobs covered by their scope).
  const recipients = await tx
    .select({ id: users.id, inBell: sql<boolean>`bool_or(${coversJob()})` })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .innerJoin(jobs, and(inArray(jobs.id, jobIds), eq(jobs.clientId, e.clientId)))
    .where(
      and(
        eq(users.clientId, e.clientId),
        eq(users.isActive, true),
        eq(clients.isActive, true),
        inArray(users.role, [...CLIENT_ROLES]),
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.id));
  const line =
    e.kind === 'job.status_changed'
      ? {
          jobId: e.jobId,
          invoiceId: null,
          status: e.status,
          title: statusNewsTitle(e.jmsNumber, e.status, e.comment),
          href: jobSlipHref(e.jobId),
        }
      : e.kind === 'job.file_added'
        ? {
            jobId: e.jobId,
            invoiceId: null,
            status: null,
            title: fileAddedTitle(e.jmsNumber, e.fileName),
            href: jobSlipHref(e.jobId),
          }
        : e.kind === 'job.message'
          ? {
              jobId: e.jobId,
              invoiceId: null,
              status: null,
              title: messageTitle(e.jmsNumber, e.author),
              href: jobSlipHref(e.jobId),
            }
          : {
              jobId: e.jobIds[0]!,
              invoiceId: e.invoiceId,
              status: null,
              title: invoiceAlertSubject(e.invoiceNumber),
              href: e.href,
            };
  if (recipients.length) {
    await tx.insert(userNews).values(
      recipients.map((r) => ({
        userId: r.id,
        clientId: e.clientId,
        kind: e.kind,
        ...line,
        inBell: !e.quiet && Boolean(r.inBell) && r.id !== e.byUserId,
        occurredAt: e.at,
      })),
    );
  }
  let alerts = { instant: 0, digest: 0 };
  if (e.kind === 'job.status_changed') alerts = await enqueueJobAlerts(tx, e);
  else if (e.kind === 'invoice.issued') alerts = { instant: await enqueueInvoiceAlerts(tx, e), digest: 0 };
  return {
    users: recipients.length,
    bell: e.quiet ? 0 : recipients.filter((r) => r.inBell && r.id !== e.byUserId).length,
    alerts,
  };
}

// ---------------------------------------------------------------------------
// Positions: (commit number, row id), as text "seq_id".
// ---------------------------------------------------------------------------

export interface NewsPosition {
  seq: number;
  id: number;
}

/** Past every row of its commit: a position taken "now" delivers only later commits. */
const END_OF_COMMIT = 999_999_999_999_999;

export function encodePosition(p: NewsPosition): string {
  return `${p.seq}_${p.id}`;
}

/** Throws ValidationError (400 on `since`) when the text is not a position this stream gave out. */
export function decodePosition(text: string): NewsPosition {
  const m = /^(\d{1,15})_(\d{1,15})$/.exec(text.trim());
  if (!m) throw new ValidationError({ since: [NEWS_MSG.cursorInvalid] });
  return { seq: Number(m[1]), id: Number(m[2]) };
}

/** The last commit's number, as a column. */
const LATEST_SEQ = sql`(select max(seq) from integration_commits)`;

/** The position after everything committed so far (a page rendered now starts here). */
export async function newsPositionNow(q?: Queryable): Promise<string> {
  const db = q ?? (await getDb());
  const [row] = rowsOf<{ seq: string | number | null }>(await db.execute(sql`select ${LATEST_SEQ} as seq`));
  return encodePosition({ seq: Number(row?.seq ?? 0), id: END_OF_COMMIT });
}

/** One event as the browser gets it (the SSE data, the poll's answer, the bell's line). */
export interface NewsItem {
  /** Its position: the SSE id, the next `since`. */
  position: string;
  id: number;
  kind: NewsKind;
  /** The job's parameter (as in /JobSlip?jb=), so a page finds its row. */
  jb: string | null;
  status: number | null;
  statusLabel: string | null;
  title: string;
  href: string;
  inBell: boolean;
  read: boolean;
  occurredAt: string;
}

interface NewsRow extends Record<string, unknown> {
  id: string | number;
  seq: string | number;
  kind: string;
  job_id: number | null;
  status: number | null;
  title: string;
  href: string;
  in_bell: boolean;
  read_at: Date | string | null;
  occurred_at: Date | string;
}

function toItem(r: {
  id: number;
  seq: number;
  kind: string;
  jobId: number | null;
  status: number | null;
  title: string;
  href: string;
  inBell: boolean;
  readAt: unknown;
  occurredAt: Date | string;
}): NewsItem {
  return {
    position: encodePosition({ seq: r.seq, id: r.id }),
    id: r.id,
    kind: r.kind as NewsKind,
    jb: r.jobId === null ? null : encodeParam(r.jobId),
    status: r.status,
    statusLabel: r.status === null ? null : statusLabel(r.status),
    title: r.title,
    href: r.href,
    inBell: r.inBell,
    read: r.readAt !== null,
    occurredAt: (r.occurredAt instanceof Date ? r.occurredAt : new Date(r.occurredAt)).toISOString(),
  };
}

const since = () => new Date(now().getTime() - NEWS_DAYS * 86_400_000);

/**
 * The user's news committed after `after` (at most `limit`), in commit order; of the last NEWS_DAYS days. Only
 * numbered commits are read: one still committing has no number yet, and none after it can be numbered before it.
 */
export async function readNewsAfter(
  actor: Actor,
  after: string,
  limit = 100,
): Promise<{ items: NewsItem[]; position: string }> {
  const me = requireTenant(actor);
  const from = decodePosition(after);
  const db = await getDb();
  const rows = rowsOf<NewsRow>(
    await db.execute(sql`
      select n.id, c.seq, n.kind, n.job_id, n.status, n.title, n.href, n.in_bell, n.read_at, n.occurred_at
      from user_news n
      join integration_commits c on c.txid = n.txid
      where n.user_id = ${me.userId} and n.client_id = ${me.clientId}
        and n.occurred_at > ${since().toISOString()}::timestamptz
        and c.seq is not null
        and (c.seq > ${from.seq} or (c.seq = ${from.seq} and n.id > ${from.id}))
      order by c.seq, n.id
      limit ${Math.max(1, Math.min(500, Math.floor(limit)))}`),
  );
  const items = rows.map((r) =>
    toItem({
      id: Number(r.id),
      seq: Number(r.seq),
      kind: r.kind,
      jobId: r.job_id,
      status: r.status,
      title: r.title,
      href: r.href,
      inBell: r.in_bell,
      readAt: r.read_at,
      occurredAt: r.occurred_at,
    }),
  );
  return { items, position: items.length ? items[items.length - 1]!.position : after };
}

export interface Bell {
  items: NewsItem[];
  /** Unread lines of the last NEWS_DAYS days, at most UNREAD_CAP + 1 (shown "99+"). */
  unread: number;
}

/**
 * The bell's unread lines of a firm's user, counted up to UNREAD_CAP + 1 through the unread index: a column. The
 * user, firm and start of the window are values, or placeholders of a prepared statement (newsStateColumns).
 */
function unreadCountOf(
  db: Queryable,
  me: { userId: number | Placeholder; clientId: number | Placeholder },
  from: Date | SQL = since(),
) {
  const capped = db
    .select({ one: sql`1` })
    .from(userNews)
    .where(
      and(
        eq(userNews.userId, me.userId),
        eq(userNews.clientId, me.clientId),
        eq(userNews.inBell, true),
        isNull(userNews.readAt),
        gt(userNews.occurredAt, from),
      ),
    )
    .limit(UNREAD_CAP + 1);
  return sql<number>`(select count(*)::int from (${capped}) capped)`;
}

/** The unread count of the bell (counted up to UNREAD_CAP + 1 through the unread index). */
export async function unreadNewsCount(actor: Actor): Promise<number> {
  const me = requireTenant(actor);
  const db = await getDb();
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${unreadCountOf(db, me)} as n`));
  return Number(row?.n ?? 0);
}

/** A page's news state: its start position and the bell's unread count. */
export interface NewsState {
  since: string;
  unread: number;
}

/**
 * What a signed-in page of a firm's user starts its news from: the position after everything committed so far
 * (newsPositionNow) and the bell's unread count (unreadNewsCount), as two columns of another prepared statement (the
 * page shell's user row, lib/jobs/shell.ts, so a signed-in page reads both in one round trip). Its placeholders
 * userId, clientId and newsFrom are bound by newsStateValues.
 */
export function newsStateColumns(db: Queryable) {
  const from = sql`${sql.placeholder('newsFrom')}::timestamptz`;
  return {
    newsSeq: sql<string | number | null>`${LATEST_SEQ}`,
    newsUnread: unreadCountOf(db, { userId: sql.placeholder('userId'), clientId: sql.placeholder('clientId') }, from),
  };
}

/** The values of newsStateColumns' placeholders for a firm's user. */
export function newsStateValues(actor: Actor): { userId: number; clientId: number; newsFrom: string } {
  const me = requireTenant(actor);
  return { userId: me.userId, clientId: me.clientId, newsFrom: since().toISOString() };
}

/** The news state from newsStateColumns' two columns. */
export const newsStateFrom = (row: {
  newsSeq: string | number | null;
  newsUnread: number | string | null;
}): NewsState => ({
  since: encodePosition({ seq: Number(row.newsSeq ?? 0), id: END_OF_COMMIT }),
  unread: Number(row.newsUnread ?? 0),
});

/** The bell: the user's own events of the last NEWS_DAYS days, newest first (at most BELL_LIMIT), and the unread count. */
export async function bellOf(actor: Actor): Promise<Bell> {
  const me = requireTenant(actor);
  const db = await getDb();
  const rows = await db
    .select({
      id: userNews.id,
      kind: userNews.kind,
      jobId: userNews.jobId,
      status: userNews.status,
      title: userNews.title,
      href: userNews.href,
      inBell: userNews.inBell,
      readAt: userNews.readAt,
      occurredAt: userNews.occurredAt,
      seq: sql<string | number | null>`(select c.seq from integration_commits c where c.txid = "user_news"."txid")`,
    })
    .from(userNews)
    .where(
      and(
        eq(userNews.userId, me.userId),
        eq(userNews.clientId, me.clientId),
        eq(userNews.inBell, true),
        gt(userNews.occurredAt, since()),
      ),
    )
    .orderBy(desc(userNews.occurredAt), desc(userNews.id))
    .limit(BELL_LIMIT);
  return { items: rows.map((r) => toItem({ ...r, seq: Number(r.seq ?? 0) })), unread: await unreadNewsCount(me) };
}

/** Marks the given lines (or, without ids, all of them) read; answers the unread count after. Another user's ids do nothing. */
export async function markNewsRead(actor: Actor, ids?: readonly number[]): Promise<number> {
  const me = requireTenant(actor);
  const db = await getDb();
  const mine = and(eq(userNews.userId, me.userId), eq(userNews.clientId, me.clientId), isNull(userNews.readAt));
  if (ids === undefined) await db.update(userNews).set({ readAt: now() }).where(mine);
  else if (ids.length)
    await db
      .update(userNews)
      .set({ readAt: now() })
      .where(and(mine, inArray(userNews.id, [...ids])));
  return unreadNewsCount(me);
}

/** Rows the prune looks at per statement: the oldest by id (the insertion order), so each statement is a short index walk. */
const PRUNE_BATCH = 5000;

/**
 * Deletes news older than NEWS_DAYS (nothing reads them: the bell, the unread count and the catch-up all stop at
 * NEWS_DAYS), run by the orphan-sweep task. Rows are written in time order, so the old ones are the lowest ids: each
 * statement takes the PRUNE_BATCH lowest ids by the primary key and deletes those past the cut-off, and the prune
 * stops at the first batch with nothing to delete. Never a scan of the table. Answers how many rows went.
 */
export async function pruneOldNews(): Promise<number> {
  const db = await getDb();
  const cutoff = since().toISOString();
  let total = 0;
  for (;;) {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        with oldest as (select id, occurred_at from user_news order by id limit ${PRUNE_BATCH})
        delete from user_news n using oldest o
        where n.id = o.id and o.occurred_at <= ${cutoff}::timestamptz
        returning n.id`),
    );
    total += rows.length;
    if (rows.length === 0) return total;
  }
}
