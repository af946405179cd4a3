import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoiceJobs } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { invoiceIssueSchema } from './issue-schema';
import { issueInvoice, listStaffInvoices, markInvoicePaid, unitPrice, upsertInvoice } from './issue';
import { getInvoiceSlip, getInvoiceSlipsByJob, listInvoices } from './service';
import { invoiceListQuerySchema } from './schema';
import { userPrincipal, systemPrincipal } from '@/lib/core/principal';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('invoices issued by staff', () => {
  const t = useTestDatabase();
  beforeAll(() => {
    process.env.PAYMENT_URL = 'https://pay.example.com/checkout';
    resetConfigForTests();
  });
  afterAll(() => {
    delete process.env.PAYMENT_URL;
    resetConfigForTests();
  });

  async function setup() {
    const user = await signedIn(3);
    const a = await makeJob({ clientId: user.clientId });
    const b = await makeJob({ clientId: user.clientId });
    return { user, a, b };
  }
  const input = (clientId: number, jobNumbers: string, over: Record<string, unknown> = {}) =>
    invoiceIssueSchema.parse({
      ClientId: clientId,
      InvoiceNumber: `INV-${uid()}`,
      JobNumbers: jobNumbers,
      IssueDate: '2026-11-20',
      DueDate: '2026-12-20',
      CurrencyCode: 'aud',
      Lines: [
        { ExtStockId: 'ez999', Description: 'Black and white A4', Quantity: '1,200', Amount: '144.00' },
        { ExtStockId: 'BIND', Description: 'Binding', Quantity: '3', Amount: '10.00' },
      ],
      ...over,
    });

  it('issues an invoice for two jobs; the client sees it at once with its lines, sheets total and pay link', async () => {
    const staff = await staffActor(2);
    const { user, a, b } = await setup();
    const form = input(user.clientId, `${a.jmsNumber}, ${b.jmsNumber}`);
    const written = await issueInvoice(userPrincipal(staff), form);
    // Lines before GST 154.00; GST 10% per line (14.40 + 1.00); total payable 169.40.
    expect(written).toMatchObject({ amount: '169.40', gst: '15.40', event: 'issued' });

    const list = await listInvoices(user.actor, invoiceListQuerySchema.parse({}), { page: 1, size: 10 });
    const row = list.rows.find((r) => r.invoiceNumber === form.InvoiceNumber);
    expect(row).toMatchObject({ jmsNumber: a.jmsNumber, amount: '169.40', currencyCode: 'AUD', isPaid: false });
    expect(row?.payUrl).toContain(`payment_reference=${form.InvoiceNumber}`);
    const slip = await getInvoiceSlip(user.actor, form.InvoiceNumber);
    expect(slip?.sheetsTotal).toBe('1200.00');
    expect(slip?.lines.map((l) => [l.extStockId, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['EZ999', '1200.00', '0.1200', '144.00'],
      ['BIND', '3.00', '3.3333', '10.00'],
    ]);
    // The slip by job number finds it from either job.
    expect((await getInvoiceSlipsByJob(user.actor, b.jmsNumber)).map((x) => x.invoice.invoiceNumber)).toEqual([
      form.InvoiceNumber,
    ]);
    const linked = await t
      .db()
      .select({ jobId: invoiceJobs.jobId })
      .from(invoiceJobs)
      .where(eq(invoiceJobs.invoiceId, written.id));
    expect(linked.map((l) => l.jobId).sort()).toEqual([a.id, b.id].sort());

    // Marked paid: no pay link any more; twice is harmless.
    expect(await markInvoicePaid(userPrincipal(staff), form.InvoiceNumber)).toMatchObject({ changed: true });
    expect(await markInvoicePaid(userPrincipal(staff), form.InvoiceNumber)).toMatchObject({ changed: false });
    const after = await listInvoices(user.actor, invoiceListQuerySchema.parse({}), { page: 1, size: 10 });
    expect(after.rows.find((r) => r.invoiceNumber === form.InvoiceNumber)).toMatchObject({
      isPaid: true,
      payUrl: null,
    });
    const actions = await t
      .db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'invoice'), eq(auditLog.targetId, String(written.id))));
    expect(actions.map((x) => x.action)).toEqual(['ops.invoice.issued', 'ops.invoice.paid']);
    const staffList = await listStaffInvoices(
      staff,
      { text: form.InvoiceNumber, clientId: null, paid: 'paid' },
      { page: 1, size: 10 },
    );
    expect(staffList.rows.map((r) => r.invoiceNumber)).toEqual([form.InvoiceNumber]);
  });

  it('refuses another client’s job, a number in use, and a fractional number of EZ999 sheets', async () => {
    const staff = await staffActor(1);
    const { user, a } = await setup();
    const other = await signedIn(3);
    const theirs = await makeJob({ clientId: other.clientId });
    await expect(
      issueInvoice(userPrincipal(staff), input(user.clientId, `${a.jmsNumber} ${theirs.jmsNumber}`)),
    ).rejects.toMatchObject({
      status: 400,
      fields: { JobNumbers: [`Job ${theirs.jmsNumber} is not a job of this client.`] },
    });
    const form = input(user.clientId, a.jmsNumber);
    await issueInvoice(userPrincipal(staff), form);
    await expect(issueInvoice(userPrincipal(staff), form)).rejects.toMatchObject({
      status: 400,
      fields: { InvoiceNumber: [expect.any(String)] },
    });
    const bad = invoiceIssueSchema.safeParse({
      ...form,
      JobNumbers: a.jmsNumber,
      Lines: [{ ExtStockId: 'EZ999', Description: 'Paper', Quantity: '10.5', Amount: '1' }],
    });
    expect(bad.success).toBe(false);
  });

  it('upsert by number: creates, then replaces lines and jobs of the same client; another client’s number is 409', async () => {
    const system = systemPrincipal('api-key:test');
    const { user, a, b } = await setup();
    const form = input(user.clientId, a.jmsNumber);
    expect((await upsertInvoice(system, form)).event).toBe('issued');
    const again = await upsertInvoice(system, {
      ...form,
      JobNumbers: [b.jmsNumber],
      Lines: [{ ExtStockId: 'EZ999', Description: 'Paper', Quantity: '500', Amount: '60.00' }],
    });
    expect(again).toMatchObject({ event: 'updated', amount: '66.00', gst: '6.00' });
    const slip = await getInvoiceSlip(user.actor, form.InvoiceNumber);
    expect(slip?.invoice.jmsNumber).toBe(b.jmsNumber);
    expect(slip?.lines).toHaveLength(1);
    const other = await signedIn(3);
    const theirs = await makeJob({ clientId: other.clientId });
    await expect(
      upsertInvoice(system, { ...form, ClientId: other.clientId, JobNumbers: [theirs.jmsNumber] }),
    ).rejects.toMatchObject({ status: 409 });
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.invoice.updated'), eq(auditLog.targetId, String(again.id))));
    expect(audit).toMatchObject({ actorUserId: null, details: expect.objectContaining({ actor: 'api-key:test' }) });
  });

  it('client roles cannot issue or mark paid', async () => {
    const { user, a } = await setup();
    await expect(issueInvoice(userPrincipal(user.actor), input(user.clientId, a.jmsNumber))).rejects.toMatchObject({
      status: 403,
    });
    await expect(markInvoicePaid(userPrincipal(user.actor), 'X')).rejects.toMatchObject({ status: 403 });
  });

  it('unit prices: amount / quantity to four decimals, half up', () => {
    expect(unitPrice('10.00', '3')).toBe('3.3333');
    expect(unitPrice('20.00', '3')).toBe('6.6667');
    expect(unitPrice('144.00', '1200')).toBe('0.1200');
  });
});
