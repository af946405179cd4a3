/** The slip as rendered on the server: header, lines, totals in the currency, sheets, the pay button. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { presentSlip } from '@/lib/invoices/present';
import type { InvoiceSlip } from '@/lib/invoices/service';
import { InvoiceSlipView } from './InvoiceSlipView';

const supplier: InvoiceSlip['supplier'] = {
  legalName: 'Legal Copy Services Pty Ltd',
  abn: '51824753556',
  address: '1 George Street, Sydney NSW 2000',
  email: 'accounts@legalcopy.example',
  phone: '',
  bankAccountName: 'Legal Copy Services',
  bankBsb: '062-000',
  bankAccountNumber: '12345678',
  gstRateBp: 1000,
  logo: null,
  brandColour: null,
  reminderDaysBefore: [3],
  reminderDaysAfter: [1, 7, 14],
  updatedAt: null,
};

const slip = (over: Partial<InvoiceSlip['invoice']> = {}, payUrl: string | null = null): InvoiceSlip => ({
  invoice: {
    id: 7,
    jobId: 3,
    jmsNumber: '100245',
    matterReference: 'Smith vs Jones',
    extClientBranchId: 'HV1001-B1',
    invoiceNumber: 'INV-1003',
    amount: '112.10',
    currencyCode: 'AUD',
    issueDate: '2026-03-02',
    dueDate: null,
    isPaid: false,
    isVoid: false,
    amountPaid: '0.00',
    amountCredited: '0.00',
    ...over,
  },
  client: { name: 'Harbour & Vale Lawyers', accountNumber: 'HV1001' },
  jobs: [{ jmsNumber: '100245', matterReference: 'Smith vs Jones' }],
  lines: [
    {
      id: 1,
      extStockId: 'BIND01',
      description: 'Binding and tabbing',
      quantity: '3.00',
      unitPrice: '12.5000',
      amount: '37.50',
      gst: '3.75',
    },
    {
      id: 2,
      extStockId: 'DEL01',
      description: 'Courier delivery',
      quantity: '1.00',
      unitPrice: '35.0000',
      amount: '35.00',
      gst: '3.50',
    },
    {
      id: 3,
      extStockId: 'EZ999',
      description: 'A4 copies (sheets)',
      quantity: '1330.00',
      unitPrice: '0.1200',
      amount: '159.60',
      gst: '15.96',
    },
  ],
  linesTotal: '232.10',
  gst: '23.21',
  amountPaid: '0.00',
  balance: '112.10',
  amountCredited: '0.00',
  creditNotes: [],
  voidReason: null,
  payments: [],
  supplier,
  sheetsTotal: '1330.00',
  payUrl,
});

const html = (s: InvoiceSlip) => renderToStaticMarkup(<InvoiceSlipView slip={presentSlip(s)} />);

describe('invoice slip view', () => {
  it('shows the header, the lines in the invoice currency, the total and the sheets of paper', () => {
    const out = html(slip());
    expect(out).toContain('<h1 id="invoice-7"');
    expect(out).toContain('Invoice INV-1003');
    expect(out).toContain('Harbour &amp; Vale Lawyers · Account HV1001');
    expect(out).toContain('02-Mar-2026');
    expect(out).toMatch(
      /<td[^>]*>EZ999<\/td><td[^>]*>A4 copies \(sheets\)<\/td><td[^>]*>1,330<\/td><td[^>]*>\$0\.12<\/td><td[^>]*>\$159\.60<\/td>/,
    );
    expect(out).toMatch(/data-testid="invoice-total">\$112\.10</);
    expect(out).toMatch(/data-testid="sheets-total">1,330</);
    expect(out).toContain('Tax invoice');
    expect(out).toContain('Legal Copy Services Pty Ltd');
    expect(out).toContain('ABN 51 824 753 556');
    expect(out).toMatch(/data-testid="invoice-subtotal">\$232\.10</);
    expect(out).toMatch(/data-testid="invoice-gst">\$23\.21</);
    expect(out).toMatch(/<td[^>]*>\$159\.60<\/td><td[^>]*>\$15\.96<\/td>/);
    expect(out).toContain('Unpaid');
  });

  it('shows the Pay button (hidden in print) only when there is a pay link', () => {
    expect(html(slip())).not.toContain('>Pay<');
    const out = html(
      slip(
        {},
        'https://pay.example.com/checkout?payment_reference=INV-1003&payment_amount=112.10&jms=100245&acno=HV1001',
      ),
    );
    expect(out).toMatch(
      /<a href="https:\/\/pay\.example\.com\/checkout\?payment_reference=INV-1003&amp;payment_amount=112\.10&amp;jms=100245&amp;acno=HV1001" class="[^"]*no-print[^"]*" data-print="hide">Pay<span class="sr-only"> invoice INV-1003<\/span><\/a>/,
    );
  });

  it('without a payments page, an unpaid invoice says how to pay by bank transfer; a paid one does not', () => {
    const out = html(slip());
    expect(out).toContain('How to pay');
    expect(out).toContain('062-000');
    expect(out).toContain('12345678');
    const paid = html({ ...slip({ amount: '232.10', currencyCode: 'AUD', isPaid: true }) });
    expect(paid).not.toContain('How to pay');
    expect(paid).toContain('Paid');
  });

  it('shows what was paid and the balance due of a part-paid invoice', () => {
    const out = html({ ...slip(), amountPaid: '50.00', balance: '62.10' });
    expect(out).toMatch(/data-testid="invoice-balance">\$62\.10</);
  });

  it('lists the payments of a paid invoice with their date, amount and reference', () => {
    const out = html({
      ...slip({ amount: '232.10', currencyCode: 'AUD', isPaid: true }),
      amountPaid: '232.10',
      balance: '0.00',
      payments: [
        { paymentDate: '2026-03-02', amount: '100.00', reference: 'EFT 7781' },
        { paymentDate: '2026-03-20', amount: '132.10', reference: '' },
      ],
    });
    const table = out.slice(out.indexOf('data-testid="invoice-payments"'));
    expect(out).toContain('>Payments</h2>');
    expect(table).toMatch(/02-Mar-2026<\/td><td[^>]*>\$100\.00<\/td><td[^>]*>EFT 7781</);
    expect(table).toMatch(/20-Mar-2026<\/td><td[^>]*>\$132\.10<\/td><td[^>]*>—</);
    expect(html(slip())).not.toContain('invoice-payments');
  });

  it('states the invoice in the one vocabulary: Unpaid, Overdue past its due date, Part credited, Credited in full, Void', () => {
    const badge = (s: InvoiceSlip, today: string | null = null) => presentSlip(s, today).status;
    expect(badge(slip({ dueDate: '2026-03-16' }))).toBe('Unpaid');
    expect(badge(slip({ dueDate: '2026-03-16' }), '2026-03-17')).toBe('Overdue');
    expect(badge(slip({ dueDate: '2026-03-16' }), '2026-03-16')).toBe('Unpaid');
    expect(badge({ ...slip(), amountCredited: '12.10' })).toBe('Part credited');
    expect(badge({ ...slip({ isPaid: true }), amountCredited: '112.10' })).toBe('Credited in full');
    expect(badge(slip({ isPaid: true, isVoid: true }))).toBe('Void');
    const out = html({ ...slip(), amountPaid: '50.00', balance: '62.10' });
    expect(out).toContain('>Part paid</span>');
  });
});
