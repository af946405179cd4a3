/**
 * A job alert, one e-mail per change: the job's new status (with the files delivered, for "Delivered"), or, when the
 * job was just ordered, that the order was received. The time is in the reader's zone; the link is the job's slip.
 */
import { displayDateTime } from '@/lib/display-date';
import { formatBytes } from '@/lib/display-size';
import { DELIVERED_STATUS, orderTypeName, statusLabel } from '@/lib/reference';
import { defineMail } from '../define';
import { jobSlipUrl } from '../links';
import { Action, Facts, List, P, TextLink, type MailBrand } from '../template';
import { AlertFooter } from './alert-footer';

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

function JobFacts({ p, when }: { p: JobAlertProps; when: string }) {
  return (
    <Facts
      items={[
        ...(p.received ? [['Job number', p.jmsNumber] as const] : []),
        ['Matter reference', p.matterReference],
        ['Job type', orderTypeName(p.orderType)],
        ...(p.description ? [['Description', p.description] as const] : []),
        [when, `${displayDateTime(p.at, p.timeZone)} (${p.timeZone})`],
        ...(p.comment ? [['Comment', p.comment] as const] : []),
      ]}
    />
  );
}

export const jobAlertMail = defineMail({
  kind: 'job-alert',
  audience: 'The firm’s users who chose alerts for the job’s new status (their own jobs, or the firm’s)',
  subject: (p: JobAlertProps) =>
    p.received ? orderReceivedSubject(p.jmsNumber, p.matterReference) : jobAlertSubject(p.jmsNumber, p.status),
  body: (p: JobAlertProps, brand: MailBrand) => {
    const slip = jobSlipUrl(p.jobId);
    const footer = (
      <AlertFooter
        why={`You receive this e-mail because of your alerts on "${statusLabel(p.status)}"`}
        unsubscribeUrl={p.unsubscribeUrl}
        brand={brand}
      />
    );
    if (p.received)
      return {
        heading: `We have received your order: job ${p.jmsNumber}`,
        content: (
          <>
            <P>{`Hello ${p.firstName},`}</P>
            <P>{`We have received your order. Your job number is ${p.jmsNumber}.`}</P>
            <JobFacts p={p} when="Received" />
            <Action href={slip} brand={brand}>
              Follow its progress on the job slip
            </Action>
            {footer}
          </>
        ),
      };
    const delivered = p.status === DELIVERED_STATUS && p.files.length > 0;
    return {
      heading: `Job ${p.jmsNumber}: ${statusLabel(p.status)}`,
      content: (
        <>
          <P>{`Hello ${p.firstName},`}</P>
          <P>{`Job ${p.jmsNumber} is now ${statusLabel(p.status)}.`}</P>
          {p.whose ? (
            <P>{`This is ${p.whose}’s job: you receive its alerts because you follow your firm’s jobs.`}</P>
          ) : null}
          <JobFacts p={p} when="Changed" />
          {delivered ? (
            <>
              <List
                title={`Delivered files (${p.files.length}):`}
                items={p.files.map((f) => `${f.fileName} (${formatBytes(f.size)})`)}
              />
              <TextLink href={slip} brand={brand}>
                Download them from the job slip
              </TextLink>
            </>
          ) : null}
          <Action href={slip} brand={brand}>
            View the job slip
          </Action>
          {footer}
        </>
      ),
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
