import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  documents,
  invoiceLineItems,
  invoices,
  JOB_ATTENTION_KIND,
  jobAttentionCounts,
  jobFeedback,
  jobs,
} from '@/db/schema';
import { homeAttention, invoiceAttention } from '@/lib/invoices/attention';
import { invoiceListQuerySchema } from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, makeJob, makeUser, signedIn } from '@/test/factories';
import { ATTENTION_QUERIES, attentionQuery, countJobAttention, type JobAttentionKey } from './attention';
import { jobListBodySchema, queryFromSearchParams, querySearchParams, toJobListBody } from './list-schema';
import { listJobs } from './queries';

const HOUR = 3_600_000;
const ALL = { page: 1, size: 0 };

async function deliverable(jobId: number, clientId: number) {
  const db = await getDb();
  const [row] = await db
    .insert(documents)
    .values({ clientId, jobId, storageKey: randomUUID(), fileName: 'done.pdf', size: 10, kind: 'deliverable' })
    .returning({ id: documents.id });
  return row!.id;
}

/** The counters against a count of the jobs themselves. */
async function countersMatchJobs(clientId: number) {
  const db = await getDb();
  const counted = await db
    .select({ kind: jobAttentionCounts.kind, n: jobAttentionCounts.n })
    .from(jobAttentionCounts)
    .where(eq(jobAttentionCounts.clientId, clientId));
  const of = (kind: number) => counted.find((r) => r.kind === kind)?.n ?? 0;
  const [truth] = await db
    .select({
      files:
        sql<number>`count(*) filter (where exists (select 1 from documents d where d.job_id = jobs.id and d.kind = 'deliverable' and d.deleted_at is null))::int`.mapWith(
          Number,
        ),
      nofb: sql<number>`count(*) filter (where not exists (select 1 from job_feedback f where f.job_id = jobs.id))::int`.mapWith(
        Number,
      ),
    })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.status, 8)));
  expect({
    files: of(JOB_ATTENTION_KIND.deliveredWithFiles),
    nofb: of(JOB_ATTENTION_KIND.deliveredWithoutFeedback),
  }).toEqual(truth);
  return truth!;
}

