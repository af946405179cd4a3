import { describe, expect, it } from 'vitest';
import { FIELD_MSG } from '@/lib/validation';
import {
  DEFAULT_INVOICE_QUERY,
  INVOICE_FILTER_MSG,
  invoiceListQuerySchema,
  invoiceQueryFromSearchParams,
  parseAmountFilter,
  toInvoiceListBody,
} from './schema';

const parse = (body: unknown) => invoiceListQuerySchema.safeParse(body);

describe('invoice list query', () => {
  it('defaults to issue date descending (spec §9: column 5, direction 2) and no filters', () => {
    expect(invoiceListQuerySchema.parse({})).toEqual(DEFAULT_INVOICE_QUERY);
    expect(invoiceListQuerySchema.parse(undefined)).toEqual({ issueDate: 0, sortBy: 5, sortOrder: 2 });
    expect(
      invoiceListQuerySchema.parse({
        SortBy: 0,
        SortOrder: null,
        JMSNumber: '  ',
        AmountFilter: '',
        IssueDateFilter: null,
      }),
    ).toEqual(DEFAULT_INVOICE_QUERY);
  });

  it('reads every filter of the legacy body', () => {
    expect(
      invoiceListQuerySchema.parse({
        JMSNumber: ' 1002 ',
        MatterReference: 'HV-2024',
        InvoiceNumber: 'INV',
        AmountFilter: '100 - 250.5',
        IssueDateFilter: '2',
        SortBy: '4',
        SortOrder: 1,
      }),
    ).toEqual({
      jmsNumber: '1002',
      matterReference: 'HV-2024',
      invoiceNumber: 'INV',
      amount: { min: '100.00', max: '250.50' },
      issueDate: 2,
      sortBy: 4,
      sortOrder: 1,
    });
  });

  it.each([
    ['125.5', { min: '125.50', max: '125.50' }],
    ['$1,250', { min: '1250.00', max: '1250.00' }],
    ['0', { min: '0.00', max: '0.00' }],
    ['100 to 500', { min: '100.00', max: '500.00' }],
    ['100-500', { min: '100.00', max: '500.00' }],
    ['', undefined],
  ])('amount %j is %j', (text, range) => expect(parseAmountFilter(text)).toEqual(range));

  it.each(['abc', '12.345', '1,23', '-5', '12e3', '5-', '12345678901', 'NaN'])('refuses the amount %j', (text) => {
    const r = parse({ AmountFilter: text });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(INVOICE_FILTER_MSG.amount);
    expect(r.error?.issues[0]?.path).toEqual(['AmountFilter']);
  });

  it('accepts a numeric amount and refuses a negative or reversed one', () => {
    expect(invoiceListQuerySchema.parse({ AmountFilter: 99.5 }).amount).toEqual({ min: '99.50', max: '99.50' });
    expect(parse({ AmountFilter: -1 }).success).toBe(false);
    expect(parse({ AmountFilter: '500-100' }).error?.issues[0]?.message).toBe(INVOICE_FILTER_MSG.amountRange);
  });

  it.each([
    [{ IssueDateFilter: 99 }, 'IssueDateFilter'],
    [{ IssueDateFilter: 'x' }, 'IssueDateFilter'],
    [{ SortBy: 9 }, 'SortBy'],
    [{ SortBy: 1.5 }, 'SortBy'],
    [{ SortOrder: 3 }, 'SortOrder'],
    [{ JMSNumber: true }, 'JMSNumber'],
    [{ MatterReference: 42 }, 'MatterReference'],
    [{ InvoiceNumber: 'x'.repeat(101) }, 'InvoiceNumber'],
    [{ MatterReference: '<script>alert(1)</script>' }, 'MatterReference'],
  ])('refuses %j', (body, field) => {
    const r = parse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.path.join('.') === field)).toBe(true);
  });

  it('ignores fields it does not know (callers send extra ones)', () => {
    expect(parse({ Unknown: 1, ClientId: 7, SortOrder: 1 })).toEqual(parse({ SortOrder: 1 }));
    expect(parse({ Unknown: 1 }).success).toBe(true);
  });

  it('refuses a body that is not an object', () => {
    expect(parse([]).success).toBe(false);
    expect(parse('x').success).toBe(false);
  });

  it('takes a job number sent as a number', () => {
    expect(invoiceListQuerySchema.parse({ JMSNumber: 100245 }).jmsNumber).toBe('100245');
    expect(parse({ MatterReference: '<b>x</b>' }).error?.issues[0]?.message).toBe(FIELD_MSG.htmlTags);
  });

  it('round-trips a query through the body the export button posts', () => {
    const query = invoiceListQuerySchema.parse({
      JMSNumber: '12',
      AmountFilter: '5-9',
      IssueDateFilter: 3,
      SortBy: 2,
      SortOrder: 1,
    });
    expect(invoiceListQuerySchema.parse(toInvoiceListBody(query))).toEqual(query);
    expect(invoiceListQuerySchema.parse(toInvoiceListBody(DEFAULT_INVOICE_QUERY))).toEqual(DEFAULT_INVOICE_QUERY);
  });
});

