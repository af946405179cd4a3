/**
 * The staff area on the real database: the role × route test (no client role reaches /Ops or any staff
 * call; staff reach every client), the job queue across all clients (filters, sorts, paging, count, CSV), the job
 * as staff see it, and staff downloads.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { auditLog, commentHistory, documents, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { decideRoute } from '@/lib/auth/routes';
import { fixedClock, setClock } from '@/lib/clock';
import { openDocument } from '@/lib/documents/service';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { commentHistoryOf } from '@/lib/jobs/comments';
import { cappedJobCountQuery } from '@/lib/jobs/counts';
import { COUNT_CAP } from '@/lib/jobs/queries';
import { changeJobStatus } from '@/lib/jobs/workflow';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedIn, signedInStaff } from '@/test/factories';
import { GET as commentHistoryRoute } from '@/app/api/CommentHistory/CommentHistoryDetail/[id]/route';
import { GET as downloadRoute } from '@/app/api/Document/Download/[id]/route';
import { POST as exportRoute } from '@/app/api/Ops/Jobs/Export/route';
import { staffJob, updateSlipData } from './job';
import { OPS_SECTIONS } from './nav';
import { can } from '@/lib/core/staff-policy';
import { countQueue, listQueue, QUEUE_EXPORT_MSG, queueClients, queueExportStream, queueWhere } from './queue';
import { DEFAULT_QUEUE_QUERY, queueFromSearchParams, type QueueQuery } from './queue-schema';
import { userPrincipal } from '@/lib/core/principal';

const CLIENT_ROLES = [3, 4, 5, 6, 7, 8] as const;
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const q = (over: Partial<QueueQuery> = {}): QueueQuery => ({ ...DEFAULT_QUEUE_QUERY, ...over });

function req(path: string, token: string, body?: unknown): Request {
  return new Request(`http://localhost/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('the staff area', () => {
  const t = useTestDatabase();
  // Tuesday 24 November 2026, 10:00 in Sydney (UTC+11).
  const clock = fixedClock('2026-11-23T23:00:00Z');
  let restore = () => undefined as void;
  beforeAll(() => {
    restore = setClock(clock);
  });
  afterAll(() => restore());

  describe('role × route: no client role reaches /Ops or any staff call; staff reach every client', () => {
    it('every /Ops page: client roles denied, nobody signed in sent to sign-in, staff let in as the policy says', () => {
      const pages = [...OPS_SECTIONS.map((s) => s.href), '/Ops/Job', '/Ops/Staff', '/Ops/ApiKeys'];
      for (const path of pages) {
        for (const role of CLIENT_ROLES)
          expect(decideRoute(path, role), `${path} role ${role}`).toEqual({ action: 'deny' });
        expect(decideRoute(path, null)).toEqual({ action: 'sign-in' });
        const section = OPS_SECTIONS.find((s) => s.href === path);
        const roleOneOnly = path === '/Ops/Staff' || path === '/Ops/ApiKeys';
        for (const role of [1, 2] as const) {
          const allowed = roleOneOnly ? role === 1 : section ? can(role, section.permission) : true;
          expect(decideRoute(path, role).action, `${path} role ${role}`).toBe(allowed ? 'allow' : 'deny');
        }
      }
    });

    it('every staff call refuses every client role (403), and answers staff about any client', async () => {
      const a = await makeClient();
      const b = await makeClient();
      const jobA = await makeJob({ clientId: a.id, status: 12 });
      const jobB = await makeJob({ clientId: b.id, status: 12 });
      await t
        .db()
        .insert(commentHistory)
        .values({ jobId: jobA.id, clientId: a.id, comment: 'Staff only note', createdByName: 'Ops', isInternal: true });
      const [doc] = await t
        .db()
        .insert(documents)
        .values({ clientId: b.id, jobId: jobB.id, storageKey: 'zz/missing-file', fileName: 'brief.pdf', size: 3 })
        .returning();

      const calls: [string, (actor: Actor) => Promise<unknown>][] = [
        ['listQueue', (x) => listQueue(x, q(), { page: 1, size: 10 })],
        ['queueClients', (x) => queueClients(x)],
        ['queueExportStream', (x) => queueExportStream(x, q())],
        ['staffJob', (x) => staffJob(x, jobA.id)],
        ['updateSlipData', (x) => updateSlipData(x, jobA.id, { lioNumber: 'LIO-1' })],
        ['changeJobStatus', (x) => changeJobStatus(userPrincipal(x), jobA.id, { toStatus: 2 })],
      ];
      for (const role of CLIENT_ROLES) {
        const c = await signedIn(role, a.id);
        for (const [name, call] of calls)
          await expect(call(c.actor), `${name} as role ${role}`).rejects.toBeInstanceOf(ForbiddenError);
        // The staff export endpoint answers 403 JSON.
        const res = await exportRoute(req('Ops/Jobs/Export', c.token, {}), ctx());
        expect(res.status).toBe(403);
        // Comment history: their own client's job without the internal comment; another client's job is a 404.
        const own = await commentHistoryRoute(
          req(`CommentHistory/CommentHistoryDetail/${jobA.id}`, c.token),
          ctx({ id: String(jobA.id) }),
        );
        expect(await own.json()).toEqual([]);
        const other = await commentHistoryRoute(
          req(`CommentHistory/CommentHistoryDetail/${jobB.id}`, c.token),
          ctx({ id: String(jobB.id) }),
        );
        expect(other.status).toBe(404);
        // Another client's file stays hidden.
        await expect(openDocument(c.actor, doc!.id)).rejects.toBeInstanceOf(NotFoundError);
      }
      // Nothing changed.
      expect(
        (await t.db().select({ status: jobs.status, lio: jobs.lioNumber }).from(jobs).where(eq(jobs.id, jobA.id)))[0],
      ).toEqual({ status: 12, lio: null });

      for (const role of [1, 2] as const) {
        const s = await signedInStaff(role);
        const list = await listQueue(s.actor, q(), { page: 1, size: 100 });
        expect(list.rows.map((r) => r.id)).toEqual(expect.arrayContaining([jobA.id, jobB.id]));
        expect((await staffJob(s.actor, jobB.id))?.slip.clientName).toBe(b.name);
        const res = await commentHistoryRoute(
          req(`CommentHistory/CommentHistoryDetail/${jobA.id}`, s.token),
          ctx({ id: String(jobA.id) }),
        );
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject([{ Comment: 'Staff only note', IsInternal: true }]);
        const csv = await exportRoute(req('Ops/Jobs/Export', s.token, { ClientId: b.id }), ctx());
        expect(csv.status).toBe(200);
        expect(await csv.text()).toContain(jobB.jmsNumber);
        // A job's file of any client: found (the stored bytes are missing here, so 404 after the audit row).
        const dl = await downloadRoute(req(`Document/Download/${doc!.id}`, s.token), ctx({ id: String(doc!.id) }));
        expect(dl.status).toBe(404);
        const audits = await t
          .db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'ops.document.downloaded'), eq(auditLog.actorUserId, s.user.id)));
        expect(audits).toHaveLength(1);
      }
    });
  });

  describe('the job queue across all clients', () => {
    it('filters by client, status, job type, due and text; sorts; pages with an exact count; exports what it shows', async () => {
      const staff = await signedInStaff(2);
      const c1 = await makeClient({ name: 'Queue Alpha Legal' });
      const c2 = await makeClient({ name: 'Queue Beta Lawyers' });
      const at = (iso: string) => new Date(iso);
      const mk = (clientId: number, over: Partial<typeof jobs.$inferInsert>) =>
        makeJob({
          clientId,
          matterReference: `QQ-${clientId}-${over.status ?? 12}-${Math.random().toString(36).slice(2, 6)}`,
          ...over,
        });
      // Overdue (due yesterday, open), due today, due later this week (Thursday), due next week, delivered yesterday.
      const overdue = await mk(c1.id, {
        status: 2,
        orderType: 5,
        dueAt: at('2026-11-22T23:00:00Z'),
        readyAt: at('2026-11-22T20:00:00Z'),
      });
      const today = await mk(c1.id, {
        status: 12,
        orderType: 6,
        dueAt: at('2026-11-24T05:00:00Z'),
        contactName: 'Zelda Quinn',
      });
      const thisWeek = await mk(c2.id, { status: 4, orderType: 5, dueAt: at('2026-11-26T01:00:00Z') });
      const nextWeek = await mk(c2.id, {
        status: 12,
        orderType: 3,
        dueAt: at('2026-12-01T01:00:00Z'),
        description: 'Binders for the QUEUEDESC hearing',
      });
      const delivered = await mk(c2.id, {
        status: 8,
        orderType: 5,
        dueAt: at('2026-11-22T23:00:00Z'),
        deliveredAt: at('2026-11-22T22:00:00Z'),
      });
      const mine = [overdue, today, thisWeek, nextWeek, delivered].map((j) => j.id);
      const ids = async (query: Partial<QueueQuery>, size = 100) =>
        (await listQueue(staff.actor, q(query), { page: 1, size })).rows
          .map((r) => r.id)
          .filter((id) => mine.includes(id));

      expect(await ids({ clientId: c1.id })).toEqual([today.id, overdue.id].sort((x, y) => y - x));
      expect(new Set(await ids({ statuses: [12] }))).toEqual(new Set([today.id, nextWeek.id]));
      expect(new Set(await ids({ orderType: 5 }))).toEqual(new Set([overdue.id, thisWeek.id, delivered.id]));
      expect(await ids({ due: 'overdue' })).toEqual([overdue.id]);
      expect(await ids({ due: 'today' })).toEqual([today.id]);
      expect(new Set(await ids({ due: 'week' }))).toEqual(new Set([overdue.id, today.id, thisWeek.id, delivered.id]));
      expect(await ids({ text: 'zelda' })).toEqual([today.id]);
      expect(await ids({ text: 'queuedesc' })).toEqual([nextWeek.id]);
      expect(await ids({ text: today.jmsNumber })).toEqual([today.id]);
      expect(await ids({ clientId: c2.id, sortBy: 6, sortOrder: 1 })).toEqual([delivered.id, thisWeek.id, nextWeek.id]);
      // Workflow order: Submitted (12), Ready For Delivery (4), Delivered (8).
      expect(await ids({ clientId: c2.id, sortBy: 8, sortOrder: 1 })).toEqual([nextWeek.id, thisWeek.id, delivered.id]);

      // Paging: page 2 of 2-per-page within one client, and the exact total.
      const p2 = await listQueue(staff.actor, q({ clientId: c2.id, sortBy: 6, sortOrder: 1 }), { page: 2, size: 2 });
      expect(p2.rows.map((r) => r.id)).toEqual([nextWeek.id]);
      expect(p2.totalCount).toBe(3);
      const p1 = await listQueue(staff.actor, q({ clientId: c2.id }), { page: 1, size: 2 });
      expect(p1.totalCount).toBe(3);
      expect(p1.rows[0]).toMatchObject({ clientName: 'Queue Beta Lawyers' });

      // The export: the same rows in the same order, times in the staff member's zone, audited.
      const csv = await text(await queueExportStream(staff.actor, q({ clientId: c2.id, sortBy: 6, sortOrder: 1 })));
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toBe(
        'JMS Number,Client,Order Type,Status,Matter Reference,Description,Contact Name,Time Logged,Time Due,Time Delivered,Assigned To',
      );
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
        delivered.jmsNumber,
        thisWeek.jmsNumber,
        nextWeek.jmsNumber,
      ]);
      expect(lines[1]).toContain('Queue Beta Lawyers,Print,Delivered');
      expect(lines[1]).toContain('23-Nov-2026 10:00 AM');
      const [audit] = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ops.jobs.exported'), eq(auditLog.actorUserId, staff.user.id)));
      expect(audit?.clientId).toBe(c2.id);
    });

    it('the count: client and status filters from the counters, other filters counted (capped past the page); both equal count(*)', async () => {
      const c = await makeClient();
      for (let i = 0; i < 12; i++)
        await makeJob({ clientId: c.id, status: i % 3 === 0 ? 8 : 2, orderType: i % 2 ? 5 : 3 });
      const at = new Date();
      const exact = async (query: ReturnType<typeof q>) =>
        (
          await t
            .db()
            .select({ n: sql<number>`count(*)::int` })
            .from(jobs)
            .where(queueWhere(query, at, 'Australia/Sydney'))
        )[0]?.n;
      for (const query of [
        q({ clientId: c.id }),
        q({ clientId: c.id, statuses: [8] }),
        q({ clientId: c.id, orderType: 5 }),
        q({ clientId: c.id, text: '0' }),
      ]) {
        const r = await countQueue(t.db(), query, queueWhere(query, at, 'Australia/Sydney'), 0);
        expect(r).toEqual({ totalCount: await exact(query), totalCapped: false });
      }
      expect((await countQueue(t.db(), q({ clientId: c.id, statuses: [8] }), undefined, 0)).totalCount).toBe(4);
    });

    it('a text or job type filter: the page looks two pages ahead; exact within them, a lower bound past them', async () => {
      const staff = await signedInStaff(2);
      const c = await makeClient();
      for (let i = 0; i < 35; i++)
        await makeJob({ clientId: c.id, status: 2, orderType: 5, matterReference: `LOOK-${i}` });
      await makeJob({ clientId: c.id, status: 2, orderType: 3, matterReference: 'OTHER' });
      for (const filter of [{ orderType: 5 }, { text: 'look-' }]) {
        const first = await listQueue(staff.actor, q({ clientId: c.id, ...filter }), { page: 1, size: 10 });
        expect(first.rows).toHaveLength(10);
        expect(first).toMatchObject({ totalCount: 31, totalCapped: true });
        const second = await listQueue(staff.actor, q({ clientId: c.id, ...filter }), { page: 2, size: 10 });
        expect(second.rows.map((r) => r.matterReference)).not.toContain('OTHER');
        expect(second).toMatchObject({ totalCount: 35, totalCapped: false });
        const past = await listQueue(staff.actor, q({ clientId: c.id, ...filter }), { page: 9, size: 10 });
        expect(past).toMatchObject({ rows: [], totalCount: 35, totalCapped: false });
        // A size only a legacy caller asks for (its walk not written into the statement), and a deeper page.
        const small = await listQueue(staff.actor, q({ clientId: c.id, ...filter }), { page: 1, size: 5 });
        expect(small.rows).toHaveLength(5);
        expect(small).toMatchObject({ totalCount: 16, totalCapped: true });
        const third = await listQueue(staff.actor, q({ clientId: c.id, ...filter }), { page: 3, size: 5 });
        expect(third.rows.map((r) => r.id)).toEqual(
          expect.not.arrayContaining([...first.rows, ...small.rows].map((r) => r.id)),
        );
        expect(third).toMatchObject({ totalCount: 26, totalCapped: true });
        expect(await listQueue(staff.actor, q({ clientId: c.id, ...filter }), { page: 5, size: 5 })).toMatchObject({
          totalCount: 35,
          totalCapped: false,
        });
      }
      // The counters' exact total, and a due filter's count, ride with the page's ids.
      expect(await listQueue(staff.actor, q({ clientId: c.id }), { page: 1, size: 10 })).toMatchObject({
        totalCount: 36,
        totalCapped: false,
      });
      expect(await listQueue(staff.actor, q({ clientId: c.id, statuses: [2] }), { page: 2, size: 10 })).toMatchObject({
        totalCount: 36,
        totalCapped: false,
      });
      const late = await makeClient();
      const yesterday = new Date(Date.parse('2026-11-22T23:00:00Z'));
      for (let i = 0; i < 12; i++)
        await makeJob({
          clientId: late.id,
          status: 2,
          readyAt: new Date(yesterday.getTime() - 3_600_000),
          dueAt: yesterday,
        });
      const overdue = await listQueue(staff.actor, q({ clientId: late.id, due: 'overdue' }), { page: 1, size: 10 });
      expect(overdue.rows).toHaveLength(10);
      expect(overdue).toMatchObject({ totalCount: 12, totalCapped: false });
      // Page 2 (OFFSET and the count's cap bound, not written in): the last two, and the same total.
      const second = await listQueue(staff.actor, q({ clientId: late.id, due: 'overdue' }), { page: 2, size: 10 });
      expect(second.rows.map((r) => r.id)).toEqual(expect.not.arrayContaining(overdue.rows.map((r) => r.id)));
      expect(second).toMatchObject({
        rows: [expect.anything(), expect.anything()],
        totalCount: 12,
        totalCapped: false,
      });
      // A full page 2 of a size only a legacy caller asks for: the total from the count, not from a short page.
      const third = await listQueue(staff.actor, q({ clientId: late.id, due: 'overdue' }), { page: 2, size: 5 });
      expect(third).toMatchObject({ totalCount: 12, totalCapped: false });
      expect(third.rows).toHaveLength(5);
    });

    it("the overdue filter's count reads only the open jobs' due index, in a generic plan too", async () => {
      // The count of an overdue queue, prepared with its due time bound: only a WHERE written as the index's own
      // (OPEN_JOB) lets the planner prove jobs_open_due_idx applies without seeing the values.
      const where = queueWhere(q({ due: 'overdue', sortBy: 6, sortOrder: 1 }), new Date(), 'Australia/Sydney');
      const count = cappedJobCountQuery(t.db(), where, COUNT_CAP + 1).toSQL();
      expect(count.params).toHaveLength(2);
      const plan = await t.db().transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql.raw(`prepare overdue_count(timestamptz, int) as ${count.sql}`));
        try {
          const [due, limit] = count.params;
          const literal = due instanceof Date ? due.toISOString() : String(due);
          const lines = rowsOf<{ 'QUERY PLAN': string }>(
            await tx.execute(sql.raw(`explain execute overdue_count('${literal}', ${Number(limit)})`)),
          );
          return lines.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await tx.execute(sql`deallocate overdue_count`);
        }
      });
      // Either partial index of the open jobs by due time: the all-clients one or the per-client one of /JobClient.
      expect(plan).toMatch(/Index Only Scan using jobs_(client_)?open_due_idx/);
      expect(plan).not.toMatch(/Filter:/);
    });

    it('a hand-edited URL never fails: unusable values fall back to the defaults', () => {
      const p = new URLSearchParams(
        'client=abc&status=99&status=12&type=42&due=yesterday&logged=never&owner=someone&q=<b>x</b>&sort=3&dir=7',
      );
      expect(queueFromSearchParams(p)).toEqual({ ...DEFAULT_QUEUE_QUERY, statuses: [12] });
      expect(
        queueFromSearchParams(
          new URLSearchParams('client=5&type=5&due=week&logged=today&owner=mine&q=abc&sort=6&dir=1'),
        ),
      ).toEqual({
        clientId: 5,
        statuses: [],
        orderType: 5,
        due: 'week',
        logged: 'today',
        assignee: 'mine',
        text: 'abc',
        sortBy: 6,
        sortOrder: 1,
      });
    });

    it('the export endpoint refuses a malformed body with field messages (400)', async () => {
      const s = await signedInStaff(1);
      const res = await exportRoute(
        req('Ops/Jobs/Export', s.token, { Due: 'soon', Text: '<i>x</i>', Extra: 1 }),
        ctx(),
      );
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual(expect.arrayContaining(['Due', 'Text']));
    });

    it('the export endpoint answers 400 on ClientId for a client that does not exist, and writes no audit row', async () => {
      const s = await signedInStaff(1);
      const c = await makeClient();
      const res = await exportRoute(req('Ops/Jobs/Export', s.token, { ClientId: c.id + 1000 }), ctx());
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ ClientId: [QUEUE_EXPORT_MSG.unknownClient] });
      const audits = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ops.jobs.exported'), eq(auditLog.actorUserId, s.user.id)));
      expect(audits).toEqual([]);
    });
  });

  describe('the job as staff see it', () => {
    it('everything the client sent, internal instructions, comments (internal marked), status history, the next statuses; slip data saved and audited', async () => {
      const staff = await signedInStaff(2);
      const c = await makeClient();
      const job = await makeJob({
        clientId: c.id,
        status: 12,
        orderType: 5,
        internalInstructions: 'Use the colour printer',
        instructions: 'Two copies each',
        instructionBlock: { kind: 'print', paperSize: 1 },
      });
      await changeJobStatus(userPrincipal(staff.actor), job.id, {
        toStatus: 2,
        comment: 'Queued for printing',
        visibility: 'internal',
      });
      const view = await staffJob(staff.actor, job.id);
      expect(view?.slip).toMatchObject({
        internalInstructions: 'Use the colour printer',
        instructions: 'Two copies each',
        status: 2,
        statusLastModifiedByName: 'Oakley Operator',
      });
      expect(view?.comments.map((x) => [x.comment, x.isInternal])).toEqual([['Queued for printing', true]]);
      expect(view?.history.map((h) => [h.fromStatus, h.toStatus, h.changedByName])).toEqual([
        [12, 2, 'Oakley Operator'],
      ]);
      expect(view?.allowedNext).toEqual([7, 4, 3, 10]);
      expect(await staffJob(staff.actor, 2_000_000_000)).toBeNull();

      await updateSlipData(staff.actor, job.id, { lioNumber: ' LIO-2026-77 ', matterType: 'Commercial' });
      expect((await staffJob(staff.actor, job.id))?.slip).toMatchObject({
        lioNumber: 'LIO-2026-77',
        matterType: 'Commercial',
      });
      const [audit] = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ops.job.slip'), eq(auditLog.targetId, String(job.id))));
      expect(audit).toMatchObject({
        actorUserId: staff.user.id,
        clientId: c.id,
        details: {
          before: { lioNumber: null, matterType: null },
          after: { lioNumber: 'LIO-2026-77', matterType: 'Commercial' },
        },
      });
      await expect(updateSlipData(staff.actor, job.id, { lioNumber: '<script>' })).rejects.toMatchObject({
        status: 400,
      });

      // The client sees the slip data but neither the internal instructions nor the internal comment.
      const client = await signedIn(3, c.id);
      expect(await commentHistoryOf(client.actor, job.id)).toEqual([]);
    });
  });
});
