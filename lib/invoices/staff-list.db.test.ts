/**
 * The operator's invoice list: the status filter (unpaid, part paid, paid, overdue), the total of what the filter
 * shows, Overdue for a past-due invoice, and "Mark paid" answering the amount it recorded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { userPrincipal } from '@/lib/core/principal';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { invoiceIssueSchema } from './issue-schema';
import { issueInvoice, listStaffInvoices, markedPaidSummary, markInvoicePaid, type StaffInvoiceQuery } from './issue';
import { paymentSchema } from './payment-schema';
import { recordPayment } from './payments';

describe('the operator’s invoice list', () => {
  useTestDatabase();
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('filters by status, totals what it shows, says Overdue past the due date; Mark paid tells the amount', async () => {
    restore = setClock(fixedClock('2026-11-25T23:00:00Z')); // 26 Nov 2026 in Sydney
    const staff = await staffActor(2);
    const by = userPrincipal(staff);
    const firm = await makeClient();
    const issue = async (amount: string, due: string) => {
      const job = await makeJob({ clientId: firm.id });
      return (
        await issueInvoice(
          by,
          invoiceIssueSchema.parse({
            ClientId: firm.id,
            InvoiceNumber: '',
            JobNumbers: job.jmsNumber,
            IssueDate: '2026-10-01',
            DueDate: due,
            CurrencyCode: 'AUD',
            Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: amount }],
          }),
        )
      ).invoiceNumber;
    };
    const paid = await issue('100.00', '2026-12-31'); // 110.00
    const part = await issue('200.00', '2026-12-31'); // 220.00, 20.00 paid
    const open = await issue('300.00', '2026-12-31'); // 330.00
    const late = await issue('400.00', '2026-11-25'); // 440.00, due yesterday
    const pay = (n: string, amount: string) =>
      recordPayment(
        by,
        paymentSchema.parse({ InvoiceNumbers: [n], PaymentDate: '2026-11-20', Amount: amount, Reference: 'EFT' }),
      );
    await pay(paid, '110.00');
    await pay(part, '20.00');

    const list = (status: StaffInvoiceQuery['paid']) =>
      listStaffInvoices(staff, { text: '', clientId: firm.id, paid: status }, { page: 1, size: 2 });
    const numbers = async (status: StaffInvoiceQuery['paid']) =>
      (await listStaffInvoices(staff, { text: '', clientId: firm.id, paid: status }, { page: 1, size: 10 })).rows
        .map((r) => r.invoiceNumber)
        .sort();
    expect(await numbers('paid')).toEqual([paid]);
    expect(await numbers('part')).toEqual([part]);
    expect(await numbers('unpaid')).toEqual([part, open, late].sort());
    expect(await numbers('overdue')).toEqual([late]);

    // The total is of every invoice the filter shows, not only the page (2 rows here).
    const all = await list('any');
    expect(all.rows).toHaveLength(2);
    expect(all.totalCount).toBe(4);
    expect(all.totals).toEqual([{ currencyCode: 'AUD', count: 4, amount: '1100.00', owed: '970.00' }]);
    expect((await list('unpaid')).totals).toEqual([
      { currencyCode: 'AUD', count: 3, amount: '990.00', owed: '970.00' },
    ]);

    const rows = (await listStaffInvoices(staff, { text: '', clientId: firm.id, paid: 'any' }, { page: 1, size: 10 }))
      .rows;
    expect(rows.find((r) => r.invoiceNumber === late)?.overdue).toBe(true);
    expect(rows.find((r) => r.invoiceNumber === open)?.overdue).toBe(false);
    expect(rows.find((r) => r.invoiceNumber === paid)?.overdue).toBe(false);
    // Paid and part-paid invoices show their payments: date, amount, reference.
    expect(rows.find((r) => r.invoiceNumber === paid)?.payments).toEqual([
      { paymentDate: '2026-11-20', amount: '110.00', reference: 'EFT' },
    ]);
    expect(rows.find((r) => r.invoiceNumber === part)?.payments).toEqual([
      { paymentDate: '2026-11-20', amount: '20.00', reference: 'EFT' },
    ]);
    expect(rows.find((r) => r.invoiceNumber === open)?.payments).toEqual([]);

    expect(markedPaidSummary(await markInvoicePaid(by, part))).toBe(
      `Invoice ${part} is marked paid: a payment of $200.00 has been recorded, dated today, and the client has been sent a receipt.`,
    );
    expect(markedPaidSummary(await markInvoicePaid(by, part))).toBe(
      `Invoice ${part} was already paid: nothing was recorded.`,
    );
  });
});