describe('/Invoice URL state', () => {
  it('reads the list state and falls back to defaults for anything unusable', () => {
    const p = new URLSearchParams({
      jms: ' 100 ',
      matter: 'Smith',
      inv: 'INV',
      amount: '10-20',
      issued: '4',
      sort: '3',
      dir: '1',
    });
    expect(invoiceQueryFromSearchParams(p)).toEqual({
      jmsNumber: '100',
      matterReference: 'Smith',
      invoiceNumber: 'INV',
      amount: { min: '10.00', max: '20.00' },
      issueDate: 4,
      sortBy: 3,
      sortOrder: 1,
    });
    const junk = new URLSearchParams({ matter: '<i>x</i>', amount: 'lots', issued: '99', sort: 'x', dir: '7' });
    expect(invoiceQueryFromSearchParams(junk)).toEqual(DEFAULT_INVOICE_QUERY);
  });
});

describe('the month, exact matter and job type filters (the /Reports page links)', () => {
  it('read from the URL and round-trip through the legacy body (the export is the list on screen)', () => {
    const q = invoiceQueryFromSearchParams(
      new URLSearchParams({ issuedFrom: '2026-09', issuedTo: '2026-11', matterIs: 'PL-A B', jobType: '6' }),
    );
    expect(q).toEqual({
      ...DEFAULT_INVOICE_QUERY,
      issuedFrom: '2026-09',
      issuedTo: '2026-11',
      matterExact: 'PL-A B',
      jobType: 6,
    });
    expect(invoiceListQuerySchema.parse(toInvoiceListBody(q))).toEqual(q);
    // 0: invoices not linked to a job.
    expect(invoiceQueryFromSearchParams(new URLSearchParams('jobType=0')).jobType).toBe(0);
    expect(invoiceListQuerySchema.parse({ JobType: 0 })).toMatchObject({ jobType: 0 });
  });

  it('garbage in the URL is left out; in a legacy body it answers a field message', () => {
    const junk = new URLSearchParams({ issuedFrom: '2026-13', issuedTo: 'soon', jobType: '99', matterIs: '' });
    expect(invoiceQueryFromSearchParams(junk)).toEqual(DEFAULT_INVOICE_QUERY);
    const r = invoiceListQuerySchema.safeParse({ IssuedFromMonth: '2026-1', JobType: 42 });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['IssuedFromMonth', INVOICE_FILTER_MSG.month],
      ['JobType', INVOICE_FILTER_MSG.jobType],
    ]);
  });
});

describe('a NUL character in an /Invoice URL', () => {
  it('drops that filter, keeps the others', () => {
    const q = invoiceQueryFromSearchParams(new URLSearchParams('matter=A%00B&inv=INV-1'));
    expect(q.matterReference).toBeUndefined();
    expect(q.invoiceNumber).toBe('INV-1');
    expect(invoiceListQuerySchema.safeParse({ InvoiceNumber: 'x\u0000' }).success).toBe(false);
    expect(FIELD_MSG.nulCharacter).toMatch(/NUL/);
  });
});
