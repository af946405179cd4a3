/**
 * Each job is billed at most once: a job on a live invoice cannot go on another, through the staff service, through
 * PUT /api/v1/invoices/{n} and under concurrency (the database's unique index on the live links); the draft of
 * "Invoice these jobs" leaves the billed jobs out and names them.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUT as putInvoice } from '@/app/api/v1/invoices/[invoiceNumber]/route';
import { invoiceJobs, invoices } from '@/db/schema';
import { ConflictError } from '@/lib/core/errors';
import { userPrincipal } from '@/lib/core/principal';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { createApiKey } from '@/lib/integration/api-keys';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { invoiceIssueSchema } from './issue-schema';
import { issueInvoice, upsertInvoice } from './issue';
import { invoiceDraft } from './prices';
import { listQueue } from '@/lib/ops/queue';
import { DEFAULT_QUEUE_QUERY } from '@/lib/ops/queue-schema';
import { staffJob } from '@/lib/ops/job';
import { presentQueueRow } from '@/lib/ops/present';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('each job is billed at most once', () => {
  const t = useTestDatabase();
  const input = (clientId: number, jobNumbers: string[], number = `INV-${uid()}`) =>
    invoiceIssueSchema.parse({
      ClientId: clientId,
      InvoiceNumber: number,
      JobNumbers: jobNumbers,
      IssueDate: '2026-11-20',
      DueDate: '2026-12-20',
      CurrencyCode: 'AUD',
      Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: '100.00' }],
    });
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ConflictError);
    return e as ConflictError;
  };

  it('refuses a second invoice for a billed job, naming the invoice, and saves nothing of it', async () => {
    const by = userPrincipal(await staffActor(2));
    const client = await makeClient();
    const [a, b, c] = [
      await makeJob({ clientId: client.id }),
      await makeJob({ clientId: client.id }),
      await makeJob({ clientId: client.id }),
    ];
    const first = await issueInvoice(by, input(client.id, [a.jmsNumber, b.jmsNumber]));

    const second = input(client.id, [c.jmsNumber, b.jmsNumber]);
    const e = await refusal(issueInvoice(by, second));
    expect(e.status).toBe(409);
    expect(e.message).toBe(`Job ${b.jmsNumber} is already billed on invoice ${first.invoiceNumber}.`);
    expect(e.fields).toEqual({
      JobNumbers: [`Job ${b.jmsNumber} is already billed on invoice ${first.invoiceNumber}.`],
    });
    expect(await t.db().select().from(invoices).where(eq(invoices.invoiceNumber, second.InvoiceNumber))).toEqual([]);

    // The same invoice replaced with its own jobs is not a second bill; the job left out is free again.
    await upsertInvoice(by, input(client.id, [a.jmsNumber], first.invoiceNumber));
    expect((await issueInvoice(by, second)).event).toBe('issued');
  });

  it('the database holds one live invoice per job; a link no longer live does not count', async () => {
    const by = userPrincipal(await staffActor(2));
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id });
    const one = await issueInvoice(by, input(client.id, [job.jmsNumber]));
    const other = await makeJob({ clientId: client.id });
    const two = await issueInvoice(by, input(client.id, [other.jmsNumber]));
    const clash = await t
      .db()
      .insert(invoiceJobs)
      .values({ invoiceId: two.id, jobId: job.id })
      .then(
        () => null,
        (x: unknown) => x,
      );
    expect(isUniqueViolation(clash)).toBe(true);
    await t.db().update(invoiceJobs).set({ live: false }).where(eq(invoiceJobs.invoiceId, one.id));
    await t.db().insert(invoiceJobs).values({ invoiceId: two.id, jobId: job.id });
  });

  it('ten issues of one job at the same moment: one invoice bills it, the others are refused naming it', async () => {
    const by = userPrincipal(await staffActor(2));
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id });
    const forms = Array.from({ length: 10 }, () => input(client.id, [job.jmsNumber]));
    const results = await Promise.allSettled(forms.map((f) => issueInvoice(by, f)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<{ invoiceNumber: string }>).value.invoiceNumber;
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
      expect((r as PromiseRejectedResult).reason.message).toBe(
        `Job ${job.jmsNumber} is already billed on invoice ${winner}.`,
      );
    }
    const saved = await t
      .db()
      .select({ n: invoices.invoiceNumber })
      .from(invoices)
      .where(
        inArray(
          invoices.invoiceNumber,
          forms.map((f) => f.InvoiceNumber),
        ),
      );
    expect(saved).toEqual([{ n: winner }]);
  });

  it('PUT /api/v1/invoices/{n} answers 409 naming the invoice that bills the job', async () => {
    const admin = await staffActor(1);
    const key = (await createApiKey(admin, { name: `Billing ${uid()}`, scopes: ['invoices:write'] })).key;
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id });
    const put = (number: string) =>
      putInvoice(
        new Request(`http://portal.test/api/v1/invoices/${number}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: client.id,
            jobNumbers: [job.jmsNumber],
            issueDate: '2026-11-01',
            dueDate: '2026-11-15',
            currencyCode: 'AUD',
            lines: [{ stockCode: 'COPY', description: 'Copies', quantity: 1, amount: '200.00' }],
          }),
        }),
        { params: Promise.resolve({ invoiceNumber: number }) },
      );
    const first = `API-${uid()}`;
    expect((await put(first)).status).toBe(201);
    expect((await put(first)).status).toBe(200);
    const second = await put(`API-${uid()}`);
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(JSON.stringify(body)).toContain(`Job ${job.jmsNumber} is already billed on invoice ${first}.`);
  });

  it('"Invoice these jobs" leaves out the billed jobs and names them with their invoice', async () => {
    const staff = await staffActor(2);
    const client = await makeClient();
    const billed = await makeJob({ clientId: client.id });
    const free = await makeJob({ clientId: client.id });
    const inv = await issueInvoice(userPrincipal(staff), input(client.id, [billed.jmsNumber]));
    const draft = await invoiceDraft(staff, { clientId: null, jmsNumbers: [], jobIds: [billed.id, free.id] });
    expect(draft?.billed).toEqual([
      { jobId: billed.id, jmsNumber: billed.jmsNumber, invoiceNumber: inv.invoiceNumber },
    ]);
    expect(draft?.values?.JobNumbers).toBe(free.jmsNumber);
    expect(draft?.values?.Lines).toHaveLength(1);
    const none = await invoiceDraft(staff, { clientId: null, jmsNumbers: [], jobIds: [billed.id] });
    expect(none?.values).toBeNull();
    expect(none?.billed.map((b) => b.invoiceNumber)).toEqual([inv.invoiceNumber]);
  });

  it('the queue and the job page say "Invoiced" with the invoice that bills the job', async () => {
    const staff = await staffActor(2);
    const client = await makeClient();
    const billed = await makeJob({ clientId: client.id });
    const free = await makeJob({ clientId: client.id });
    const inv = await issueInvoice(userPrincipal(staff), input(client.id, [billed.jmsNumber]));
    const page = await listQueue(staff, { ...DEFAULT_QUEUE_QUERY, clientId: client.id }, { page: 1, size: 10 });
    const shown = page.rows.map((r) => presentQueueRow(r, staff.timeZone, new Date()));
    expect(shown.find((r) => r.id === billed.id)?.invoiced).toBe(inv.invoiceNumber);
    expect(shown.find((r) => r.id === free.id)?.invoiced).toBe('');
    expect((await staffJob(staff, billed.id))?.invoiceNumber).toBe(inv.invoiceNumber);
    expect((await staffJob(staff, free.id))?.invoiceNumber).toBeNull();
  });
});