describe('what needs me: the strip counts', () => {
  useTestDatabase();

  it('each count equals the total of the list its link opens, for the actor firm only', async () => {
    // A client administrator: the strip counts the firm's jobs.
    const me = await signedIn(4);
    const other = await signedIn(4);
    const t = Date.now();
    const clientId = me.clientId;
    // due within 24 h (open), one due in 30 h, one overdue, one overdue but delivered (not overdue)
    await makeJob({ clientId, readyAt: new Date(t - 2 * HOUR), dueAt: new Date(t + 3 * HOUR) });
    await makeJob({ clientId, readyAt: new Date(t - 2 * HOUR), dueAt: new Date(t + 20 * HOUR), status: 2 });
    await makeJob({ clientId, readyAt: new Date(t - 2 * HOUR), dueAt: new Date(t + 30 * HOUR) });
    await makeJob({ clientId, readyAt: new Date(t - 9 * HOUR), dueAt: new Date(t - 5 * HOUR), status: 3 });
    await makeJob({ clientId, readyAt: new Date(t - 9 * HOUR), dueAt: new Date(t - 4 * HOUR), status: 13 });
    // Overdue and being worked on: the one overdue job. Past due but awaiting a cost estimate or ready for collection
    // (like the On Hold and Waiting For Payment ones above) waits on the client: not overdue, so no job is on two tiles.
    await makeJob({ clientId, readyAt: new Date(t - 9 * HOUR), dueAt: new Date(t - 3 * HOUR), status: 2 });
    await makeJob({ clientId, readyAt: new Date(t - 9 * HOUR), dueAt: new Date(t - 3 * HOUR), status: 15 });
    await makeJob({ clientId, readyAt: new Date(t - 9 * HOUR), dueAt: new Date(t - 3 * HOUR), status: 6 });
    const delivered = await makeJob({
      clientId,
      readyAt: new Date(t - 30 * HOUR),
      dueAt: new Date(t - 26 * HOUR),
      status: 8,
      deliveredAt: new Date(t - 25 * HOUR),
    });
    const rated = await makeJob({
      clientId,
      readyAt: new Date(t - 30 * HOUR),
      dueAt: new Date(t - 26 * HOUR),
      status: 8,
      deliveredAt: new Date(t - 2 * HOUR),
    });
    await makeJob({
      clientId,
      readyAt: new Date(t - 900 * HOUR),
      dueAt: new Date(t - 890 * HOUR),
      status: 8,
      deliveredAt: new Date(t - 880 * HOUR),
    });
    await makeJob({ clientId, status: 6 });
    await makeJob({ clientId, readyAt: new Date(t - 2 * HOUR), dueAt: new Date(t + 1 * HOUR), status: 10 });
    await deliverable(delivered.id, clientId);
    await deliverable(delivered.id, clientId);
    const db = await getDb();
    await db.insert(jobFeedback).values({ jobId: rated.id, clientId, feedback: 5 });
    // The other firm: the same kinds of jobs, never in my counts.
    const theirs = await makeJob({
      clientId: other.clientId,
      readyAt: new Date(t - 2 * HOUR),
      dueAt: new Date(t + 2 * HOUR),
      status: 8,
    });
    await deliverable(theirs.id, other.clientId);
    await makeJob({ clientId: other.clientId, status: 3 });

    const counts = await countJobAttention(me.actor);
    expect(Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v.n]))).toEqual({
      due24: 3, // the Ready For Collection job is due in 3 h too
      overdue: 1,
      waiting: 2,
      readyForCollection: 2,
      deliveredRecently: 2,
      deliveredWithFiles: 1,
      deliveredWithoutFeedback: 2,
    });
    for (const key of Object.keys(counts) as JobAttentionKey[]) {
      // The link: the query through its URL and back, as the page reads it.
      const query = queryFromSearchParams(new URLSearchParams(querySearchParams(ATTENTION_QUERIES[key])));
      const list = await listJobs(me.actor, query, { page: 1, size: 10 });
      expect({ key, total: list.totalCount }).toEqual({ key, total: counts[key].n });
      expect(list.rows.length).toBe(Math.min(10, counts[key].n));
      // The export posts the same body: it round-trips too.
      expect(jobListBodySchema.parse(toJobListBody(query))).toEqual(query);
    }
    // The page reads them with the invoices' in one statement: the same counts.
    const home = await homeAttention(me.actor);
    expect(home.scope).toBe('firm');
    expect(home.jobs).toEqual(counts);
    const theirCounts = await countJobAttention(other.actor);
    expect(theirCounts.deliveredWithFiles.n).toBe(1);
    expect(theirCounts.waiting.n).toBe(1);
    expect(theirCounts.overdue.n).toBe(0);
  });

  it("a clerk's strip counts their own jobs, each count equal to its list's total; an administrator's the firm's", async () => {
    const me = await signedIn(3);
    const clientId = me.clientId;
    const colleague = await makeUser({ clientId, role: 3, email: 'colleague@example.com' });
    const admin = await signedIn(4, clientId);
    const t = Date.now();
    const db = await getDb();
    // Mine: ordered by me (any contact), or ordered by a colleague naming me as contact (any letter case).
    const byMe = { clientId, createdById: me.user.id, email: 'someone.else@example.com' };
    const forMe = { clientId, createdById: colleague.id, email: me.user.email.toUpperCase() };
    // Not mine: a colleague's job for a colleague, and an API order with no creator naming someone else.
    const theirs = { clientId, createdById: colleague.id, email: 'colleague@example.com' };
    const nobody = { clientId, createdById: null, email: 'front.desk@example.com' };
    for (const who of [byMe, forMe, theirs, nobody]) {
      await makeJob({ ...who, readyAt: new Date(t - 2 * HOUR), dueAt: new Date(t + 3 * HOUR) }); // due within 24 h
      await makeJob({ ...who, status: 3, readyAt: new Date(t + 48 * HOUR) }); // On Hold
      await makeJob({ ...who, status: 6, readyAt: new Date(t + 48 * HOUR) }); // Ready For Collection
      await makeJob({ ...who, readyAt: new Date(t - 9 * HOUR), dueAt: new Date(t - 3 * HOUR), status: 2 }); // overdue
    }
    await makeJob({ ...byMe, status: 13, readyAt: new Date(t + 48 * HOUR) }); // Waiting For Payment: on me too
    const delivered = await makeJob({ ...forMe, status: 8, deliveredAt: new Date(t - 2 * HOUR) });
    const rated = await makeJob({ ...byMe, status: 8, deliveredAt: new Date(t - 3 * HOUR) });
    const old = await makeJob({ ...theirs, status: 8, deliveredAt: new Date(t - 500 * HOUR) });
    await deliverable(delivered.id, clientId);
    await deliverable(old.id, clientId);
    await db.insert(jobFeedback).values({ jobId: rated.id, clientId, feedback: 5 });

    const home = await homeAttention(me.actor);
    expect(home.scope).toBe('mine');
    const mine = Object.fromEntries(Object.entries(home.jobs).map(([k, v]) => [k, v.n]));
    expect(mine).toEqual({
      due24: 2,
      overdue: 2,
      waiting: 3,
      readyForCollection: 2,
      deliveredRecently: 2,
      deliveredWithFiles: 1,
      deliveredWithoutFeedback: 1,
    });
    for (const key of Object.keys(home.jobs) as JobAttentionKey[]) {
      // The tile's link, through its URL and back as the page reads it: the clerk's own list, the same total.
      const query = queryFromSearchParams(new URLSearchParams(querySearchParams(attentionQuery(key, 'mine'))));
      expect(query.mine).toBe(true);
      const list = await listJobs(me.actor, query, ALL);
      expect({ key, total: list.totalCount }).toEqual({ key, total: home.jobs[key].n });
      // Every row of it is the clerk's own, by creator or by contact address.
      for (const row of list.rows) {
        const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id));
        expect(job!.createdById === me.user.id || job!.email.toLowerCase() === me.user.email.toLowerCase()).toBe(true);
      }
      // The export posts the same body, "Only my jobs" included.
      expect(jobListBodySchema.parse(toJobListBody(query))).toEqual(query);
    }
    // The firm's counts for the clerk who asks for them (?tiles=firm), and by default for the administrator.
    const firm = await homeAttention(me.actor, 'firm');
    expect(firm.scope).toBe('firm');
    expect(firm.jobs.waiting.n).toBe(5);
    expect(firm.jobs.deliveredWithFiles.n).toBe(2);
    const adminHome = await homeAttention(admin.actor);
    expect(adminHome.scope).toBe('firm');
    expect(adminHome.jobs).toEqual(firm.jobs);
    // The administrator's own jobs: none.
    const adminMine = await homeAttention(admin.actor, 'mine');
    expect(Object.values(adminMine.jobs).every((c) => c.n === 0)).toBe(true);
    // Whose jobs "mine" means comes from the session: the same query as the colleague gives the colleague's.
    const colleagueActor = { ...me.actor, userId: colleague.id, userName: colleague.userName };
    const theirList = await listJobs(colleagueActor, { ...ATTENTION_QUERIES.waiting, mine: true }, ALL);
    expect(theirList.totalCount).toBe(2); // theirs and forMe are both ordered by the colleague
  });

  it('the delivered counters stay exact through deliverables, removals, feedback and status changes', async () => {
    const me = await signedIn(3);
    const clientId = me.clientId;
    const db = await getDb();
    const a = await makeJob({ clientId, status: 2 });
    const b = await makeJob({ clientId, status: 8, deliveredAt: new Date() });
    expect(await countersMatchJobs(clientId)).toEqual({ files: 0, nofb: 1 });
    const fa = await deliverable(a.id, clientId); // not delivered yet: not counted
    const fb1 = await deliverable(b.id, clientId);
    const fb2 = await deliverable(b.id, clientId);
    expect(await countersMatchJobs(clientId)).toEqual({ files: 1, nofb: 1 });
    await db.update(jobs).set({ status: 8, deliveredAt: new Date() }).where(eq(jobs.id, a.id));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 2, nofb: 2 });
    await db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, fb1));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 2, nofb: 2 });
    await db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, fb2));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 1, nofb: 2 });
    await db.insert(jobFeedback).values({ jobId: b.id, clientId, feedback: 4 });
    expect(await countersMatchJobs(clientId)).toEqual({ files: 1, nofb: 1 });
    await db.update(jobs).set({ status: 3 }).where(eq(jobs.id, a.id));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 0, nofb: 0 });
    await db.delete(documents).where(eq(documents.id, fa));
    await db.update(jobs).set({ status: 8 }).where(eq(jobs.id, a.id));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 0, nofb: 1 });
    await db.delete(jobFeedback).where(eq(jobFeedback.jobId, b.id));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 0, nofb: 2 });
    // A bulk update touching unrelated columns changes nothing.
    await db.update(jobs).set({ description: 'renamed' }).where(eq(jobs.clientId, clientId));
    expect(await countersMatchJobs(clientId)).toEqual({ files: 0, nofb: 2 });
  });

  it('unpaid invoices: count, total in whole cents and overdue, each equal to the /Invoice list it links to', async () => {
    const me = await signedIn(3);
    const other = await signedIn(3);
    const line = (price: string) => [{ extStockId: 'X1', quantity: '1', unitPrice: price }];
    await makeInvoice({ clientId: me.clientId, lines: line('100.10'), dueDate: '2020-01-01' });
    await makeInvoice({ clientId: me.clientId, lines: line('0.20'), dueDate: '2999-01-01' });
    await makeInvoice({ clientId: me.clientId, lines: line('50'), isPaid: true, dueDate: '2020-01-01' });
    await makeInvoice({ clientId: other.clientId, lines: line('999'), dueDate: '2020-01-01' });
    const a = await invoiceAttention(me.actor);
    expect(a).toEqual({ unpaid: 2, overdue: 1, totals: [{ currencyCode: 'AUD', cents: 10030 }] });
    const unpaid = await listInvoices(me.actor, invoiceListQuerySchema.parse({ PaymentFilter: 'unpaid' }), ALL);
    const overdue = await listInvoices(me.actor, invoiceListQuerySchema.parse({ PaymentFilter: 'overdue' }), ALL);
    expect(unpaid.totalCount).toBe(2);
    expect(overdue.totalCount).toBe(1);
    expect(overdue.rows.map((r) => r.amount)).toEqual(['100.10']);
    expect(invoiceListQuerySchema.safeParse({ PaymentFilter: 'sometimes' }).success).toBe(false);

    // The counters follow every change: paid, amount and due date changed, deleted, another currency.
    const db = await getDb();
    const x = await makeInvoice({ clientId: me.clientId, lines: line('10.01'), dueDate: '2020-02-02' });
    await makeInvoice({ clientId: me.clientId, lines: line('7.50'), currencyCode: 'NZD' });
    await db.update(invoices).set({ amount: '11.11', dueDate: null }).where(eq(invoices.id, x.id));
    expect(await invoiceAttention(me.actor)).toEqual({
      unpaid: 4,
      overdue: 1,
      totals: [
        { currencyCode: 'AUD', cents: 10030 + 1111 },
        { currencyCode: 'NZD', cents: 750 },
      ],
    });
    await db.update(invoices).set({ isPaid: true }).where(eq(invoices.id, x.id));
    await db.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, x.id));
    await db.delete(invoices).where(eq(invoices.id, x.id));
    const [truth] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number), cents: sql<string>`(sum(amount) * 100)::bigint::text` })
      .from(invoices)
      .where(and(eq(invoices.clientId, me.clientId), eq(invoices.isPaid, false), eq(invoices.currencyCode, 'AUD')));
    const after = await invoiceAttention(me.actor);
    expect(after.totals[0]).toEqual({ currencyCode: 'AUD', cents: Number(truth!.cents) });
    expect(after.unpaid).toBe(truth!.n + 1);
  });
});
