/**
 * The confirmation of an order, to the user who placed it (on unless they turned it off in their alert settings):
 * the job number, the matter, what was ordered, the files received with it, and the job's slip.
 */
import { displayDateTime } from '@/lib/display-date';
import { formatBytes } from '@/lib/display-size';
import { orderTypeName } from '@/lib/reference';
import { defineMail } from '../define';
import { Action, Facts, List, P } from '../template';
import { jobSlipUrl } from '../links';
import { AlertFooter } from './alert-footer';

export function orderConfirmationSubject(jmsNumber: string, matterReference: string): string {
  return `Order confirmed: job ${jmsNumber} (${matterReference})`;
}

export interface OrderConfirmationProps {
  firstName: string;
  timeZone: string;
  jobId: number;
  jmsNumber: string;
  orderType: number;
  matterReference: string;
  description: string;
  at: Date;
  /** The files received with the order, in the order they were attached. */
  files: readonly { fileName: string; size: number }[];
  unsubscribeUrl: string;
}

export const orderConfirmationMail = defineMail({
  kind: 'order-confirmation',
  audience: 'The firm’s user who placed the order (unless they turned order confirmations off)',
  subject: (p: OrderConfirmationProps) => orderConfirmationSubject(p.jmsNumber, p.matterReference),
  body: (p: OrderConfirmationProps, brand) => ({
    heading: `Your order is confirmed: job ${p.jmsNumber}`,
    content: (
      <>
        <P>{`Hello ${p.firstName},`}</P>
        <P>{`Thank you for your order. Its job number is ${p.jmsNumber}.`}</P>
        <Facts
          items={[
            ['Job number', p.jmsNumber],
            ['Matter reference', p.matterReference],
            ['Job type', orderTypeName(p.orderType)],
            p.description ? ['Description', p.description] : null,
            ['Ordered', `${displayDateTime(p.at, p.timeZone)} (${p.timeZone})`],
          ]}
        />
        {p.files.length > 0 ? (
          <List
            title={`Files received (${p.files.length}):`}
            items={p.files.map((f) => `${f.fileName} (${formatBytes(f.size)})`)}
          />
        ) : (
          <P>No files came with the order.</P>
        )}
        <Action href={jobSlipUrl(p.jobId)} brand={brand}>
          Follow its progress on the job slip
        </Action>
        <AlertFooter
          why="You receive this confirmation because order confirmations are on"
          unsubscribeUrl={p.unsubscribeUrl}
          brand={brand}
        />
      </>
    ),
  }),
  sample: (appUrl) => ({
    firstName: 'Alex',
    timeZone: 'Australia/Sydney',
    jobId: 1042,
    jmsNumber: 'JMS-01042',
    orderType: 6,
    matterReference: 'HV-2291 Smith v Jones',
    description: 'Scan of the discovery bundle, colour',
    at: new Date('2026-03-02T03:15:00Z'),
    files: [
      { fileName: 'Discovery-bundle.pdf', size: 4_812_331 },
      { fileName: 'Index.docx', size: 38_410 },
    ],
    unsubscribeUrl: `${appUrl}/api/Settings/Unsubscribe?token=sample`,
  }),
});
