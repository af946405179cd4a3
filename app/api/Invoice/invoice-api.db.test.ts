/** The legacy api/Invoice/* handlers called in-process like a real caller: bearer token, JSON bodies, status codes. */
import { describe, expect, it } from 'vitest';
import { encodeParam } from '@/lib/encoding';
import { INVOICE_FILTER_MSG } from '@/lib/invoices/schema';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, signedIn } from '@/test/factories';
import { POST as exportCsv } from './ExportCSVInvoices/route';
import { GET as issueDateFilters } from './IssueDateFilters/route';
import { POST as invoiceList } from './InvoiceList/CurrentPage/[page]/PageSize/[size]/route';
import { GET as byNumber } from './InvoiceNumber/[number]/[clientdate]/route';
import { GET as byJob } from './JMSNumber/[n]/route';

type Params = Record<string, string>;
const ctx = (params: Params = {}) => ({ params: Promise.resolve(params) });

function req(path: string, token: string | null, body?: unknown, raw?: string): Request {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const method = body === undefined && raw === undefined ? 'GET' : 'POST';
  return new Request(`http://localhost/api/Invoice/${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}

describe('api/Invoice', () => {
  useTestDatabase();

  it('lists a page of the caller’s invoices as Invoices, TotalCount, ItemsPerPage', async () => {
    const { token, clientId } = await signedIn();
    const other = await signedIn();
    for (let i = 1; i <= 12; i++)
      await makeInvoice({
        clientId,
        invoiceNumber: `L${String(i).padStart(2, '0')}-${clientId}`,
        issueDate: `2026-01-${String(i).padStart(2, '0')}`,
      });
    await makeInvoice({ clientId: other.clientId, issueDate: '2026-01-20' });

    const res = await invoiceList(
      req('InvoiceList/CurrentPage/2/PageSize/10', token, {}),
      ctx({ page: '2', size: '10' }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.TotalCount).toBe(12);
    expect(body.ItemsPerPage).toBe(10);
    expect(body.Invoices.map((i: { InvoiceNumber: string }) => i.InvoiceNumber)).toEqual([
      `L02-${clientId}`,
      `L01-${clientId}`,
    ]);
    expect(Object.keys(body.Invoices[0])).toEqual(
      expect.arrayContaining([
        'JMSNumber',
        'ExtClientBranchId',
        'InvoiceNumber',
        'Amount',
        'CurrencyCode',
        'MatterReference',
        'IssueDate',
        'IsPaid',
      ]),
    );
    expect(body.Invoices[0].Amount).toBe(12);
  });

  it('answers 400 with field messages for malformed filters and paths', async () => {
    const { token } = await signedIn();
    const list = (body: unknown, page = '1', size = '10', raw?: string) =>
      invoiceList(req(`InvoiceList/CurrentPage/${page}/PageSize/${size}`, token, body, raw), ctx({ page, size }));
    const bad = await list({ AmountFilter: 'ten dollars' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ AmountFilter: [INVOICE_FILTER_MSG.amount] });
    for (const body of [
      { IssueDateFilter: 42 },
      { SortBy: 'x' },
      { SortOrder: 0 },
      { JMSNumber: { $ne: null } },
      { InvoiceNumber: 'x'.repeat(5000) },
      [1, 2],
    ]) {
      const r = await list(body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await r.json()).error.fields).toBeTruthy();
    }
    expect((await list(undefined, '1', '10', '{not json')).status).toBe(400);
    // Keys the query does not know are ignored (callers send extra fields); another client's id changes nothing.
    expect(await (await list({ ClientId: 2, PageSize: 10 })).json()).toEqual(await (await list({})).json());
    expect((await list({}, '0', '10')).status).toBe(400);
    expect((await list({}, '1', 'abc')).status).toBe(400);
    expect((await exportCsv(req('ExportCSVInvoices', token, { AmountFilter: '12,34' }), ctx())).status).toBe(400);
  });

  it('answers 401 without a token and 403 to users without a client', async () => {
    expect(
      (await invoiceList(req('InvoiceList/CurrentPage/1/PageSize/10', null, {}), ctx({ page: '1', size: '10' })))
        .status,
    ).toBe(401);
    expect((await exportCsv(req('ExportCSVInvoices', 'garbage', {}), ctx())).status).toBe(401);
    const staff = await signedIn(1);
    expect(
      (await invoiceList(req('InvoiceList/CurrentPage/1/PageSize/10', staff.token, {}), ctx({ page: '1', size: '10' })))
        .status,
    ).toBe(403);
    expect((await issueDateFilters(req('IssueDateFilters', staff.token), ctx())).status).toBe(403);
  });

  it('exports Invoices.csv of exactly the filtered, sorted list, with formula cells escaped', async () => {
    const { token, clientId } = await signedIn();
    const other = await signedIn();
    await makeInvoice({
      clientId,
      invoiceNumber: `X1-${clientId}`,
      jmsNumber: '500100',
      matterReference: '=HYPERLINK("evil")',
      issueDate: '2026-03-02',
      dueDate: '2026-04-01',
      extClientBranchId: 'B1',
      lines: [{ extStockId: 'X', quantity: '1', unitPrice: '99.5' }],
    });
    await makeInvoice({
      clientId,
      invoiceNumber: `X2-${clientId}`,
      jmsNumber: '500200',
      matterReference: 'Smith, Jones',
      issueDate: '2026-03-01',
      isPaid: true,
      lines: [{ extStockId: 'X', quantity: '2', unitPrice: '5' }],
    });
    await makeInvoice({ clientId, invoiceNumber: `Y3-${clientId}`, jmsNumber: '500300', issueDate: '2026-03-03' });
    await makeInvoice({ clientId: other.clientId, invoiceNumber: `X9-${other.clientId}`, issueDate: '2026-03-02' });

    const res = await exportCsv(
      req('ExportCSVInvoices', token, { InvoiceNumber: 'x', SortBy: 4, SortOrder: 1 }),
      ctx(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Invoices.csv"');
    expect(await res.text()).toBe(
      [
        'JMS Number,Matter Reference,Invoice Number,Issue Date,Due Date,Amount,Currency,Branch,Status',
        `500200,"Smith, Jones",X2-${clientId},01-Mar-2026,,10.00,AUD,,Paid`,
        `500100,"'=HYPERLINK(""evil"")",X1-${clientId},02-Mar-2026,01-Apr-2026,99.50,AUD,B1,Unpaid`,
        '',
      ].join('\r\n'),
    );
  });

  it('lists the issue-date buckets', async () => {
    const { token } = await signedIn();
    const res = await issueDateFilters(req('IssueDateFilters', token), ctx());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body[0]).toEqual({ Id: 0, Text: 'Any' });
    expect(body.map((f: { Text: string }) => f.Text)).toContain('Last 30 days');
  });

  it('answers the slip by invoice number and date; unknown, foreign or other-date numbers are 404; a bad date is 400', async () => {
    const { token, clientId } = await signedIn();
    const other = await signedIn();
    const inv = await makeInvoice({
      clientId,
      jmsNumber: '600100',
      issueDate: '2026-03-02',
      lines: [
        { extStockId: 'EZ999', quantity: '300', unitPrice: '0.12' },
        { extStockId: 'DEL01', quantity: '1', unitPrice: '35' },
      ],
    });
    const theirs = await makeInvoice({ clientId: other.clientId, issueDate: '2026-03-02' });
    const get = (number: string, clientdate: string, t = token) =>
      byNumber(req(`InvoiceNumber/${number}/${clientdate}`, t), ctx({ number, clientdate }));

    const ok = await get(inv.invoiceNumber, '2026-03-02');
    expect(ok.status).toBe(200);
    const slip = await ok.json();
    expect(slip.InvoiceModel).toMatchObject({
      InvoiceNumber: inv.invoiceNumber,
      JMSNumber: '600100',
      Amount: 71,
      CurrencyCode: 'AUD',
    });
    expect(slip.InvoiceLineItemModel).toEqual([
      { ExtStockId: 'EZ999', Description: 'EZ999', Quantity: 300, UnitPrice: 0.12, Amount: 36 },
      { ExtStockId: 'DEL01', Description: 'DEL01', Quantity: 1, UnitPrice: 35, Amount: 35 },
    ]);
    expect(slip.SheetsOfPaperTotal).toBe(300);
    expect((await get(inv.invoiceNumber, encodeParam('2026-03-02'))).status).toBe(200);
    expect((await get(inv.invoiceNumber, '2026-03-03')).status).toBe(404);
    expect((await get('INV-UNKNOWN', '2026-03-02')).status).toBe(404);
    const foreign = await get(theirs.invoiceNumber, '2026-03-02');
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await (await get('INV-UNKNOWN', '2026-03-02')).json());
    expect((await get(inv.invoiceNumber, 'yesterday')).status).toBe(400);
    expect((await get(' ', '2026-03-02')).status).toBe(400);
    expect((await get(inv.invoiceNumber, '2026-03-02', '')).status).toBe(401);
  });

  it('answers the slips of a job by JMS number; none or foreign is 404', async () => {
    const { token, clientId } = await signedIn();
    const other = await signedIn();
    await makeInvoice({ clientId, jmsNumber: `8${clientId}00`, issueDate: '2026-03-02' });
    await makeInvoice({ clientId: other.clientId, jmsNumber: `9${other.clientId}00`, issueDate: '2026-03-02' });
    const get = (n: string) => byJob(req(`JMSNumber/${n}`, token), ctx({ n }));
    const ok = await get(`8${clientId}00`);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toHaveLength(1);
    expect(body[0].InvoiceModel.JMSNumber).toBe(`8${clientId}00`);
    expect((await get(`9${other.clientId}00`)).status).toBe(404);
    expect((await get('nothing')).status).toBe(404);
  });
});
