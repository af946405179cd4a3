/** /api/v1 for billing (issue 30), called in-process like the provider's own system: payments (and the price list). */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { PUT as putInvoice } from '@/app/api/v1/invoices/[invoiceNumber]/route';
import { POST as postPayment } from '@/app/api/v1/payments/route';
import { invoices } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { createApiKey } from './api-keys';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;
const BASE = 'http://portal.test';

function call(handler: Handler, opts: { path: string; method?: string; key: string; params?: Record<string, string>; body?: unknown; headers?: Record<string, string> }) {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.key}`, 'content-type': 'application/json', ...opts.headers };
  const req = new Request(`${BASE}${opts.path}`, { method: opts.method ?? 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return handler(req, { params: Promise.resolve(opts.params ?? {}) });
}

describe('/api/v1 billing', () => {
  const t = useTestDatabase();
  let key: string;
  let readOnly: string;
  beforeAll(async () => {
    const admin = await staffActor(1);
    key = (await createApiKey(admin, { name: `Billing ${Math.random().toString(36).slice(2, 6)}`, scopes: ['invoices:write'] })).key;
    readOnly = (await createApiKey(admin, { name: `Reader ${Math.random().toString(36).slice(2, 6)}`, scopes: ['jobs:read'] })).key;
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
      body: { clientId: client.id, jobNumbers: [job.jmsNumber], issueDate: '2026-11-01', dueDate: '2026-11-15', currencyCode: 'AUD', lines: [{ stockCode: 'COPY', description: 'Copies', quantity: 1, amount: '200.00' }] },
    });
    expect(put.status).toBe(201);

    const pay = (amount: string, idem: string) => call(postPayment, { path: '/api/v1/payments', key, body: { invoiceNumbers: [number], paymentDate: '2026-11-20', amount, reference: 'EFT 9' }, headers: { 'idempotency-key': idem } });
    const first = await pay('20.00', 'pay-1');
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({ clientId: client.id, amount: '20.00', currencyCode: 'AUD', allocations: [{ invoiceNumber: number, amount: '20.00', balance: '200.00', isPaid: false }], receiptsQueued: 1 });
    const replay = await pay('20.00', 'pay-1');
    expect(replay.status).toBe(201);
    expect((await replay.json()).paymentId).toBe(body.paymentId);

    const rest = await pay('200.00', 'pay-2');
    expect((await rest.json()).allocations[0]).toMatchObject({ balance: '0.00', isPaid: true });
    const [row] = await t.db().select({ isPaid: invoices.isPaid, amountPaid: invoices.amountPaid }).from(invoices).where(eq(invoices.invoiceNumber, number));
    expect(row).toEqual({ isPaid: true, amountPaid: '220.00' });

    const bad = await call(postPayment, { path: '/api/v1/payments', key, body: { invoiceNumbers: [number], paymentDate: '20-11-2026', amount: '-1' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ paymentDate: ['Please enter a date (yyyy-mm-dd).'], amount: ['Please enter an amount greater than zero with at most two decimals (e.g. 125.50).'] });
    expect((await call(postPayment, { path: '/api/v1/payments', key: readOnly, body: { invoiceNumbers: [number], paymentDate: '2026-11-20', amount: '1' } })).status).toBe(403);
  });

  it('the OpenAPI document lists the payments operation', async () => {
    const doc = await (await getOpenApi(new Request(`${BASE}/api/v1/openapi.json`))).json();
    expect(doc.paths['/api/v1/payments'].post).toBeDefined();
  });
});
