/**
 * The commit-ordered change feed (lib/integration/feed.ts) on the real database: the events the real services
 * write (saveJob, changeJobStatus, saveJobFeedback, the invoice service), cursors, and — on PostgreSQL, where two
 * transactions can be open at once — writes that commit in the opposite order of their start.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBranchAddresses } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { ValidationError } from '@/lib/core/errors';
import { markInvoicePaid, upsertInvoice } from '@/lib/invoices/issue';
import { invoiceIssueSchema } from '@/lib/invoices/issue-schema';
import { saveJobFeedback } from '@/lib/jobs/feedback';
import { saveJob } from '@/lib/jobs/save';
import { changeJobStatus } from '@/lib/jobs/workflow';
import { testEngine, useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { decodeCursor, encodeCursor, FEED_START, readEvents, readJobChanges, type JobChange } from './feed';
import { systemPrincipal } from '@/lib/core/principal';

// Tuesday 4 March 2025, 11:00 in Sydney: business hours.
const NOW = '2025-03-04T00:00:00Z';
let restore: () => void = () => undefined;
beforeEach(() => {
  restore = setClock(fixedClock(NOW));
});
afterEach(() => restore());

/** Everything after the cursor, following nextCursor page by page (as a consumer does). */
async function drain(cursor: string | null, pageSize = 2): Promise<{ changes: JobChange[]; cursor: string | null }> {
  const all: JobChange[] = [];
  let c = cursor;
  for (;;) {
    const page = await readJobChanges(c, pageSize);
    all.push(...page.changes);
    if (page.changes.length === 0) return { changes: all, cursor: page.nextCursor };
    c = page.nextCursor;
  }
}

