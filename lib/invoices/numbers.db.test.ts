/**
 * Invoice numbers per firm: each firm's own series in the configured format, consecutive under concurrency (20
 * parallel issues give 20 distinct consecutive numbers), starting after the firm's highest number of the series, with
 * no gap left by an issue that fails and no repeat of a number already used.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { ConflictError } from '@/lib/core/errors';
import { userPrincipal } from '@/lib/core/principal';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeInvoice, makeJob } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { invoiceIssueSchema } from './issue-schema';
import { issueInvoice } from './issue';
import { formatInvoiceNumber, numberPattern, peekInvoiceNumber } from './numbers';

describe('invoice numbers per firm', () => {
  useTestDatabase();
  afterEach(() => {
    delete process.env.INVOICE_NUMBER_FORMAT;
    resetConfigForTests();
  });
  const input = (clientId: number, jobNumber: string, number = '') =>
    invoiceIssueSchema.parse({
      ClientId: clientId,
      InvoiceNumber: number,
      JobNumbers: jobNumber,
      IssueDate: '2026-11-20',
      DueDate: '2026-12-20',
      CurrencyCode: 'AUD',
      Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: '100.00' }],
    });

  it('20 parallel issues for one firm give 20 distinct consecutive numbers of its series', async () => {
    const by = userPrincipal(await staffActor(2));
    const firm = await makeClient();
    const other = await makeClient();
    await makeInvoice({ clientId: firm.id, invoiceNumber: `INV-${firm.accountNumber}-1045` });
    // Another firm's higher number is of another series.
    await makeInvoice({ clientId: other.id, invoiceNumber: `INV-${other.accountNumber}-2001` });
    expect(await peekInvoiceNumber(firm.id)).toBe(`INV-${firm.accountNumber}-1046`);

    const jobs = await Promise.all(Array.from({ length: 20 }, () => makeJob({ clientId: firm.id })));
    const issued = await Promise.all(jobs.map((j) => issueInvoice(by, input(firm.id, j.jmsNumber))));
    const numbers = issued.map((i) => i.invoiceNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${firm.accountNumber}-${1046 + i}`));

    const otherJob = await makeJob({ clientId: other.id });
    expect((await issueInvoice(by, input(other.id, otherJob.jmsNumber))).invoiceNumber).toBe(
      `INV-${other.accountNumber}-2002`,
    );
  });

  it('an issue that fails leaves no gap, and a number already used is passed over', async () => {
    const by = userPrincipal(await staffActor(2));
    const firm = await makeClient();
    const job = await makeJob({ clientId: firm.id });
    expect((await issueInvoice(by, input(firm.id, job.jmsNumber))).invoiceNumber).toBe(`INV-${firm.accountNumber}-1`);
    // The same job again is refused: its number goes back to the series.
    await expect(issueInvoice(by, input(firm.id, job.jmsNumber))).rejects.toBeInstanceOf(ConflictError);
    // Typed by hand: the series passes over it.
    const typed = await makeJob({ clientId: firm.id });
    await issueInvoice(by, input(firm.id, typed.jmsNumber, `INV-${firm.accountNumber}-3`));
    const next = [await makeJob({ clientId: firm.id }), await makeJob({ clientId: firm.id })];
    expect((await issueInvoice(by, input(firm.id, next[0]!.jmsNumber))).invoiceNumber).toBe(
      `INV-${firm.accountNumber}-2`,
    );
    expect((await issueInvoice(by, input(firm.id, next[1]!.jmsNumber))).invoiceNumber).toBe(
      `INV-${firm.accountNumber}-4`,
    );
  });

  it('follows INVOICE_NUMBER_FORMAT: the account and the zero-padded number where it says', async () => {
    process.env.INVOICE_NUMBER_FORMAT = '{account}/{n:5}';
    resetConfigForTests();
    const by = userPrincipal(await staffActor(2));
    const firm = await makeClient();
    await makeInvoice({ clientId: firm.id, invoiceNumber: `${firm.accountNumber}/00041` });
    const job = await makeJob({ clientId: firm.id });
    expect((await issueInvoice(by, input(firm.id, job.jmsNumber))).invoiceNumber).toBe(`${firm.accountNumber}/00042`);
    expect(formatInvoiceNumber(numberPattern('INV-{account}-{n}', 'NG 2002'), 1046)).toBe('INV-NG2002-1046');
  });
});
