import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { fixedClock, setClock } from '@/lib/clock';
import { ForbiddenError } from '@/lib/core/errors';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, signedIn } from '@/test/factories';
import {
  DEFAULT_INVOICE_QUERY,
  INVOICE_SORT_COLUMNS,
  invoiceListQuerySchema,
  type InvoiceListQuery,
  type InvoiceSortColumn,
} from './schema';
import { presentInvoiceRow } from './present';
import { exportInvoices, listInvoices, type InvoiceListItem } from './service';

const ALL = { page: 1, size: 0 };
const q = (body: Record<string, unknown> = {}): InvoiceListQuery => invoiceListQuerySchema.parse(body);

async function numbersOf(actor: Actor, body: Record<string, unknown> = {}): Promise<string[]> {
  const r = await listInvoices(actor, q(body), ALL);
  return r.rows.map((i) => i.invoiceNumber);
}

async function drain<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('invoice list', () => {
  useTestDatabase();
  let restoreClock: () => void = () => undefined;
  afterEach(() => restoreClock());

  it('filters by JMS number, matter reference and invoice number: contains, case-insensitive, wildcards literal', async () => {
    const { actor, clientId } = await signedIn();
    await makeInvoice({
      clientId,
      invoiceNumber: `INV-A-${clientId}`,
      jmsNumber: `J${clientId}100`,
      matterReference: 'Smith vs Jones',
      issueDate: '2026-01-05',
    });
    await makeInvoice({
      clientId,
      invoiceNumber: `INV-B-${clientId}`,
      jmsNumber: `J${clientId}200`,
      matterReference: 'Estate of Brown',
      issueDate: '2026-01-06',
    });
    await makeInvoice({
      clientId,
      invoiceNumber: `INV-C-${clientId}`,
      jmsNumber: `J${clientId}300`,
      matterReference: '50% share_deal',
      issueDate: '2026-01-07',
    });

    expect(await numbersOf(actor, { JMSNumber: `j${clientId}2` })).toEqual([`INV-B-${clientId}`]);
    expect(await numbersOf(actor, { MatterReference: 'SMITH' })).toEqual([`INV-A-${clientId}`]);
    expect(await numbersOf(actor, { InvoiceNumber: `c-${clientId}` })).toEqual([`INV-C-${clientId}`]);
    expect(await numbersOf(actor, { MatterReference: '50%' })).toEqual([`INV-C-${clientId}`]);
    expect(await numbersOf(actor, { MatterReference: 'Sm%s' })).toEqual([]);
    expect(await numbersOf(actor, { MatterReference: '%' })).toEqual([`INV-C-${clientId}`]);
    expect(await numbersOf(actor, { MatterReference: 'sm_th' })).toEqual([]);
    expect(await numbersOf(actor, { MatterReference: 'share_' })).toEqual([`INV-C-${clientId}`]);
    expect(await numbersOf(actor, { JMSNumber: `J${clientId}`, MatterReference: 'o' })).toHaveLength(2);
  });

  it('filters by an exact amount or an amount range', async () => {
    const { actor, clientId } = await signedIn();
    const line = (price: string) => [{ extStockId: 'X1', quantity: '1', unitPrice: price }];
    await makeInvoice({ clientId, invoiceNumber: `A99-${clientId}`, issueDate: '2026-01-01', lines: line('99.99') });
    await makeInvoice({ clientId, invoiceNumber: `A100-${clientId}`, issueDate: '2026-01-02', lines: line('100') });
    await makeInvoice({ clientId, invoiceNumber: `A250-${clientId}`, issueDate: '2026-01-03', lines: line('250.50') });
    await makeInvoice({ clientId, invoiceNumber: `A1250-${clientId}`, issueDate: '2026-01-04', lines: line('1250') });

    expect(await numbersOf(actor, { AmountFilter: '100' })).toEqual([`A100-${clientId}`]);
    expect(await numbersOf(actor, { AmountFilter: 250.5 })).toEqual([`A250-${clientId}`]);
    expect(await numbersOf(actor, { AmountFilter: '$1,250.00' })).toEqual([`A1250-${clientId}`]);
    expect(await numbersOf(actor, { AmountFilter: '100-250.50', SortBy: 4, SortOrder: 1 })).toEqual([
      `A100-${clientId}`,
      `A250-${clientId}`,
    ]);
    expect(await numbersOf(actor, { AmountFilter: '0 to 99.99' })).toEqual([`A99-${clientId}`]);
    expect(await numbersOf(actor, { AmountFilter: '7' })).toEqual([]);
  });

  it('filters by issue-date bucket on the calendar of the user time zone', async () => {
    // 31 March 14:30 UTC is already 1 April in Sydney (the signed-in user's zone).
    restoreClock = setClock(fixedClock('2026-03-31T14:30:00Z'));
    const { actor, clientId } = await signedIn();
    expect(actor.timeZone).toBe('Australia/Sydney');
    const dates = [
      '2026-04-01',
      '2026-03-31',
      '2026-03-26',
      '2026-03-25',
      '2026-03-03',
      '2026-03-02',
      '2026-01-02',
      '2026-01-01',
      '2025-12-31',
      '2025-06-30',
      '2024-12-31',
    ];
    for (const issueDate of dates)
      await makeInvoice({ clientId, invoiceNumber: `D${issueDate}-${clientId}`, issueDate });
    const datesOf = async (bucket: number) =>
      (await listInvoices(actor, q({ IssueDateFilter: bucket }), ALL)).rows.map((r) => r.issueDate);

    expect(await datesOf(0)).toEqual(dates);
    expect(await datesOf(1)).toEqual(['2026-04-01', '2026-03-31', '2026-03-26']);
    expect(await datesOf(2)).toEqual(['2026-04-01', '2026-03-31', '2026-03-26', '2026-03-25', '2026-03-03']);
    expect(await datesOf(3)).toEqual([
      '2026-04-01',
      '2026-03-31',
      '2026-03-26',
      '2026-03-25',
      '2026-03-03',
      '2026-03-02',
      '2026-01-02',
    ]);
    expect(await datesOf(4)).toEqual(['2026-04-01']);
    expect(await datesOf(5)).toEqual(['2026-03-31', '2026-03-26', '2026-03-25', '2026-03-03', '2026-03-02']);
    expect(await datesOf(6)).toEqual(dates.filter((d) => d.startsWith('2026')));
    expect(await datesOf(7)).toEqual(['2025-12-31', '2025-06-30']);
  });

  describe('sorts by every column in both directions, ties broken by the invoice', () => {
    const rows = [
      { jms: 'B200', matter: 'MAT-C', inv: 'N3', price: '30', issueDate: '2026-02-03', isPaid: false },
      { jms: 'A100', matter: 'MAT-A', inv: 'N1', price: '10', issueDate: '2026-02-01', isPaid: true },
      { jms: 'C300', matter: 'MAT-B', inv: 'N4', price: '20', issueDate: '2026-02-02', isPaid: false },
      { jms: 'A100', matter: 'MAT-A', inv: 'N2', price: '10', issueDate: '2026-02-01', isPaid: true },
    ];
    const keyOf: Record<InvoiceSortColumn, (r: InvoiceListItem) => string> = {
      1: (r) => r.jmsNumber,
      2: (r) => r.matterReference,
      3: (r) => r.invoiceNumber,
      4: (r) => r.amount.padStart(12, '0'),
      5: (r) => r.issueDate,
      6: (r) => String(Number(r.isPaid)),
    };

    for (const column of INVOICE_SORT_COLUMNS) {
      for (const direction of [1, 2] as const) {
        it(`column ${column}, direction ${direction}`, async () => {
          const { actor, clientId } = await signedIn();
          for (const r of rows) {
            await makeInvoice({
              clientId,
              jmsNumber: r.jms,
              matterReference: r.matter,
              invoiceNumber: `${r.inv}-${clientId}`,
              issueDate: r.issueDate,
              isPaid: r.isPaid,
              lines: [{ extStockId: 'X1', quantity: '1', unitPrice: r.price }],
            });
          }
          const got = (await listInvoices(actor, q({ SortBy: column, SortOrder: direction }), ALL)).rows;
          const sign = direction === 1 ? 1 : -1;
          const expected = [...got].sort((a, b) => {
            const ka = keyOf[column](a);
            const kb = keyOf[column](b);
            return ka === kb ? sign * (a.id - b.id) : sign * (ka < kb ? -1 : 1);
          });
          expect(got.map((r) => r.id)).toEqual(expected.map((r) => r.id));
          expect(new Set(got.map((r) => keyOf[column](r))).size).toBeGreaterThan(1);
          // The export streams exactly the same order, in keyset batches smaller than the list.
          expect(
            (await drain(exportInvoices(actor, q({ SortBy: column, SortOrder: direction }), 1))).map((r) => r.id),
          ).toEqual(expected.map((r) => r.id));
        });
      }
    }
  });

  it('filters by status (unpaid, part paid, paid, overdue) and each row says its status, Overdue first', async () => {
    const { actor, clientId } = await signedIn();
    const line = (price: string) => [{ extStockId: 'X1', quantity: '1', unitPrice: price }];
    const n = (s: string) => `${s}-${clientId}`;
    await makeInvoice({ clientId, invoiceNumber: n('UNPAID'), lines: line('100'), dueDate: '2999-01-01' });
    await makeInvoice({
      clientId,
      invoiceNumber: n('PART'),
      lines: line('100'),
      amountPaid: '40',
      dueDate: '2999-01-01',
    });
    await makeInvoice({
      clientId,
      invoiceNumber: n('LATE'),
      lines: line('100'),
      amountPaid: '10',
      dueDate: '2020-01-01',
    });
    await makeInvoice({ clientId, invoiceNumber: n('PAID'), lines: line('100'), isPaid: true, dueDate: '2020-01-01' });
    const sorted = async (body: Record<string, unknown>) => (await numbersOf(actor, body)).sort();

    expect(await sorted({ PaymentFilter: 'unpaid' })).toEqual([n('LATE'), n('PART'), n('UNPAID')]);
    expect(await sorted({ PaymentFilter: 'part' })).toEqual([n('LATE'), n('PART')]);
    expect(await sorted({ PaymentFilter: 'paid' })).toEqual([n('PAID')]);
    expect(await sorted({ PaymentFilter: 'overdue' })).toEqual([n('LATE')]);
    expect(invoiceListQuerySchema.safeParse({ PaymentFilter: 'late' }).error?.issues[0]?.message).toBe(
      "Please choose 'unpaid', 'part', 'paid' or 'overdue'.",
    );

    const all = await listInvoices(actor, q(), ALL);
    const status = Object.fromEntries(all.rows.map((r) => [r.invoiceNumber, presentInvoiceRow(r).status]));
    expect(status).toEqual({
      [n('UNPAID')]: 'Unpaid',
      [n('PART')]: 'Part paid',
      [n('LATE')]: 'Overdue',
      [n('PAID')]: 'Paid',
    });
  });

  it('defaults to issue date, newest first', async () => {
    const { actor, clientId } = await signedIn();
    for (const d of ['2026-01-02', '2026-03-04', '2026-02-03'])
      await makeInvoice({ clientId, invoiceNumber: `S${d}-${clientId}`, issueDate: d });
    const r = await listInvoices(actor, DEFAULT_INVOICE_QUERY, ALL);
    expect(r.rows.map((i) => i.issueDate)).toEqual(['2026-03-04', '2026-02-03', '2026-01-02']);
  });

  it('pages with the job list page sizes and answers the total count and the page size', async () => {
    const { actor, clientId } = await signedIn();
    for (let i = 1; i <= 23; i++)
      await makeInvoice({
        clientId,
        invoiceNumber: `P${String(i).padStart(2, '0')}-${clientId}`,
        issueDate: `2026-01-${String(i).padStart(2, '0')}`,
      });
    const sorted = q({ SortBy: 3, SortOrder: 1 });
    const p3 = await listInvoices(actor, sorted, { page: 3, size: 10 });
    expect(p3.totalCount).toBe(23);
    expect(p3.pageSize).toBe(10);
    expect(p3.rows.map((r) => r.invoiceNumber)).toEqual([21, 22, 23].map((i) => `P${i}-${clientId}`));
    const p2 = await listInvoices(actor, sorted, { page: 2, size: 15 });
    expect(p2.rows).toHaveLength(8);
    expect(p2.rows[0]?.invoiceNumber).toBe(`P16-${clientId}`);
    const all = await listInvoices(actor, sorted, { page: 4, size: 0 });
    expect(all.rows).toHaveLength(23);
    expect(all.pageSize).toBe(0);
    const beyond = await listInvoices(actor, sorted, { page: 9, size: 10 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.totalCount).toBe(23);
  });

  it('exports exactly the filtered, sorted list, across keyset batches with equal sort values', async () => {
    const { actor, clientId } = await signedIn();
    for (let i = 0; i < 12; i++) {
      await makeInvoice({
        clientId,
        invoiceNumber: `E${i}-${clientId}`,
        matterReference: i % 3 === 0 ? 'Other' : 'Keep',
        issueDate: `2026-02-0${1 + (i % 4)}`,
        lines: [{ extStockId: 'X', quantity: '1', unitPrice: String(10 + (i % 2)) }],
      });
    }
    for (const body of [
      { MatterReference: 'keep', SortBy: 4, SortOrder: 2 },
      { SortBy: 5, SortOrder: 1 },
      { AmountFilter: '10', SortBy: 2, SortOrder: 2 },
    ]) {
      const listed = (await listInvoices(actor, q(body), ALL)).rows.map(
        ({ payUrl: _, owed: _o, overdue: _d, ...r }) => r,
      );
      const exported = await drain(exportInvoices(actor, q(body), 2));
      expect(exported).toEqual(listed);
      expect(exported.length).toBeGreaterThan(2);
    }
  });

  it('never shows another client’s invoices, and refuses users without a client', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await makeInvoice({
      clientId: a.clientId,
      invoiceNumber: `MINE-${a.clientId}`,
      jmsNumber: 'SHARED1',
      issueDate: '2026-01-01',
    });
    await makeInvoice({
      clientId: b.clientId,
      invoiceNumber: `THEIRS-${b.clientId}`,
      jmsNumber: 'SHARED1',
      issueDate: '2026-01-01',
    });
    expect(await numbersOf(a.actor)).toEqual([`MINE-${a.clientId}`]);
    expect(await numbersOf(a.actor, { InvoiceNumber: 'THEIRS' })).toEqual([]);
    expect((await drain(exportInvoices(a.actor, q({ JMSNumber: 'SHARED1' })))).map((r) => r.invoiceNumber)).toEqual([
      `MINE-${a.clientId}`,
    ]);

    const staff: Actor = { ...a.actor, role: 1, clientId: null };
    await expect(listInvoices(staff, DEFAULT_INVOICE_QUERY, ALL)).rejects.toBeInstanceOf(ForbiddenError);
    expect(() => exportInvoices(staff, DEFAULT_INVOICE_QUERY)).toThrow(ForbiddenError);
  });

  it('answers "no rows" for a client without invoices', async () => {
    const { actor } = await signedIn();
    expect(await listInvoices(actor, DEFAULT_INVOICE_QUERY, { page: 1, size: 10 })).toEqual({
      rows: [],
      totalCount: 0,
      pageSize: 10,
    });
  });
});
