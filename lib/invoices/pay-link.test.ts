import { describe, expect, it } from 'vitest';
import { buildPayLink, payLinkFor } from './pay-link';

const invoice = { invoiceNumber: 'INV-1001', amount: '1234.5', jmsNumber: '100245', accountNumber: 'HV1001' };

describe('pay link', () => {
  it('sends the invoice number, the amount with two decimals, the job number and the account number', () => {
    const href = buildPayLink('https://pay.example.com/checkout', invoice);
    expect(href).toBe(
      'https://pay.example.com/checkout?payment_reference=INV-1001&payment_amount=1234.50&jms=100245&acno=HV1001',
    );
  });

  it('encodes characters that need encoding, so each value reads back exactly', () => {
    const tricky = { invoiceNumber: 'INV 7/8&x=1?#', amount: '0.5', jmsNumber: '10+20%', accountNumber: 'AC é&€' };
    const href = buildPayLink('https://pay.example.com/checkout', tricky);
    expect(href).not.toBeNull();
    expect(href).toBe(
      'https://pay.example.com/checkout?payment_reference=INV+7%2F8%26x%3D1%3F%23&payment_amount=0.50&jms=10%2B20%25&acno=AC+%C3%A9%26%E2%82%AC',
    );
    const q = new URL(href ?? '').searchParams;
    expect([q.get('payment_reference'), q.get('payment_amount'), q.get('jms'), q.get('acno')]).toEqual([
      'INV 7/8&x=1?#',
      '0.50',
      '10+20%',
      'AC é&€',
    ]);
  });

  it('keeps the query of the configured payments page and replaces only its own parameters', () => {
    const href = buildPayLink('https://pay.example.com/checkout?merchant=jms&acno=stale', invoice);
    const u = new URL(href ?? '');
    expect(u.searchParams.get('merchant')).toBe('jms');
    expect(u.searchParams.getAll('acno')).toEqual(['HV1001']);
  });

  it.each([
    ['12', '12.00'],
    ['12.3', '12.30'],
    ['12.30', '12.30'],
    ['0', '0.00'],
    ['99.999', '100.00'],
    ['1.234', '1.23'],
  ])('sends amount %s as %s', (amount, sent) => {
    expect(
      new URL(buildPayLink('https://pay.example.com/', { ...invoice, amount }) ?? '').searchParams.get(
        'payment_amount',
      ),
    ).toBe(sent);
  });

  it('is hidden when no payments page is configured, or it is not a web address', () => {
    expect(buildPayLink(undefined, invoice)).toBeNull();
    expect(buildPayLink('', invoice)).toBeNull();
    expect(buildPayLink('not a url', invoice)).toBeNull();
    expect(buildPayLink('javascript:alert(1)', invoice)).toBeNull();
  });

  it('is not offered for paid invoices', () => {
    expect(payLinkFor('https://pay.example.com/', { ...invoice, isPaid: true })).toBeNull();
    expect(payLinkFor('https://pay.example.com/', { ...invoice, isPaid: false })).toContain(
      'payment_reference=INV-1001',
    );
  });
});
