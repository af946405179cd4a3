/** A payment reminder, a set number of days before or after an invoice's due date, with the invoice PDF attached. */
import { defineMail } from '../define';
import { Action, P, Small } from '../template';
import { portalUrl } from '../links';

export interface PaymentReminderProps {
  /** The billing contact's first name; null for a mailbox that is not a user of the portal. */
  firstName: string | null;
  invoiceNumber: string;
  /** What is left to pay, formatted with its currency. */
  balance: string;
  /** The due date, as shown. */
  dueDate: string;
  /** Days from the due date: negative before it, 0 on it, positive after it. */
  daysFromDue: number;
  /** The invoice's page (a path in the portal). */
  href: string;
}

function when(p: PaymentReminderProps): string {
  const n = Math.abs(p.daysFromDue);
  const days = `${n} day${n === 1 ? '' : 's'}`;
  if (p.daysFromDue < 0) return `is due in ${days}, on ${p.dueDate}`;
  if (p.daysFromDue === 0) return `is due today, ${p.dueDate}`;
  return `was due ${days} ago, on ${p.dueDate}`;
}

export const paymentReminderMail = defineMail({
  kind: 'payment-reminder',
  audience: 'The firm’s billing contacts, on the days before and after the due date the provider set, until paid',
  subject: (p: PaymentReminderProps) =>
    p.daysFromDue > 0
      ? `Overdue: invoice ${p.invoiceNumber}, ${p.balance} to pay`
      : `Reminder: invoice ${p.invoiceNumber}, ${p.balance} due ${p.dueDate}`,
  body: (p: PaymentReminderProps, brand) => ({
    heading: p.daysFromDue > 0 ? `Invoice ${p.invoiceNumber} is overdue` : `Invoice ${p.invoiceNumber} is due soon`,
    content: (
      <>
        <P>{p.firstName ? `Hello ${p.firstName},` : 'Hello,'}</P>
        <P>{`Invoice ${p.invoiceNumber} ${when(p)}. ${p.balance} is left to pay. The invoice is attached as a PDF.`}</P>
        <Action href={portalUrl(p.href)} brand={brand}>
          View the invoice
        </Action>
        <Small>If you have paid in the last few days, thank you: please disregard this reminder.</Small>
        <Small>
          You receive this e-mail as a billing contact of your firm. Your firm’s administrator chooses them in Settings.
        </Small>
      </>
    ),
  }),
  sample: () => ({
    firstName: null,
    invoiceNumber: 'INV-2026-0311',
    balance: '$1,265.00',
    dueDate: '16-Mar-2026',
    daysFromDue: 7,
    href: '/InvoiceSlip?ir=sample&cD=sample',
  }),
});
