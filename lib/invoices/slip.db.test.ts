import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeInvoice, signedIn } from '@/test/factories';
import { presentInvoiceList } from '@/lib/legacy/invoices';
import { invoiceListQuerySchema } from './schema';
import { getInvoiceSlip, getInvoiceSlipsByJob, listInvoices } from './service';

const PAY = 'https://pay.example.com/checkout';

function usePaymentUrl(url: string | undefined) {
  if (url === undefined) delete process.env.PAYMENT_URL;
  else process.env.PAYMENT_URL = url;
  resetConfigForTests();
}

describe('invoice slip', () => {
  useTestDatabase();
  afterEach(() => usePaymentUrl(undefined));

  it('shows the header, the line items, the totals and the sheets of paper (sum of EZ999 quantities)', async () => {
    const client = await makeClient({ accountNumber: `AC/${Date.now()}&1` });
    const { actor } = await signedIn(3, client.id);
    const inv = await makeInvoice({
      clientId: client.id,
      invoiceNumber: `INV-S-${client.id}`,
      jmsNumber: '100245',
      matterReference: 'Smith vs Jones',
      extClientBranchId: 'HV1001-B1',
      issueDate: '2026-03-02',
      dueDate: '2026-04-01',
      lines: [
        { extStockId: 'EZ999', quantity: '250', unitPrice: '0.1200', description: 'A4 copies' },
        { extStockId: 'BIND01', quantity: '3', unitPrice: '12.5000', description: 'Binding' },
        { extStockId: 'EZ999', quantity: '1010', unitPrice: '0.1200', description: 'More copies' },
        { extStockId: 'EZ998', quantity: '7', unitPrice: '1.0000', description: 'Not sheets' },
      ],
    });
    const slip = await getInvoiceSlip(actor, inv.invoiceNumber);
    expect(slip).not.toBeNull();
    expect(slip?.invoice).toMatchObject({
      invoiceNumber: inv.invoiceNumber,
      jmsNumber: '100245',
      matterReference: 'Smith vs Jones',
      extClientBranchId: 'HV1001-B1',
      issueDate: '2026-03-02',
      dueDate: '2026-04-01',
      amount: '195.70',
      currencyCode: 'AUD',
      isPaid: false,
    });
    expect(slip?.client).toEqual({ name: client.name, accountNumber: client.accountNumber });
    expect(slip?.lines.map((l) => [l.extStockId, l.description, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['EZ999', 'A4 copies', '250.00', '0.1200', '30.00'],
      ['BIND01', 'Binding', '3.00', '12.5000', '37.50'],
      ['EZ999', 'More copies', '1010.00', '0.1200', '121.20'],
      ['EZ998', 'Not sheets', '7.00', '1.0000', '7.00'],
    ]);
    expect(slip?.linesTotal).toBe('195.70');
    expect(slip?.sheetsTotal).toBe('1260.00');
    expect(slip?.payUrl).toBeNull();
  });

  it('counts no sheets when there is no EZ999 line', async () => {
    const { actor, clientId } = await signedIn();
    const inv = await makeInvoice({
      clientId,
      issueDate: '2026-01-01',
      lines: [{ extStockId: 'DEL01', quantity: '1', unitPrice: '35' }],
    });
    expect((await getInvoiceSlip(actor, inv.invoiceNumber))?.sheetsTotal).toBe('0.00');
  });

  it('offers the pay link with the invoice number, amount, job number and account number when a payments page is configured', async () => {
    usePaymentUrl(PAY);
    const client = await makeClient({ accountNumber: `A&C ${Date.now()}` });
    const { actor } = await signedIn(3, client.id);
    const unpaid = await makeInvoice({
      clientId: client.id,
      invoiceNumber: `INV #1/${client.id}`,
      jmsNumber: 'J+1',
      issueDate: '2026-01-01',
      lines: [{ extStockId: 'X', quantity: '1', unitPrice: '1234.5' }],
    });
    const paid = await makeInvoice({ clientId: client.id, issueDate: '2026-01-02', isPaid: true });

    const slip = await getInvoiceSlip(actor, unpaid.invoiceNumber);
    const url = new URL(slip?.payUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(PAY);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      payment_reference: `INV #1/${client.id}`,
      payment_amount: '1234.50',
      jms: 'J+1',
      acno: client.accountNumber,
    });
    expect((await getInvoiceSlip(actor, paid.invoiceNumber))?.payUrl).toBeNull();

    const list = await listInvoices(actor, invoiceListQuerySchema.parse({}), { page: 1, size: 10 });
    expect(list.rows.find((r) => r.id === unpaid.id)?.payUrl).toBe(slip?.payUrl);
    expect(list.rows.find((r) => r.id === paid.id)?.payUrl).toBeNull();
    // The legacy list's answer (api/Invoice/InvoiceList): each invoice's model with its PaymentUrl, and nothing else.
    const answer = presentInvoiceList(list).Invoices;
    expect(answer.find((i) => i.InvoiceNumber === unpaid.invoiceNumber)).toEqual({
      JMSNumber: 'J+1',
      ExtClientBranchId: null,
      InvoiceNumber: unpaid.invoiceNumber,
      Amount: 1234.5,
      CurrencyCode: expect.any(String),
      MatterReference: expect.any(String),
      IssueDate: '2026-01-01',
      DueDate: unpaid.dueDate,
      IsPaid: false,
      PaymentUrl: slip?.payUrl,
    });
    expect(answer.find((i) => i.InvoiceNumber === paid.invoiceNumber)?.PaymentUrl).toBeNull();
  });

  it('finds by invoice number and issue date; a different date, an unknown or a foreign number is missing', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const mine = await makeInvoice({ clientId: a.clientId, issueDate: '2026-02-10' });
    const theirs = await makeInvoice({ clientId: b.clientId, issueDate: '2026-02-10' });
    expect((await getInvoiceSlip(a.actor, mine.invoiceNumber, '2026-02-10'))?.invoice.id).toBe(mine.id);
    expect((await getInvoiceSlip(a.actor, ` ${mine.invoiceNumber} `))?.invoice.id).toBe(mine.id);
    expect(await getInvoiceSlip(a.actor, mine.invoiceNumber, '2026-02-11')).toBeNull();
    expect(await getInvoiceSlip(a.actor, 'INV-NOPE')).toBeNull();
    expect(await getInvoiceSlip(a.actor, '')).toBeNull();
    expect(await getInvoiceSlip(a.actor, theirs.invoiceNumber)).toBeNull();
    expect(await getInvoiceSlip(a.actor, theirs.invoiceNumber, '2026-02-10')).toBeNull();
  });

  it('finds the invoices of a job by job number, newest first, only the client’s own', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const jms = `7${a.clientId}01`;
    const older = await makeInvoice({
      clientId: a.clientId,
      jmsNumber: jms,
      issueDate: '2026-01-01',
      lines: [{ extStockId: 'EZ999', quantity: '10', unitPrice: '0.1' }],
    });
    const newer = await makeInvoice({
      clientId: a.clientId,
      jmsNumber: jms,
      issueDate: '2026-02-01',
      lines: [{ extStockId: 'EZ999', quantity: '20', unitPrice: '0.1' }],
    });
    await makeInvoice({ clientId: b.clientId, jmsNumber: jms, issueDate: '2026-03-01' });
    const slips = await getInvoiceSlipsByJob(a.actor, jms);
    expect(slips.map((s) => s.invoice.id)).toEqual([newer.id, older.id]);
    expect(slips.map((s) => s.sheetsTotal)).toEqual(['20.00', '10.00']);
    expect(await getInvoiceSlipsByJob(a.actor, 'NO-SUCH-JOB')).toEqual([]);
    expect((await getInvoiceSlipsByJob(b.actor, jms)).map((s) => s.invoice.issueDate)).toEqual(['2026-03-01']);
  });
});
