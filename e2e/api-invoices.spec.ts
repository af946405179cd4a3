/**
 * The legacy api/Invoice/* endpoints over HTTP with the bearer jwtToken, as a legacy caller uses them.
 * Demo client Northgate Legal (NG2002): 45 invoices; INV-NG2002-1003 has 330 EZ999 sheets and costs $123.31 with GST.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './support/auth';
import { csvText } from './support/csv';

const encode = (v: string) => [0, 1, 2, 3].reduce((s) => Buffer.from(s, 'utf8').toString('base64'), v);

interface Invoice {
  JMSNumber: string;
  InvoiceNumber: string;
  Amount: number;
  CurrencyCode: string;
  IssueDate: string;
  IsPaid: boolean;
}

test.describe('api/Invoice', () => {
  let auth: Record<string, string> = {};
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    auth = { Authorization: `Bearer ${await apiToken(request, 'ng.user')}` };
    await request.dispose();
  });

  const list = (request: APIRequestContext, body: unknown, page = 1, size = 10, headers = auth) =>
    request.post(`/api/Invoice/InvoiceList/CurrentPage/${page}/PageSize/${size}`, { headers, data: body });

  test('lists a page of the caller’s invoices, newest first', async ({ request }) => {
    const res = await list(request, {});
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.TotalCount).toBe(45);
    expect(body.ItemsPerPage).toBe(10);
    const invoices: Invoice[] = body.Invoices;
    expect(invoices).toHaveLength(10);
    expect(invoices.every((i) => i.InvoiceNumber.startsWith('INV-NG2002-'))).toBe(true);
    const dates = invoices.map((i) => i.IssueDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const filtered = await (await list(request, { InvoiceNumber: 'ng2002-1003', SortBy: 4, SortOrder: 1 })).json();
    expect(filtered.Invoices.map((i: Invoice) => [i.InvoiceNumber, i.Amount, i.CurrencyCode])).toEqual([
      ['INV-NG2002-1003', 123.31, 'AUD'],
    ]);
  });

  test('answers 400 for malformed filters, 401 without a token', async ({ request }) => {
    const bad = await list(request, { AmountFilter: 'ten dollars' });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.fields.AmountFilter).toEqual([
      'Please enter an amount (e.g. 125.50) or a range (e.g. 100-500).',
    ]);
    expect((await list(request, { IssueDateFilter: 99 })).status()).toBe(400);
    expect((await list(request, { SortOrder: 'up' })).status()).toBe(400);
    expect((await list(request, { ClientId: 1, PageSize: 10 })).status()).toBe(200); // extra keys are ignored
    expect((await list(request, {}, 0)).status()).toBe(400);
    expect((await list(request, {}, 1, 10, {})).status()).toBe(401);
    // An array nested 2,000 deep: a 400, never a stack overflow.
    const nested = `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    for (const path of ['/api/Invoice/InvoiceList/CurrentPage/1/PageSize/10', '/api/Invoice/ExportCSVInvoices']) {
      const res = await request.post(path, { headers: { ...auth, 'content-type': 'application/json' }, data: nested });
      expect(res.status(), path).toBe(400);
    }
  });

  test('lists the issue-date buckets', async ({ request }) => {
    const res = await request.get('/api/Invoice/IssueDateFilters', { headers: auth });
    expect(res.status()).toBe(200);
    expect((await res.json())[0]).toEqual({ Id: 0, Text: 'Any' });
  });

  test('answers the slip by invoice number and date, and by job number; foreign invoices are 404', async ({
    request,
  }) => {
    const [inv]: Invoice[] = (await (await list(request, { InvoiceNumber: 'INV-NG2002-1003' })).json()).Invoices;
    expect(inv).toBeDefined();
    const slip = await request.get(`/api/Invoice/InvoiceNumber/INV-NG2002-1003/${inv?.IssueDate}`, { headers: auth });
    expect(slip.status()).toBe(200);
    const body = await slip.json();
    expect(body.InvoiceModel.InvoiceNumber).toBe('INV-NG2002-1003');
    expect(body.SheetsOfPaperTotal).toBe(330);
    expect(body.InvoiceLineItemModel.map((l: { ExtStockId: string }) => l.ExtStockId)).toContain('EZ999');
    const payment = new URL(body.PaymentUrl);
    expect(payment.searchParams.get('acno')).toBe('NG2002');

    expect(
      (
        await request.get(`/api/Invoice/InvoiceNumber/INV-NG2002-1003/${encode(inv?.IssueDate ?? '')}`, {
          headers: auth,
        })
      ).status(),
    ).toBe(200);
    expect(
      (await request.get('/api/Invoice/InvoiceNumber/INV-NG2002-1003/not-a-date', { headers: auth })).status(),
    ).toBe(400);
    expect(
      (await request.get(`/api/Invoice/InvoiceNumber/INV-HV1001-1003/${inv?.IssueDate}`, { headers: auth })).status(),
    ).toBe(404);

    const byJob = await request.get(`/api/Invoice/JMSNumber/${inv?.JMSNumber}`, { headers: auth });
    expect(byJob.status()).toBe(200);
    expect((await byJob.json()).map((s: { InvoiceModel: Invoice }) => s.InvoiceModel.InvoiceNumber)).toEqual([
      'INV-NG2002-1003',
    ]);
    expect((await request.get('/api/Invoice/JMSNumber/000000', { headers: auth })).status()).toBe(404);
  });

  test('exports Invoices.csv of the filtered list', async ({ request }) => {
    const res = await request.post('/api/Invoice/ExportCSVInvoices', {
      headers: auth,
      data: { InvoiceNumber: 'NG2002-102', SortBy: 3, SortOrder: 2 },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers()['content-disposition']).toBe('attachment; filename="Invoices.csv"');
    const lines = csvText(await res.body())
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(
      Array.from({ length: 10 }, (_, i) => `INV-NG2002-${1029 - i}`),
    );
    expect((await request.post('/api/Invoice/ExportCSVInvoices', { data: {} })).status()).toBe(401);
  });
});
