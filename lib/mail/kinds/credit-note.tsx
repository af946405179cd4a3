/** An adjustment (credit) note has been issued: to the firm's billing contacts, with the note's PDF attached. */
import { defineMail } from '../define';
import { Action, P } from '../template';
import { portalUrl } from '../links';

export interface CreditNoteProps {
  creditNoteNumber: string;
  invoiceNumber: string;
  /** The adjustment and the GST in it, formatted with the currency. */
  amount: string;
  gst: string;
  reason: string;
  /** The invoice's page (a path in the portal). */
  href: string;
}

export const creditNoteMail = defineMail({
  kind: 'credit-note',
  audience: 'The firm’s billing contacts (the adjustment note’s PDF attached)',
  subject: (p: CreditNoteProps) => `Adjustment note ${p.creditNoteNumber} for invoice ${p.invoiceNumber}`,
  body: (p: CreditNoteProps, brand) => ({
    heading: `Adjustment note ${p.creditNoteNumber}`,
    content: (
      <>
        <P>Hello,</P>
        <P>{`We have issued adjustment note ${p.creditNoteNumber}, which reduces invoice ${p.invoiceNumber} by ${p.amount} (GST ${p.gst} included).`}</P>
        <P>{`Reason: ${p.reason}`}</P>
        <P>The adjustment note is attached as a PDF for your records.</P>
        <Action href={portalUrl(p.href)} brand={brand}>
          View the invoice
        </Action>
      </>
    ),
  }),
  sample: () => ({
    creditNoteNumber: 'CN-HV1001-3',
    invoiceNumber: 'INV-HV1001-12',
    amount: '$110.00',
    gst: '$10.00',
    reason: 'Ten pages were charged twice.',
    href: '/InvoiceSlip?ir=sample&cD=sample',
  }),
});
