/** An invoice has been voided: to the firm's billing contacts. */
import { defineMail } from '../define';
import { portalUrl } from '../links';

export interface InvoiceVoidedProps {
  invoiceNumber: string;
  /** The invoice's total, formatted with its currency. */
  amount: string;
  issueDate: string;
  reason: string;
  /** The invoice's page (a path in the portal). */
  href: string;
}

export const invoiceVoidedMail = defineMail({
  kind: 'invoice-voided',
  audience: 'The firm’s billing contacts',
  subject: (p: InvoiceVoidedProps) => `Invoice ${p.invoiceNumber} has been voided`,
  body: (p: InvoiceVoidedProps) => ({
    heading: `Invoice ${p.invoiceNumber} has been voided`,
    blocks: [
      { p: 'Hello,' },
      {
        p: `We have voided invoice ${p.invoiceNumber} of ${p.amount}, issued ${p.issueDate}. You do not need to pay it.`,
      },
      { p: `Reason: ${p.reason}` },
      { button: 'View the invoice', href: portalUrl(p.href) },
      { small: 'This notice is for your records.' },
    ],
  }),
  sample: () => ({
    invoiceNumber: 'INV-HV1001-12',
    amount: '$1,265.00',
    issueDate: '02-Mar-2026',
    reason: 'Issued to the wrong firm.',
    href: '/InvoiceSlip?ir=sample&cD=sample',
  }),
});
