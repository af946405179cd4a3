/** The "invoice issued" alert, to the firm's users who keep it on and whose jobs the invoice bills. */
import { defineMail } from '../define';
import { Action, P } from '../template';
import { portalUrl } from '../links';
import { AlertFooter } from './alert-footer';

export function invoiceAlertSubject(invoiceNumber: string): string {
  return `Invoice ${invoiceNumber} has been issued`;
}

export interface InvoiceAlertProps {
  firstName: string;
  invoiceNumber: string;
  currencyCode: string;
  amount: string;
  issueDate: string;
  /** The invoice's page (a path in the portal). */
  href: string;
  unsubscribeUrl: string;
}

export const invoiceAlertMail = defineMail({
  kind: 'invoice-alert',
  audience: 'The firm’s users with the invoice alert on, when the invoice bills their jobs (or they follow the firm’s)',
  subject: (p: InvoiceAlertProps) => invoiceAlertSubject(p.invoiceNumber),
  body: (p: InvoiceAlertProps, brand) => ({
    heading: invoiceAlertSubject(p.invoiceNumber),
    content: (
      <>
        <P>{`Hello ${p.firstName},`}</P>
        <P>{`Invoice ${p.invoiceNumber} (${p.currencyCode} ${p.amount}, issued ${p.issueDate}) has been issued for your jobs.`}</P>
        <Action href={portalUrl(p.href)} brand={brand}>
          View the invoice
        </Action>
        <AlertFooter
          why="You receive this e-mail because of your invoice alert"
          unsubscribeUrl={p.unsubscribeUrl}
          brand={brand}
        />
      </>
    ),
  }),
  sample: (appUrl) => ({
    firstName: 'Alex',
    invoiceNumber: 'INV-2026-0311',
    currencyCode: 'AUD',
    amount: '1,265.00',
    issueDate: '02/03/2026',
    href: '/InvoiceSlip?ir=sample&cD=sample',
    unsubscribeUrl: `${appUrl}/api/Settings/Unsubscribe?token=sample`,
  }),
});
