/** /api/v1 for billing, called in-process like the provider's own system: payments (and the price list). */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUT as putPrices } from '@/app/api/v1/clients/[clientId]/prices/route';
import { fixedClock, setClock } from '@/lib/clock';
import { invoiceIssueSchema } from '@/lib/invoices/issue-schema';
import { invoiceDraft } from '@/lib/invoices/prices';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { PUT as putInvoice } from '@/app/api/v1/invoices/[invoiceNumber]/route';
import { POST as postPayment } from '@/app/api/v1/payments/route';
import { POST as postVoid } from '@/app/api/v1/invoices/[invoiceNumber]/void/route';
import { POST as postCreditNote } from '@/app/api/v1/invoices/[invoiceNumber]/credit-notes/route';
import { GET as getCreditNotes } from '@/app/api/v1/credit-notes/route';
import { invoices } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeInvoice, makeJob, makeUser } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { createApiKey } from './api-keys';

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;
const BASE = 'http://portal.test';
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

function call(
  handler: Handler,
  opts: {
    path: string;
    method?: string;
    key: string;
    params?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${opts.key}`,
    'content-type': 'application/json',
    ...opts.headers,
  };
  const req = new Request(`${BASE}${opts.path}`, {
    method: opts.method ?? 'POST',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return handler(req, { params: Promise.resolve(opts.params ?? {}) });
}

describe('/api/v1 billing', () => {
  const t = useTestDatabase();
  let key: string;
  let readOnly: string;
  beforeAll(async () => {
    const admin = await staffActor(1);
    key = (
      await createApiKey(admin, {
        name: `Billing ${Math.random().toString(36).slice(2, 6)}`,
        scopes: ['invoices:write'],
      })
    ).key;
    readOnly = (
      await createApiKey(admin, { name: `Reader ${Math.random().toString(36).slice(2, 6)}`, scopes: ['jobs:read'] })
    ).key;
  });

  it('POST /api/v1/invoices/{n}/void and /credit-notes, GET /api/v1/credit-notes: voided, credited, listed; 400 and 409 in the API’s words', async () => {
    const client = await makeClient();
    await makeUser({ clientId: client.id, role: 4 });
    const issue = async () => {
      const job = await makeJob({ clientId: client.id });
      const number = `API-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const put = await call(putInvoice, {
        path: `/api/v1/invoices/${number}`,
        method: 'PUT',
        key,
        params: { invoiceNumber: number },
        body: {
          clientId: client.id,
          jobNumbers: [job.jmsNumber],
          issueDate: '2026-11-01',
          dueDate: '2026-11-15',
          currencyCode: 'AUD',
          lines: [{ stockCode: 'COPY', description: 'Copies', quantity: 1, amount: '200.00' }],
        },
      });
      expect(put.status).toBe(201);
      return number;
    };
    const a = await issue();
    const noReason = await call(postVoid, {
      path: `/api/v1/invoices/${a}/void`,
      key,
      params: { invoiceNumber: a },
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(Object.keys((await noReason.json()).errors)).toEqual(['reason']);
    const voided = await call(postVoid, {
      path: `/api/v1/invoices/${a}/void`,
      key,
      params: { invoiceNumber: a },
      body: { reason: 'Issued twice' },
    });
    expect(voided.status).toBe(200);
    expect(await voided.json()).toMatchObject({
      invoiceNumber: a,
      clientId: client.id,
      reason: 'Issued twice',
      mailsQueued: 1,
    });
    const again = await call(postVoid, {
      path: `/api/v1/invoices/${a}/void`,
      key,
      params: { invoiceNumber: a },
      body: { reason: 'x' },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe(`Invoice ${a} is void.`);

    const b = await issue(); // 220.00 incl. 20.00 GST
    const credit = (amount: string, idem: string) =>
      call(postCreditNote, {
        path: `/api/v1/invoices/${b}/credit-notes`,
        key,
        params: { invoiceNumber: b },
        body: { amount, reason: 'Discount agreed' },
        headers: { 'idempotency-key': idem },
      });
    const note = await credit('22.00', 'cn-1');
    expect(note.status).toBe(201);
    const body = await note.json();
    expect(body).toMatchObject({ invoiceNumber: b, amount: '22.00', gst: '2.00', balance: '198.00', mailsQueued: 1 });
    expect(body.creditNoteNumber).toMatch(/^CN-.+-1$/);
    const replay = await credit('22.00', 'cn-1');
    expect((await replay.json()).creditNoteNumber).toBe(body.creditNoteNumber);
    const tooMuch = await credit('198.01', 'cn-2');
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).errors).toEqual({
      amount: ['The adjustment is more than is left to credit on this invoice ($198.00).'],
    });

    const list = await call(getCreditNotes, {
      path: `/api/v1/credit-notes?clientId=${client.id}&limit=1`,
      method: 'GET',
      key,
    });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({
      creditNotes: [{ creditNoteNumber: body.creditNoteNumber, invoiceNumber: b, amount: '22.00', gst: '2.00' }],
      next: null,
    });
    expect((await call(getCreditNotes, { path: '/api/v1/credit-notes', method: 'GET', key: readOnly })).status).toBe(
      403,
    );
  });

  it('POST /api/v1/payments: a part payment, then the rest (Paid); replayed with its Idempotency-Key once; 400 in the API’s names; scope enforced', async () => {
    const client = await makeClient();
    await makeUser({ clientId: client.id, role: 4 });
    const job = await makeJob({ clientId: client.id });
    const number = `API-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const put = await call(putInvoice, {
      path: `/api/v1/invoices/${number}`,
      method: 'PUT',
      key,
      params: { invoiceNumber: number },
      body: {
        clientId: client.id,
        jobNumbers: [job.jmsNumber],
        issueDate: '2026-11-01',
        dueDate: '2026-11-15',
        currencyCode: 'AUD',
        lines: [{ stockCode: 'COPY', description: 'Copies', quantity: 1, amount: '200.00' }],
      },
    });
    expect(put.status).toBe(201);

    const pay = (amount: string, idem: string) =>
      call(postPayment, {
        path: '/api/v1/payments',
        key,
        body: { invoiceNumbers: [number], paymentDate: '2026-11-20', amount, reference: 'EFT 9' },
        headers: { 'idempotency-key': idem },
      });
    const first = await pay('20.00', 'pay-1');
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({
      clientId: client.id,
      amount: '20.00',
      currencyCode: 'AUD',
      allocations: [{ invoiceNumber: number, amount: '20.00', balance: '200.00', isPaid: false }],
      receiptsQueued: 1,
    });
    const replay = await pay('20.00', 'pay-1');
    expect(replay.status).toBe(201);
    expect((await replay.json()).paymentId).toBe(body.paymentId);

    const rest = await pay('200.00', 'pay-2');
    expect((await rest.json()).allocations[0]).toMatchObject({ balance: '0.00', isPaid: true });
    const [row] = await t
      .db()
      .select({ isPaid: invoices.isPaid, amountPaid: invoices.amountPaid })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, number));
    expect(row).toEqual({ isPaid: true, amountPaid: '220.00' });

    const bad = await call(postPayment, {
      path: '/api/v1/payments',
      key,
      body: { invoiceNumbers: [number], paymentDate: '20-11-2026', amount: '-1' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      paymentDate: ['Please enter a date (yyyy-mm-dd).'],
      amount: ['Please enter an amount greater than zero with at most two decimals (e.g. 125.50).'],
    });
    expect(
      (
        await call(postPayment, {
          path: '/api/v1/payments',
          key: readOnly,
          body: { invoiceNumbers: [number], paymentDate: '2026-11-20', amount: '1' },
        })
      ).status,
    ).toBe(403);
  });

  it('the OpenAPI document lists the payments operation', async () => {
    const doc = await (await getOpenApi(new Request(`${BASE}/api/v1/openapi.json`))).json();
    expect(doc.paths['/api/v1/payments'].post).toBeDefined();
  });
});

describe('/api/v1 price lists and the invoice draft they price', () => {
  useTestDatabase();
  let key: string;
  beforeAll(async () => {
    key = (
      await createApiKey(await staffActor(1), {
        name: `Prices ${Math.random().toString(36).slice(2, 6)}`,
        scopes: ['invoices:write'],
      })
    ).key;
  });

  it('PUT /api/v1/clients/{id}/prices replaces the list and terms; "Invoice these jobs" then drafts a priced line per job, the due date and the next number', async () => {
    restore = setClock(fixedClock('2026-11-25T23:00:00Z')); // 26 Nov 2026 in Sydney
    const client = await makeClient();
    const put = (body: unknown, id = String(client.id)) =>
      call(putPrices, { path: `/api/v1/clients/${id}/prices`, method: 'PUT', key, params: { clientId: id }, body });
    const res = await put({
      paymentTermsDays: 14,
      prices: [
        { orderType: 3, stockCode: 'EZ999', description: 'Black and white copies', unitPrice: '0.125' },
        { orderType: 6, stockCode: 'scan-a4', description: 'Scanning', unitPrice: 0.3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ clientId: client.id, paymentTermsDays: 14, prices: 2 });
    const bad = await put({
      paymentTermsDays: 400,
      prices: [{ orderType: 3, stockCode: 'X', description: 'x', unitPrice: '0.12345' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['paymentTermsDays', 'prices.0.unitPrice']);
    expect((await put({ paymentTermsDays: 1, prices: [] }, '999999')).status).toBe(404);

    const staff = await staffActor(2);
    const copies = await makeJob({ clientId: client.id, orderType: 3, numberOfCopies: 1201 });
    const scan = await makeJob({ clientId: client.id, orderType: 6, numberOfCopies: 40 });
    const court = await makeJob({ clientId: client.id, orderType: 8 });
    const otherFirm = await makeJob({ clientId: (await makeClient()).id, orderType: 3 });
    await makeInvoice({ clientId: client.id, invoiceNumber: `INV-${client.accountNumber}-41` });
    const draft = await invoiceDraft(staff, {
      clientId: null,
      jmsNumbers: [],
      jobIds: [copies.id, scan.id, court.id, otherFirm.id],
    });
    expect(draft).not.toBeNull();
    expect(draft!.values!).toMatchObject({
      ClientId: client.id,
      JobNumbers: `${copies.jmsNumber}, ${scan.jmsNumber}, ${court.jmsNumber}`,
      IssueDate: '2026-11-26',
      DueDate: '2026-12-10',
      // The number is given when the invoice is issued: the next of the firm's series.
      InvoiceNumber: '',
    });
    expect(draft!.nextNumber).toBe(`INV-${client.accountNumber}-42`);
    expect(draft!.values!.Lines).toEqual([
      {
        ExtStockId: 'EZ999',
        Description: `Black and white copies: job ${copies.jmsNumber}, ${copies.matterReference}`,
        Quantity: '1201',
        Amount: '150.13',
      },
      {
        ExtStockId: 'SCAN-A4',
        Description: `Scanning: job ${scan.jmsNumber}, ${scan.matterReference}`,
        Quantity: '40',
        Amount: '12.00',
      },
      {
        ExtStockId: 'COURT',
        Description: `Court: job ${court.jmsNumber}, ${court.matterReference}`,
        Quantity: '1',
        Amount: '0.00',
      },
    ]);
    expect(draft!.unpriced).toEqual([court.jmsNumber]);
    // The draft is a valid invoice once the unpriced line has its amount.
    const lines = draft!.values!.Lines as { Amount: string }[];
    lines[2]!.Amount = '80.00';
    expect(invoiceIssueSchema.safeParse(draft!.values!).success).toBe(true);
  });
});
