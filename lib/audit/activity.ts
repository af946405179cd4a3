/**
 * The firm's activity for its client administrator: the client's own audit rows, newest first, with
 * filters (user, kind, date range), paging and the Activity.csv export.
 *
 * Tenancy: every statement is scoped by the session's client (never by an id the caller sends), reads only
 * the actions of ACTIVITY_KINDS, and only rows whose actor is nobody or a user of that same client, so an
 * event of internal staff (roles 1 and 2) about the client never appears. A user filter naming another
 * client's user matches nothing, like a missing user.
 */
import { aliasedTable, and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { getDb } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import { tenantScope, type TenantActor as ClientActor } from '@/lib/core/tenancy';
import { authorize } from '@/lib/core/authorize';
import type { Actor } from '@/lib/core/principal';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import { userPolicy } from '@/lib/core/user-policy';
import { describeUserAgent } from './log';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, type ActivityQuery } from './activity-schema';
import { describeActivity } from './activity-present';

export const ACTIVITY_EXPORT_BATCH = 1000;

const actorUser = aliasedTable(users, 'actor_user');
const targetUser = aliasedTable(users, 'target_user');

export interface ActivityRow {
  id: number;
  createdAt: Date;
  action: string;
  actorUserId: number | null;
  actorUserName: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  targetType: string;
  targetId: string | null;
  targetUserName: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  actorUserId: auditLog.actorUserId,
  actorUserName: actorUser.userName,
  actorFirstName: actorUser.firstName,
  actorLastName: actorUser.lastName,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetUserName: targetUser.userName,
  details: auditLog.details,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
};

/** Midnight at the start of a calendar day (yyyy-mm-dd) in a time zone. */
function startOfDay(day: string, timeZone: string): Date {
  return fromZonedTime(`${day}T00:00:00`, timeZone);
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The client's visible events matching the query. */
function activityWhere(a: ClientActor, q: ActivityQuery): SQL | undefined {
  const actions = q.kind ? [...ACTIVITY_KINDS[q.kind].actions] : [...ACTIVITY_ACTIONS];
  return and(
    tenantScope(auditLog.clientId, a),
    inArray(auditLog.action, actions),
    // Never an event done by someone outside the client (internal staff).
    or(isNull(auditLog.actorUserId), tenantScope(actorUser.clientId, a)),
    q.userId !== undefined
      ? or(
          eq(auditLog.actorUserId, q.userId),
          and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(q.userId))),
        )
      : undefined,
    q.from ? gte(auditLog.createdAt, startOfDay(q.from, a.timeZone)) : undefined,
    q.to ? lt(auditLog.createdAt, startOfDay(nextDay(q.to), a.timeZone)) : undefined,
  );
}

function baseQuery<T extends Record<string, unknown>>(db: Awaited<ReturnType<typeof getDb>>, cols: T) {
  return db
    .select(cols as never)
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(
      targetUser,
      and(
        eq(auditLog.targetType, 'user'),
        eq(sql`${targetUser.id}::text`, auditLog.targetId),
        eq(targetUser.clientId, auditLog.clientId),
      ),
    );
}

/** One page of the client's events, newest first. */
export async function listActivity(actor: Actor, q: ActivityQuery, page: Page): Promise<ListResult<ActivityRow>> {
  const a = authorize(actor, 'activity.read', userPolicy);
  const db = await getDb();
  const where = activityWhere(a, q);
  const { limit, offset } = limitOffset(page);
  const [total] = (await baseQuery(db, { n: count() }).where(where)) as unknown as { n: number }[];
  const totalCount = Number(total?.n ?? 0);
  const rows =
    totalCount === 0
      ? []
      : ((await baseQuery(db, columns)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset)) as unknown as ActivityRow[]);
  return { rows, totalCount, pageSize: page.size };
}

/** Every event of the query, newest first, read in keyset batches (Activity.csv). */
export function exportActivity(
  actor: Actor,
  q: ActivityQuery,
  batch = ACTIVITY_EXPORT_BATCH,
): AsyncGenerator<ActivityRow> {
  const a = authorize(actor, 'activity.read', userPolicy);
  const where = activityWhere(a, q);
  return (async function* () {
    const db = await getDb();
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      const cursor: SQL | undefined = after
        ? or(lt(auditLog.createdAt, after.at), and(eq(auditLog.createdAt, after.at), lt(auditLog.id, after.id)))
        : undefined;
      const rows = (await baseQuery(db, columns)
        .where(and(where, cursor))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(batch)) as unknown as ActivityRow[];
      for (const r of rows) yield r;
      const last = rows.at(-1);
      if (!last || rows.length < batch) return;
      after = { at: last.createdAt, id: last.id };
    }
  })();
}

/** The users the filter offers: every user of the client, deactivated ones too (their events remain). */
export async function activityUsers(actor: Actor): Promise<{ id: number; label: string }[]> {
  const a = authorize(actor, 'activity.read', userPolicy);
  const db = await getDb();
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
    })
    .from(users)
    .where(tenantScope(users.clientId, a))
    .orderBy(sql`lower(${users.userName})`);
  return rows.map((u) => ({
    id: u.id,
    label: `${u.userName} (${`${u.firstName} ${u.lastName}`.trim()})${u.isActive ? '' : ' – deactivated'}`,
  }));
}

export interface ActivityRowView {
  id: number;
  when: string;
  userName: string;
  fullName: string;
  event: string;
  details: string;
  ip: string;
  browser: string;
}

export function displayDateTime(d: Date, timeZone: string): string {
  try {
    return formatInTimeZone(d, timeZone, 'dd-MMM-yyyy hh:mm:ss a');
  } catch {
    return formatInTimeZone(d, 'UTC', 'dd-MMM-yyyy hh:mm:ss a');
  }
}

export function presentActivity(r: ActivityRow, viewer: Actor): ActivityRowView {
  const ua = describeUserAgent(r.userAgent);
  const d = describeActivity(r);
  return {
    id: r.id,
    when: displayDateTime(r.createdAt, viewer.timeZone),
    userName: r.actorUserName ?? '',
    fullName: r.actorUserName ? `${r.actorFirstName ?? ''} ${r.actorLastName ?? ''}`.trim() : '',
    event: d.event,
    details: d.details,
    ip: r.ip ?? '',
    browser: [ua.browser, ua.os ? `on ${ua.os}` : null].filter(Boolean).join(' '),
  };
}

/** The CSV cells of a row, in ACTIVITY_CSV_HEADER's order. */
export async function* activityCsvRows(rows: AsyncIterable<ActivityRow>, viewer: Actor): AsyncGenerator<unknown[]> {
  for await (const r of rows) {
    const v = presentActivity(r, viewer);
    yield [v.when, v.userName, v.fullName, v.event, v.details, v.ip, v.browser];
  }
}
