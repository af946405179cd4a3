/** A new invoice, with its PDF attached, to the firm's billing contacts. */
import { defineMail } from '../define';
import { Action, Facts, P, Small } from '../template';
import { portalUrl } from '../links';

export interface InvoiceIssuedProps {
  /** The billing contact's first name; null for a mailbox that is not a user of the portal. */
  firstName: string | null;
  invoiceNumber: string;
  /** The total payable (GST included), formatted with its currency. */
  total: string;
  /** The dates, as shown; no due date: null. */
  issueDate: string;
  dueDate: string | null;
  /** The jobs it bills, by JMS number and matter. */
  jobs: readonly string[];
  /** The invoice's page (a path in the portal). */
  href: string;
}

export function invoiceIssuedSubject(p: { invoiceNumber: string; total: string }): string {
  return `Invoice ${p.invoiceNumber} for ${p.total}`;
}

export const invoiceIssuedMail = defineMail({
  kind: 'invoice-issued',
  audience: 'The firm’s billing contacts (its administrators, unless the firm chose others), with the invoice PDF',
  subject: (p: InvoiceIssuedProps) => invoiceIssuedSubject(p),
  body: (p: InvoiceIssuedProps, brand) => ({
    heading: `Invoice ${p.invoiceNumber}`,
    content: (
      <>
        <P>{p.firstName ? `Hello ${p.firstName},` : 'Hello,'}</P>
        <P>{`Here is invoice ${p.invoiceNumber} for ${p.total}. The tax invoice is attached as a PDF.`}</P>
        <Facts
          items={[
            ['Invoice number', p.invoiceNumber],
            ['Total (GST included)', p.total],
            ['Issued', p.issueDate],
            p.dueDate ? ['Due', p.dueDate] : null,
            [p.jobs.length > 1 ? 'Jobs' : 'Job', p.jobs.join('; ')],
          ]}
        />
        <Action href={portalUrl(p.href)} brand={brand}>
          View the invoice
        </Action>
        <Small>
          You receive this e-mail as a billing contact of your firm. Your firm’s administrator chooses them in Settings.
        </Small>
      </>
    ),
  }),
  sample: () => ({
    firstName: 'Alex',
    invoiceNumber: 'INV-2026-0311',
    total: '$1,265.00',
    issueDate: '02-Mar-2026',
    dueDate: '16-Mar-2026',
    jobs: ['100234, matter SMITH-22'],
    href: '/InvoiceSlip?ir=sample&cD=sample',
  }),
});
