/** The receipt for a payment, with each invoice it paid and what is left to pay; the receipt PDF is attached. */
import { defineMail } from '../define';
import { P, Small, TextLink } from '../template';
import { portalUrl } from '../links';

export interface ReceiptProps {
  /** The billing contact's first name; null for a mailbox that is not a user of the portal. */
  firstName: string | null;
  /** The payment, formatted with its currency. */
  amount: string;
  /** The payment's date, as shown. */
  date: string;
  reference: string | null;
  allocations: readonly {
    invoiceNumber: string;
    /** What went to this invoice, and what is left, formatted. */
    amount: string;
    balance: string;
    isPaid: boolean;
    /** The invoice's page (a path in the portal). */
    href: string;
  }[];
}

export const paymentReceiptMail = defineMail({
  kind: 'payment-receipt',
  audience: 'The firm’s billing contacts (its administrators, unless the firm chose others), with the receipt PDF',
  subject: (p: ReceiptProps) =>
    p.allocations.length === 1 && p.allocations[0]!.isPaid
      ? `Receipt: invoice ${p.allocations[0]!.invoiceNumber} is paid`
      : `Receipt for your payment of ${p.amount}`,
  body: (p: ReceiptProps, brand) => ({
    heading: `Receipt for your payment of ${p.amount}`,
    content: (
      <>
        <P>{p.firstName ? `Hello ${p.firstName},` : 'Hello,'}</P>
        <P>{`Thank you: we have received your payment of ${p.amount} on ${p.date}${p.reference ? ` (reference ${p.reference})` : ''}.`}</P>
        {p.allocations.map((a) => (
          <TextLink
            key={a.invoiceNumber}
            href={portalUrl(a.href)}
            brand={brand}
            lead={`Invoice ${a.invoiceNumber}: ${a.amount} received; ${a.isPaid ? 'now paid in full' : `${a.balance} still to pay`}.`}
          >{`View invoice ${a.invoiceNumber}`}</TextLink>
        ))}
        <Small>This receipt is for your records; it is attached as a PDF.</Small>
      </>
    ),
  }),
  sample: () => ({
    firstName: 'Alex',
    amount: '$1,265.00',
    date: '02/03/2026',
    reference: 'EFT 77812',
    allocations: [
      {
        invoiceNumber: 'INV-2026-0311',
        amount: '$1,265.00',
        balance: '$0.00',
        isPaid: true,
        href: '/InvoiceSlip?ir=sample&cD=sample',
      },
    ],
  }),
});
