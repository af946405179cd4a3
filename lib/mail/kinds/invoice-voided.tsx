/** An invoice has been voided: to the firm's billing contacts. */
import { defineMail } from '../define';
import { Action, P, Small } from '../template';
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
  body: (p: InvoiceVoidedProps, brand) => ({
    heading: `Invoice ${p.invoiceNumber} has been voided`,
    content: (
      <>
        <P>Hello,</P>
        <P>{`We have voided invoice ${p.invoiceNumber} of ${p.amount}, issued ${p.issueDate}. You do not need to pay it.`}</P>
        <P>{`Reason: ${p.reason}`}</P>
        <Action href={portalUrl(p.href)} brand={brand}>
          View the invoice
        </Action>
        <Small>This notice is for your records.</Small>
      </>
    ),
  }),
  sample: () => ({
    invoiceNumber: 'INV-HV1001-12',
    amount: '$1,265.00',
    issueDate: '02-Mar-2026',
    reason: 'Issued to the wrong firm.',
    href: '/InvoiceSlip?ir=sample&cD=sample',
  }),
});
