/**
 * The firm's activity on a real database: tenancy (no event of another client is reachable by any
 * filter, page, page size or export body), staff and unknown-name events never shown, the append-only
 * trigger, audited exports with their row count, unlock and sign-out everywhere.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, users } from '@/db/schema';
import { POST as exportActivityRoute } from '@/app/api/User/ExportCSVActivity/route';
import { POST as exportUsersRoute } from '@/app/api/User/ExportCSVUsers/route';
import { createSession, resolveSession } from '@/lib/auth/session';
import { signInWithPassword } from '@/lib/auth/signin';
import { ForbiddenError } from '@/lib/core/errors';
import { signOutUserEverywhere, unlockUser, UNLOCK_MAIL_SUBJECT } from '@/lib/users/access';
import { ACCESS_MSG } from '@/lib/users/schema';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn, TEST_PASSWORD } from '@/test/factories';
import { cancelJob } from '@/lib/jobs/changes';
import { postMessage } from '@/lib/jobs/messages';
import { createView, shareView } from '@/lib/jobs/views';
import { deactivateUser, reactivateUser } from '@/lib/users/service';
import { activityUsers, exportActivity, listActivity } from './activity';
import { describeActivity } from './activity-present';
import { ACTIVITY_KIND_IDS, activityQuerySchema, type ActivityQuery } from './activity-schema';
import { CsvRecordCounter } from './export';
import { recordAudit } from '@/lib/core/audit';
import { anonymousPrincipal } from '@/lib/core/principal';

const all = { page: 1, size: 0 };
const ctx = { params: Promise.resolve({}) };
const post = (token: string, body: unknown, path = 'ExportCSVActivity') =>
  new Request(`http://localhost/api/User/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'User-Agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'X-Forwarded-For': '203.0.113.7',
    },
    body: JSON.stringify(body),
  });

describe('activity', () => {
  const t = useTestDatabase();

  async function twoFirms() {
    const a = await signedIn(4);
    const b = await signedIn(4);
    const aUser = await makeUser({ clientId: a.clientId, role: 3 });
    const bUser = await makeUser({ clientId: b.clientId, role: 3 });
    const staff = await makeUser({ clientId: null, role: 1 });
    const db = t.db();
    for (const [clientId, user] of [
      [a.clientId, aUser],
      [b.clientId, bUser],
    ] as const) {
      await recordAudit(db, anonymousPrincipal(), {
        action: 'signin.success',
        actorUserId: user.id,
        clientId,
        targetType: 'session',
        details: { method: 'password+otp' },
      });
      await recordAudit(db, anonymousPrincipal(), {
        action: 'job.create',
        actorUserId: user.id,
        clientId,
        targetType: 'job',
        targetId: '1',
        details: { jmsNumber: `J${clientId}`, sourceJobId: null },
      });
      await recordAudit(db, anonymousPrincipal(), {
        action: 'export',
        actorUserId: user.id,
        clientId,
        targetType: 'list',
        details: { file: 'Jobs.csv', list: 'Jobs', filters: {}, rows: 3, complete: true },
      });
      await recordAudit(db, anonymousPrincipal(), {
        action: 'user.updated',
        actorUserId: clientId === a.clientId ? a.user.id : b.user.id,
        clientId,
        targetType: 'user',
        targetId: String(user.id),
        details: { changed: ['phone'] },
      });
      await recordAudit(db, anonymousPrincipal(), {
        action: 'signin.otp_sent',
        actorUserId: user.id,
        clientId,
        targetType: 'user',
        targetId: String(user.id),
      });
    }
    // Internal staff acting on firm A's data, and a failure for an unknown name: never shown to A.
    await recordAudit(db, anonymousPrincipal(), {
      action: 'user.updated',
      actorUserId: staff.id,
      clientId: a.clientId,
      targetType: 'user',
      targetId: String(aUser.id),
      details: { changed: ['role'] },
    });
    await recordAudit(db, anonymousPrincipal(), {
      action: 'signin.failed',
      clientId: null,
      targetType: 'user_name',
      targetId: 'abc',
      details: { reason: 'password' },
    });
    return { a, b, aUser, bUser, staff };
  }

  it('lists only the firm’s own events, newest first, never staff or unknown-name events, nor internal kinds', async () => {
    const { a, aUser, staff } = await twoFirms();
    const r = await listActivity(a.actor, {}, all);
    expect(r.rows.map((x) => x.action)).toEqual(['user.updated', 'export', 'job.create', 'signin.success']);
    expect(r.rows.every((x) => x.actorUserId === a.user.id || x.actorUserId === aUser.id)).toBe(true);
    expect(r.rows.some((x) => x.actorUserId === staff.id)).toBe(false);
    expect(r.totalCount).toBe(4);
    // The user filter: by or about the user.
    const mine = await listActivity(a.actor, { userId: aUser.id }, all);
    expect(mine.rows.map((x) => x.action)).toEqual(['user.updated', 'export', 'job.create', 'signin.success']);
    expect((await listActivity(a.actor, { userId: a.user.id }, all)).rows.map((x) => x.action)).toEqual([
      'user.updated',
    ]);
    expect((await listActivity(a.actor, { kind: 'export' }, all)).rows.map((x) => x.action)).toEqual(['export']);
  });

  it('shows what an administrator most wants to see, in words: reactivations, cancellations, messages, shared views', async () => {
    const a = await signedIn(4);
    const clerk = await makeUser({ clientId: a.clientId, role: 3 });
    const job = await makeJob({ clientId: a.clientId, jmsNumber: '700123' });
    await deactivateUser(a.actor, clerk.userName);
    await reactivateUser(a.actor, clerk.id);
    await postMessage(a.actor, job.id, { body: 'Please bring the originals.' });
    await cancelJob(a.actor, job.id, { reason: 'Settled out of court' });
    const view = await createView(a.actor, { name: 'Urgent', state: {}, shared: false, makeDefault: false });
    await shareView(a.actor, view.id, true);
    const shown = (await listActivity(a.actor, {}, all)).rows.map((r) => describeActivity(r));
    expect(shown).toEqual([
      { event: 'View shared', details: '"Urgent", now seen by everyone in the firm' },
      { event: 'Job cancelled', details: 'Job 700123: reason: Settled out of court' },
      { event: 'Message sent', details: 'Job 700123: "Please bring the originals."' },
      { event: 'User reactivated', details: clerk.userName },
      { event: 'User deactivated', details: clerk.userName },
    ]);
    // Each under its kind in the filter.
    expect((await listActivity(a.actor, { kind: 'message' }, all)).rows.map((r) => r.action)).toEqual(['job.message']);
    expect((await listActivity(a.actor, { kind: 'view' }, all)).rows.map((r) => r.action)).toEqual(['view.share']);
    expect((await listActivity(a.actor, { kind: 'job' }, all)).rows.map((r) => r.action)).toEqual(['job.cancel']);
  });

  it('reaches no event of another client by any parameter: user, kind, dates, page, page size, export body', async () => {
    const { a, b, bUser } = await twoFirms();
    const foreign = new Set([b.clientId]);
    const [bRows] = await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.clientId, b.clientId));
    expect(bRows?.n).toBeGreaterThan(0);
    const queries: ActivityQuery[] = [
      {},
      { userId: bUser.id },
      { userId: b.user.id },
      { userId: 0 },
      { from: '2000-01-01', to: '2100-12-31' },
      ...ACTIVITY_KIND_IDS.map((kind) => ({ kind })),
      ...ACTIVITY_KIND_IDS.map((kind) => ({ kind, userId: bUser.id })),
    ];
    const ids = new Set<number>();
    const bIds = new Set(
      (await t.db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.clientId, b.clientId))).map(
        (r) => r.id,
      ),
    );
    for (const q of queries) {
      for (const size of [0, 10, 100]) {
        for (let page = 1; page <= 3; page++) {
          const r = await listActivity(a.actor, q, { page, size });
          for (const row of r.rows) ids.add(row.id);
        }
      }
      for await (const row of exportActivity(a.actor, q, 2)) ids.add(row.id);
    }
    expect([...ids].filter((id) => bIds.has(id))).toEqual([]);
    // Another client's user as the filter answers nothing at all.
    expect((await listActivity(a.actor, { userId: bUser.id }, all)).totalCount).toBe(0);
    // The export endpoint: a body naming B's user, or unknown fields (a ClientId), gets nothing of B.
    const res = await exportActivityRoute(post(a.token, { UserId: bUser.id }), ctx);
    expect(res.status).toBe(200);
    expect((await res.text()).trim().split('\r\n')).toHaveLength(1);
    const refused = await exportActivityRoute(post(a.token, { ClientId: b.clientId }), ctx);
    expect(refused.status).toBe(400);
    // The filter's users are the firm's only.
    const offered = (await activityUsers(a.actor)).map((u) => u.id);
    expect(offered).not.toContain(bUser.id);
    expect(foreign.has(a.clientId)).toBe(false);
  });

  it('is for client administrators only', async () => {
    const user = await signedIn(3);
    await expect(listActivity(user.actor, {}, all)).rejects.toBeInstanceOf(ForbiddenError);
    const res = await exportActivityRoute(post(user.token, {}), ctx);
    expect(res.status).toBe(403);
  });

  it('filters by a date range in the viewer’s time zone, both days included', async () => {
    const a = await signedIn(4);
    const db = t.db();
    // 23:30 on 1 March in Sydney (UTC+11) is 12:30 UTC the same day; 00:30 on 3 March Sydney is 13:30 UTC on 2 March.
    await db.insert(auditLog).values([
      {
        action: 'signout',
        actorUserId: a.user.id,
        clientId: a.clientId,
        targetType: 'session',
        createdAt: new Date('2026-03-01T12:30:00Z'),
      },
      {
        action: 'signout',
        actorUserId: a.user.id,
        clientId: a.clientId,
        targetType: 'session',
        createdAt: new Date('2026-03-02T13:30:00Z'),
      },
      {
        action: 'signout',
        actorUserId: a.user.id,
        clientId: a.clientId,
        targetType: 'session',
        createdAt: new Date('2026-02-28T12:59:00Z'),
      },
    ]);
    const r = await listActivity(a.actor, { from: '2026-03-01', to: '2026-03-02' }, all);
    expect(r.rows.map((x) => x.createdAt.toISOString())).toEqual(['2026-03-01T12:30:00.000Z']);
    expect((await listActivity(a.actor, { from: '2026-03-03', to: '2026-03-03' }, all)).rows).toHaveLength(1);
    expect(activityQuerySchema.safeParse({ From: '2026-03-05', To: '2026-03-01' }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ From: '2026-02-30' }).success).toBe(false);
  });

  it('is append-only: no statement changes, deletes or truncates audit rows', async () => {
    const a = await signedIn(4);
    await recordAudit(t.db(), anonymousPrincipal(), {
      action: 'signout',
      actorUserId: a.user.id,
      clientId: a.clientId,
      targetType: 'session',
    });
    await expect(
      t.db().update(auditLog).set({ action: 'x' }).where(eq(auditLog.clientId, a.clientId)),
    ).rejects.toThrow();
    await expect(t.db().delete(auditLog).where(eq(auditLog.clientId, a.clientId))).rejects.toThrow();
    await expect(t.db().execute(sql`truncate audit_log`)).rejects.toThrow();
    const rows = await t.db().select().from(auditLog).where(eq(auditLog.clientId, a.clientId));
    expect(rows.map((r) => r.action)).toContain('signout');
  });

  it('audits an export with its file, list, filters, row count, IP and browser; Activity.csv is formula-safe', async () => {
    const a = await signedIn(4);
    const evil = await makeUser({
      clientId: a.clientId,
      userName: `x.${a.clientId}`,
      firstName: '=HYPERLINK("http://evil")',
      role: 3,
    });
    const res = await exportUsersRoute(post(a.token, { UserName: 'x.' }, 'ExportCSVUsers'), ctx);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.trim().split('\r\n')).toHaveLength(2);
    const [row] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.clientId), eq(auditLog.action, 'export')));
    expect(row?.details).toMatchObject({
      file: 'User.csv',
      list: 'Users',
      filters: { userName: 'x.' },
      rows: 1,
      complete: true,
    });
    expect(row?.ip).toBe('203.0.113.7');
    expect(row?.userAgent).toContain('Chrome/120');

    // The activity export: a formula-looking name is escaped.
    await recordAudit(t.db(), anonymousPrincipal(), {
      action: 'signout',
      actorUserId: evil.id,
      clientId: a.clientId,
      targetType: 'session',
    });
    const act = await exportActivityRoute(post(a.token, {}), ctx);
    const csv = await act.text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Date,User Name,Full Name,Event,Details,IP Address,Browser');
    expect(csv).toContain('Exported User.csv');
    expect(csv).toContain('user name = x.');
    expect(csv).toContain('; 1 row,203.0.113.7,Chrome 120 on Linux');
    expect(lines[1]).toContain(`x.${a.clientId},"'=HYPERLINK(""http://evil"") User",Signed out`);
    expect(csv).toContain('203.0.113.7');
    expect(csv).toContain('Chrome 120');
  });

  it('counts CSV records with line breaks inside quoted cells', () => {
    const c = new CsvRecordCounter();
    const enc = new TextEncoder();
    c.add(enc.encode('A,B\r\n"x\r\ny",1\r\n"q""'));
    c.add(enc.encode('uote",2\r\n'));
    expect(c.rows).toBe(2);
  });

  it('unlocks a locked user of the firm: failures reset, the user e-mailed, audited; then the user signs in', async () => {
    const a = await signedIn(4);
    const other = await signedIn(4);
    const locked = await makeUser({
      clientId: a.clientId,
      isLocked: true,
      failedLoginAttempts: 5,
      lockedAt: new Date(),
    });
    expect((await signInWithPassword({ userName: locked.userName, password: TEST_PASSWORD })).status).toBe('locked');
    await expect(unlockUser(other.actor, locked.id)).rejects.toMatchObject({
      status: 404,
      message: ACCESS_MSG.unlockFailed,
    });
    expect(await unlockUser(a.actor, locked.id)).toEqual({ userId: locked.id });
    await expect(unlockUser(a.actor, locked.id)).rejects.toMatchObject({ status: 409, message: ACCESS_MSG.notLocked });
    const [u] = await t.db().select().from(users).where(eq(users.id, locked.id));
    expect(u).toMatchObject({ isLocked: false, failedLoginAttempts: 0, lockedAt: null });
    const mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, locked.email));
    expect(mails.map((m) => m.subject)).toContain(UNLOCK_MAIL_SUBJECT);
    const r = await listActivity(a.actor, { kind: 'lockout' }, all);
    expect(r.rows.map((x) => [x.action, x.targetUserName])).toEqual([['user.unlocked', locked.userName]]);
    expect((await signInWithPassword({ userName: locked.userName, password: TEST_PASSWORD })).status).toBe('otp');
  });

  it('signs a user of the firm out everywhere, keeping the administrator’s own current session', async () => {
    const a = await signedIn(4);
    const other = await signedIn(4);
    const user = await makeUser({ clientId: a.clientId });
    const s1 = await createSession(t.db(), user.id);
    const s2 = await createSession(t.db(), user.id);
    await expect(signOutUserEverywhere(other.actor, user.id)).rejects.toMatchObject({
      status: 404,
      message: ACCESS_MSG.signOutFailed,
    });
    expect(await resolveSession(s1.id)).not.toBeNull();
    expect(await signOutUserEverywhere(a.actor, user.id)).toEqual({ sessions: 2 });
    expect(await resolveSession(s1.id)).toBeNull();
    expect(await resolveSession(s2.id)).toBeNull();
    const extra = await createSession(t.db(), a.user.id);
    expect(await signOutUserEverywhere(a.actor, a.user.id)).toEqual({ sessions: 1 });
    expect(await resolveSession(a.actor.sessionId)).not.toBeNull();
    expect(await resolveSession(extra.id)).toBeNull();
    const [row] = await t.db().select().from(sessions).where(eq(sessions.id, extra.id));
    expect(row?.revokedAt).not.toBeNull();
  });
});
