/**
 * The report counters (migrations 0025 and 0038) against the rows: after inserts, every kind of change and deletion
 * of jobs and invoices (one row and many in one statement), voids and adjustment notes through the invoice services,
 * and concurrent writers, each chart's statement on the counters (spendStatements) answers exactly what the direct
 * aggregate over the rows answers (directSpendStatements), for viewers in zones whose month boundaries fall at UTC
 * midnight, mid-day and on a half hour; and every counter row equals a recount (reportCounterDrift).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLineItems, invoices, jobs } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { STATUS } from '@/lib/jobs/workflow-rules';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeInvoice, makeJob } from '@/test/factories';
import { invoiceAdjuster } from '@/test/reports';
import { directSpendStatements, reportCounterDrift } from './direct';
import { reportWindow, spendStatements } from './spend';

const AT = '2026-11-20T01:00:00Z';
const ZONES = ['Australia/Sydney', 'Australia/Adelaide', 'UTC', 'America/New_York', 'Asia/Kathmandu'];
const line = (amount: string) => [{ extStockId: 'X', quantity: '1', unitPrice: amount }];
const byMonth = <T extends { month: string }>(rows: T[]) => [...rows].sort((a, b) => a.month.localeCompare(b.month));

describe('report counters equal the aggregates over the rows', () => {
  const t = useTestDatabase();
  let restore: () => void = () => undefined;
  beforeAll(() => {
    restore = setClock(fixedClock(AT));
  });
  afterAll(() => restore());

  /** Every chart of every client, in every zone: the counters' answer is the rows' answer. */
  async function expectSameAnswers(clientIds: number[]) {
    for (const clientId of clientIds) {
      for (const zone of ZONES) {
        const win = reportWindow(new Date(AT), zone);
        const [m, mt, jt, o] = await Promise.all(spendStatements(t.db(), clientId, win));
        const [dm, dmt, djt, dov] = await Promise.all(directSpendStatements(t.db(), clientId, win));
        expect({ zone, clientId, byMonth: byMonth(m), byMatter: mt, byJobType: jt, ordered: byMonth(o) }).toEqual({
          zone,
          clientId,
          byMonth: byMonth(dm),
          byMatter: dmt,
          byJobType: djt,
          ordered: byMonth(dov),
        });
      }
    }
    expect(await reportCounterDrift(t.db())).toEqual([]);
  }

  let a: number;
  let b: number;
  const jobIds: number[] = [];

  it('after jobs and invoices across months, types, matters and the zones’ month boundaries', async () => {
    a = (await makeClient()).id;
    b = (await makeClient()).id;
    // Jobs on either side of the month starts in Sydney (13:00/14:00 UTC), Adelaide (13:30/14:30), New York
    // (04:00/05:00) and Kathmandu (18:15), at UTC midnight, and outside the window.
    const times = [
      '2026-10-31T12:59:59Z',
      '2026-10-31T13:00:00Z',
      '2026-10-31T13:30:00Z',
      '2026-10-31T14:00:00Z',
      '2026-10-31T18:14:00Z',
      '2026-10-31T18:15:00Z',
      '2026-11-01T00:00:00Z',
      '2026-11-01T03:59:00Z',
      '2026-11-01T04:00:00Z',
      '2026-11-19T23:00:00Z',
      '2026-06-30T14:00:00Z',
      '2026-06-30T13:59:59Z',
      '2026-03-01T05:00:00Z',
      '2025-11-30T13:00:00Z',
      '2025-11-30T12:59:00Z',
      '2025-12-01T05:00:00Z',
      '2024-05-05T05:05:05Z',
      '2026-11-30T13:00:00Z',
    ];
    for (const [i, at] of times.entries()) {
      const job = await makeJob({ clientId: i % 5 === 4 ? b : a, orderType: (i % 4) + 1, createdAt: new Date(at) });
      jobIds.push(job.id);
    }
    const issues = [
      '2026-11-01',
      '2026-10-31',
      '2026-06-15',
      '2025-12-01',
      '2025-11-30',
      '2026-11-30',
      '2027-01-01',
      '2026-02-28',
    ];
    for (const [i, issueDate] of issues.entries()) {
      for (const [k, matter] of ['PL-A', 'PL-B', '', `M-${i}`].entries()) {
        await makeInvoice({
          clientId: k === 3 && i % 2 ? b : a,
          jobId: (i + k) % 3 === 0 ? null : jobIds[(i * 3 + k) % jobIds.length],
          matterReference: matter,
          issueDate,
          lines: line(`${i * 10 + k}.${k}5`),
        });
      }
    }
    // A credit and a zero invoice count as invoices of their month, matter and type.
    await makeInvoice({ clientId: a, matterReference: 'PL-A', issueDate: '2026-09-09', lines: line('-12.34') });
    await makeInvoice({
      clientId: a,
      jobId: jobIds[0],
      matterReference: 'PL-Z',
      issueDate: '2026-09-09',
      lines: line('0.00'),
    });
    await expectSameAnswers([a, b]);
  });

  it('after invoices change amount, issue month, matter, job and client, one and many per statement', async () => {
    const all = await t
      .db()
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.clientId, a))
      .orderBy(invoices.id);
    const id = (i: number) => all[i]?.id as number;
    await t
      .db()
      .update(invoices)
      .set({ amount: '999.99' })
      .where(eq(invoices.id, id(0)));
    await t
      .db()
      .update(invoices)
      .set({ issueDate: '2026-07-31' })
      .where(eq(invoices.id, id(1)));
    await t
      .db()
      .update(invoices)
      .set({ matterReference: 'PL-MOVED' })
      .where(eq(invoices.id, id(2)));
    await t
      .db()
      .update(invoices)
      .set({ jobId: jobIds[5] })
      .where(eq(invoices.id, id(3)));
    await t
      .db()
      .update(invoices)
      .set({ jobId: null })
      .where(eq(invoices.id, id(4)));
    await t
      .db()
      .update(invoices)
      .set({ clientId: b })
      .where(eq(invoices.id, id(5)));
    // Many rows at once, some to the same counter rows; and a change of nothing the counters hold.
    await t
      .db()
      .update(invoices)
      .set({ matterReference: 'PL-A', issueDate: '2026-11-02' })
      .where(inArray(invoices.id, [id(6), id(7), id(8), id(9)]));
    await t
      .db()
      .update(invoices)
      .set({ isPaid: true, amountPaid: sql`${invoices.amount}` })
      .where(eq(invoices.clientId, a));
    await t
      .db()
      .update(invoices)
      .set({ amount: sql`${invoices.amount} + 1` })
      .where(eq(invoices.clientId, b));
    await expectSameAnswers([a, b]);
  });

  it('after a job changes order type, creation time or client, is cancelled, and jobs are deleted', async () => {
    await t
      .db()
      .update(jobs)
      .set({ orderType: 8 })
      .where(eq(jobs.id, jobIds[1] as number));
    await t
      .db()
      .update(jobs)
      .set({ orderType: 7 })
      .where(inArray(jobs.id, jobIds.slice(2, 9)));
    await t
      .db()
      .update(jobs)
      .set({ createdAt: new Date('2026-10-31T13:10:00Z') })
      .where(eq(jobs.id, jobIds[9] as number));
    await t
      .db()
      .update(jobs)
      .set({ clientId: b })
      .where(eq(jobs.id, jobIds[10] as number));
    await t
      .db()
      .update(jobs)
      .set({ status: STATUS.cancelled })
      .where(inArray(jobs.id, jobIds.slice(0, 4)));
    // A job with invoices cannot go: they leave it first.
    await t
      .db()
      .update(invoices)
      .set({ jobId: null })
      .where(inArray(invoices.jobId, [jobIds[11] as number, jobIds[17] as number]));
    await t
      .db()
      .delete(jobs)
      .where(inArray(jobs.id, [jobIds[11] as number, jobIds[17] as number]));
    await expectSameAnswers([a, b]);
  });

  it('after invoices are deleted, down to a month, matter and type with none', async () => {
    const remove = async (where: SQL) => {
      const ids = (await t.db().select({ id: invoices.id }).from(invoices).where(where)).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      await t.db().delete(invoiceLineItems).where(inArray(invoiceLineItems.invoiceId, ids));
      await t.db().delete(invoices).where(inArray(invoices.id, ids));
    };
    await remove(eq(invoices.matterReference, 'PL-B'));
    await remove(eq(invoices.issueDate, '2026-11-02'));
    const [one] = await t.db().select({ id: invoices.id }).from(invoices).where(eq(invoices.clientId, b)).limit(1);
    await remove(eq(invoices.id, one?.id as number));
    await expectSameAnswers([a, b]);
  });

  it('after invoices are voided and credited by adjustment notes, then moved and their jobs change type', async () => {
    const staff = await invoiceAdjuster();
    const fresh = (
      clientId: number,
      jobId: number | null,
      matterReference: string,
      issueDate: string,
      amount: string,
    ) => makeInvoice({ clientId, jobId, matterReference, issueDate, lines: line(amount) });
    const voided = await fresh(a, jobIds[2] as number, 'PL-V', '2026-10-31', '40.00');
    const credited = await fresh(a, jobIds[3] as number, 'PL-A', '2026-11-01', '30.00');
    const inFull = await fresh(b, null, 'PL-C', '2026-11-01', '7.50');
    const [paid] = await t
      .db()
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.clientId, a), eq(invoices.isPaid, true)))
      .orderBy(invoices.id)
      .limit(1);
    await staff.voidInvoice(voided.invoiceNumber);
    await staff.credit(credited.invoiceNumber, '12.34');
    await staff.credit(credited.invoiceNumber, '0.66');
    await staff.credit(inFull.invoiceNumber, '7.50');
    // A paid invoice credited in part.
    await staff.credit(paid?.number as string, '1.01');
    await expectSameAnswers([a, b]);

    // The void and the credited invoices move month, matter and job; their jobs change type.
    await t.db().update(invoices).set({ issueDate: '2026-09-30' }).where(eq(invoices.id, voided.id));
    await t
      .db()
      .update(invoices)
      .set({ matterReference: 'PL-MOVED', jobId: jobIds[4] })
      .where(eq(invoices.id, credited.id));
    await t
      .db()
      .update(jobs)
      .set({ orderType: 3 })
      .where(inArray(jobs.id, [jobIds[2] as number, jobIds[4] as number]));
    await expectSameAnswers([a, b]);
  });

  it(
    'under concurrent writers: invoices added and moved while their jobs change type',
    { timeout: 60_000 },
    async () => {
      const c = (await makeClient()).id;
      const mine = await Promise.all(
        [1, 2, 3].map((k) => makeJob({ clientId: c, orderType: k, createdAt: new Date('2026-11-01T12:00:00Z') })),
      );
      const ids = mine.map((j) => j.id);
      const writers = Array.from({ length: 24 }, (_, i) => async () => {
        const job = ids[i % 3] as number;
        if (i % 4 === 0) {
          await t
            .db()
            .update(jobs)
            .set({ orderType: ((i / 4) % 8) + 1 })
            .where(eq(jobs.id, job));
        } else if (i % 4 === 1) {
          await t.db().transaction((tx) =>
            makeInvoice(
              {
                clientId: c,
                jobId: job,
                matterReference: `C-${i % 2}`,
                issueDate: `2026-11-0${(i % 9) + 1}`,
                lines: line(`${i}.01`),
              },
              tx,
            ),
          );
        } else if (i % 4 === 2) {
          await makeInvoice({
            clientId: c,
            jobId: job,
            matterReference: 'C-1',
            issueDate: '2026-10-15',
            lines: line(`${i}.50`),
          });
        } else {
          await t
            .db()
            .update(invoices)
            .set({ jobId: ids[(i + 2) % 3] as number, amount: sql`${invoices.amount} + 0.01` })
            .where(eq(invoices.clientId, c));
        }
        await makeJob({ clientId: c, orderType: 5, createdAt: new Date(Date.UTC(2026, 10, 1, i)) });
      });
      await Promise.all(writers.map((w) => w()));
      await expectSameAnswers([c]);
    },
  );
});