describe('integration change feed', () => {
  const t = useTestDatabase();

  it('carries the changes the services write, in order, each once, from a stored cursor', async () => {
    const start = await drain(null);
    const me = await signedIn(6);
    const [branch] = await t
      .db()
      .select()
      .from(clientBranchAddresses)
      .where(eq(clientBranchAddresses.clientId, me.clientId))
      .limit(1);
    const saved = await saveJob(me.actor, {
      orderType: 7,
      contactName: 'Morgan Patel',
      email: 'morgan@example.com',
      contactPhone: '(02)9000-1234',
      matterReference: 'HV-1',
      clientBranchAddressId: branch!.id,
      dateReadyInput: '04/03/2025',
      timeReadyInput: '11:30 AM',
      dateDueInput: '05/03/2025',
      timeDueInput: '10:00 AM',
      collectionDescription: 'Advise on the review platform.',
    });
    const system = systemPrincipal('API key "shop floor"');
    await changeJobStatus(system, saved.jobId, { toStatus: 2, comment: 'On the bench', visibility: 'client' });
    await changeJobStatus(system, saved.jobId, { toStatus: 4, comment: 'Checked', visibility: 'internal' });
    await changeJobStatus(system, saved.jobId, { toStatus: 8, visibility: 'client', confirmNoDeliverable: true });
    await saveJobFeedback(me.actor, { jobId: saved.jobId, feedBack: 5, comments: 'Quick, thanks' });

    const after = await drain(start.cursor);
    expect(after.changes.map((c) => [c.kind, c.jmsNumber, c.status])).toEqual([
      ['job.created', saved.jmsNumber, 12],
      ['job.status_changed', saved.jmsNumber, 2],
      ['job.status_changed', saved.jmsNumber, 4],
      ['job.status_changed', saved.jmsNumber, 8],
      ['job.feedback', saved.jmsNumber, 8],
    ]);
    const [created, started, ready, delivered, feedback] = after.changes;
    expect(created).toMatchObject({
      jobId: saved.jobId,
      clientId: me.clientId,
      occurredAt: new Date(NOW),
      data: { orderType: 7, matterReference: 'HV-1' },
    });
    expect(started!.data).toEqual({
      fromStatus: 12,
      toStatus: 2,
      changedBy: 'API key "shop floor"',
      comment: 'On the bench',
      visibleToClient: true,
    });
    expect(ready!.data).toMatchObject({ comment: 'Checked', visibleToClient: false });
    expect(delivered!.data).toEqual({ fromStatus: 4, toStatus: 8, changedBy: 'API key "shop floor"' });
    expect(feedback!.data).toEqual({ feedback: 5, comments: 'Quick, thanks' });
    // Stored cursor: nothing again; the cursor stays where it was.
    const again = await readJobChanges(after.cursor, 100);
    expect(again).toEqual({ changes: [], nextCursor: after.cursor });
    // A cursor in the middle gives the rest.
    expect((await readJobChanges(created!.cursor, 100)).changes.map((c) => c.cursor)).toEqual(
      [started, ready, delivered, feedback].map((c) => c!.cursor),
    );
  });

  it('a staff edit of the job is job.changed with the fields; invoices are in the log but not in the job feed', async () => {
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId, status: 8 });
    const start = (await drain(null)).cursor;
    const eventsStart = (await readEvents(t.db(), FEED_START, 100_000)).at(-1)!.position;
    await t.db().execute(`update jobs set lio_number = 'LIO-7', updated_at = now() where id = ${job.id}`);
    const invoice = (amount: string) =>
      invoiceIssueSchema.parse({
        ClientId: me.clientId,
        InvoiceNumber: `INV-F-${job.id}`,
        JobNumbers: [job.jmsNumber],
        CurrencyCode: 'AUD',
        IssueDate: '2025-03-04',
        DueDate: '2025-03-18',
        Lines: [{ ExtStockId: 'EZ1', Description: 'Copies', Quantity: '10', Amount: amount }],
      });
    const inv = await upsertInvoice(systemPrincipal('Billing'), invoice('12.00'));
    // Upserted again (the same number): an update, not a second invoice.issued.
    await upsertInvoice(systemPrincipal('Billing'), invoice('13.00'));
    await markInvoicePaid(systemPrincipal('Billing'), inv.invoiceNumber);
    await markInvoicePaid(systemPrincipal('Billing'), inv.invoiceNumber);

    const jobChanges = (await drain(start)).changes;
    expect(jobChanges.map((c) => [c.kind, c.data])).toEqual([['job.changed', { fields: ['lio_number'] }]]);
    const events = await readEvents(t.db(), eventsStart, 100);
    expect(events.map((e) => [e.kind, e.invoiceNumber, e.jobId])).toEqual([
      ['job.changed', null, job.id],
      ['invoice.issued', inv.invoiceNumber, job.id],
      ['invoice.paid', inv.invoiceNumber, job.id],
      // Marked paid: what was left is recorded as a payment (no job: a payment is the invoice's).
      ['payment.received', inv.invoiceNumber, null],
    ]);
    // 12.00 before GST, 10% GST: 13.20 payable.
    expect(events[1]!.data).toMatchObject({ amount: '13.20', currencyCode: 'AUD', issueDate: '2025-03-04' });
  });

  it('refuses a cursor it did not give out (400 on cursor)', async () => {
    for (const bad of ['', 'abc', '1_', '-1_2', '1_2_3', '99999999999999999_1']) {
      await expect(readJobChanges(bad, 10)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(decodeCursor(encodeCursor({ seq: 12, eventId: 345 }))).toEqual({ seq: 12, eventId: 345 });
  });

  // Two transactions open at once need two connections: the real PostgreSQL (PGlite runs one at a time).
  if (testEngine() === 'postgres') {
    it('PostgreSQL: writes that commit in the opposite order of their start are each seen once, in commit order', async () => {
      // Two firms: jobs of one firm and status also meet on the status counter row (migration 0004), which would
      // make the second writer wait for the first.
      const me = await signedIn(3);
      const other = await signedIn(3);
      const start = (await drain(null)).cursor;
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((r) => (releaseFirst = r));
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((r) => (firstWrote = r));
      // T1 starts first and writes first (lower txid, lower event id), but commits last.
      const first = t.db().transaction(async (tx) => {
        const j = await makeJob({ clientId: me.clientId, matterReference: 'FIRST' }, tx);
        firstWrote();
        await firstMayCommit;
        return j;
      });
      await firstHasWritten;
      const second = await t
        .db()
        .transaction(async (tx) => makeJob({ clientId: other.clientId, matterReference: 'SECOND' }, tx));

      // A consumer reads now: only T2 is committed.
      const early = await drain(start);
      expect(early.changes.map((c) => c.jmsNumber)).toEqual([second.jmsNumber]);
      releaseFirst();
      const firstJob = await first;
      // From its stored cursor it now sees T1's change, which committed after the cursor was given out.
      const late = await drain(early.cursor);
      expect(late.changes.map((c) => c.jmsNumber)).toEqual([firstJob.jmsNumber]);
      // From the beginning: commit order (T2, then T1), though T1's event id is the lower one.
      const all = (await drain(start)).changes;
      expect(all.map((c) => c.jmsNumber)).toEqual([second.jmsNumber, firstJob.jmsNumber]);
      expect(all[1]!.jobId).toBeLessThan(all[0]!.jobId);
    });

    it('PostgreSQL: many concurrent writers, a consumer polling meanwhile sees every change exactly once', async () => {
      const firms = await Promise.all(Array.from({ length: 4 }, () => signedIn(3)));
      const start = (await drain(null)).cursor;
      const seen: string[] = [];
      let cursor = start;
      let done = false;
      const poll = (async () => {
        while (!done) {
          const page = await readJobChanges(cursor, 7);
          seen.push(...page.changes.map((c) => c.jmsNumber));
          cursor = page.nextCursor;
        }
      })();
      const made = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.db().transaction(async (tx) => {
            const j = await makeJob(
              { clientId: firms[i % 4]!.clientId, status: [12, 2, 4, 8, 1][i % 5], matterReference: `C${i}` },
              tx,
            );
            await tx.execute(`select pg_sleep(${(i % 5) / 200})`);
            return j;
          }),
        ),
      );
      done = true;
      await poll;
      seen.push(...(await drain(cursor)).changes.map((c) => c.jmsNumber));
      expect(seen).toHaveLength(40);
      expect(new Set(seen)).toEqual(new Set(made.map((j) => j.jmsNumber)));
    });
  }
});
