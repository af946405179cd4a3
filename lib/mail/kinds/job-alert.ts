/**
 * A job alert, one e-mail per change: the job's new status (with the files delivered, for "Delivered"), or, when the
 * job was just ordered, that the order was received. The time is in the reader's zone; the link is the job's slip.
 */
import { displayDateTime } from '@/lib/display-date';
import { formatBytes } from '@/lib/display-size';
import { DELIVERED_STATUS, orderTypeName, statusLabel } from '@/lib/reference';
import { defineMail } from '../define';
import { jobSlipUrl } from '../links';
import type { MailBlock } from '../template';
import { alertFooter } from './alert-footer';

export function jobAlertSubject(jmsNumber: string, status: number): string {
  return `Job ${jmsNumber} is now ${statusLabel(status)}`;
}

/** The "order received" alert's subject: the job number and the matter, so it is told apart in an inbox. */
export function orderReceivedSubject(jmsNumber: string, matterReference: string): string {
  return `We have received your order: job ${jmsNumber} (${matterReference})`;
}

export interface JobAlertProps {
  firstName: string;
  timeZone: string;
  jobId: number;
  jmsNumber: string;
  orderType: number;
  matterReference: string;
  description: string;
  status: number;
  comment: string | null;
  at: Date;
  /** The job was just ordered: the "order received" alert. */
  received?: boolean;
  /** The files delivered with a "Delivered" alert. */
  files: readonly { fileName: string; size: number }[];
  /** Whose job it is (its contact), when it is not the reader's own: they follow the firm's jobs. */
  whose?: string | null;
  unsubscribeUrl: string;
}

function facts(p: JobAlertProps, when: string): MailBlock {
  return {
    facts: [
      ...(p.received ? [['Job number', p.jmsNumber] as const] : []),
      ['Matter reference', p.matterReference],
      ['Job type', orderTypeName(p.orderType)],
      ...(p.description ? [['Description', p.description] as const] : []),
      [when, `${displayDateTime(p.at, p.timeZone)} (${p.timeZone})`],
      ...(p.comment ? [['Comment', p.comment] as const] : []),
    ],
  };
}

export const jobAlertMail = defineMail({
  kind: 'job-alert',
  audience: 'The firm’s users who chose alerts for the job’s new status (their own jobs, or the firm’s)',
  subject: (p: JobAlertProps) =>
    p.received ? orderReceivedSubject(p.jmsNumber, p.matterReference) : jobAlertSubject(p.jmsNumber, p.status),
  body: (p: JobAlertProps) => {
    const slip = jobSlipUrl(p.jobId);
    const footer = alertFooter(
      `You receive this e-mail because of your alerts on "${statusLabel(p.status)}"`,
      p.unsubscribeUrl,
    );
    if (p.received)
      return {
        heading: `We have received your order: job ${p.jmsNumber}`,
        blocks: [
          { p: `Hello ${p.firstName},` },
          { p: `We have received your order. Your job number is ${p.jmsNumber}.` },
          facts(p, 'Received'),
          { button: 'Follow its progress on the job slip', href: slip },
          ...footer,
        ],
      };
    const delivered = p.status === DELIVERED_STATUS && p.files.length > 0;
    return {
      heading: `Job ${p.jmsNumber}: ${statusLabel(p.status)}`,
      blocks: [
        { p: `Hello ${p.firstName},` },
        { p: `Job ${p.jmsNumber} is now ${statusLabel(p.status)}.` },
        ...(p.whose
          ? [{ p: `This is ${p.whose}’s job: you receive its alerts because you follow your firm’s jobs.` }]
          : []),
        facts(p, 'Changed'),
        ...(delivered
          ? [
              {
                title: `Delivered files (${p.files.length}):`,
                list: p.files.map((f) => `${f.fileName} (${formatBytes(f.size)})`),
              },
              { link: 'Download them from the job slip', href: slip },
            ]
          : []),
        { button: 'View the job slip', href: slip },
        ...footer,
      ],
    };
  },
  sample: (appUrl) => ({
    firstName: 'Alex',
    timeZone: 'Australia/Sydney',
    jobId: 1042,
    jmsNumber: 'JMS-01042',
    orderType: 1,
    matterReference: 'HV-2291 Smith v Jones',
    description: 'Affidavit of service, three copies',
    status: DELIVERED_STATUS,
    comment: 'Left with reception at 2:15 pm.',
    at: new Date('2026-03-02T03:15:00Z'),
    files: [{ fileName: 'Affidavit-signed.pdf', size: 248_113 }],
    whose: 'Sam Vale',
    unsubscribeUrl: `${appUrl}/api/Settings/Unsubscribe?token=sample`,
  }),
});
