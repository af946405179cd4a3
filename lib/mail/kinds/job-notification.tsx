/** "E-mail me the latest on this job": the job's status and dates, to the job's contact. */
import { displayDateTime } from '@/lib/display-date';
import { orderTypeName, statusLabel } from '@/lib/reference';
import { defineMail } from '../define';
import { Action, Facts, P } from '../template';
import { jobSlipUrl } from '../links';

export function jobNotificationSubject(jmsNumber: string, status: number): string {
  return `Job ${jmsNumber}: ${statusLabel(status)}`;
}

export interface JobNotificationProps {
  contactName: string;
  timeZone: string;
  jobId: number;
  jmsNumber: string;
  status: number;
  orderType: number;
  matterReference: string;
  dueAt: Date | null;
  deliveredAt: Date | null;
}

export const jobNotificationMail = defineMail({
  kind: 'job-notification',
  audience: 'The job’s contact, when a user asks for the latest on the job',
  subject: (p: JobNotificationProps) => jobNotificationSubject(p.jmsNumber, p.status),
  body: (p: JobNotificationProps, brand) => ({
    heading: `Job ${p.jmsNumber}: ${statusLabel(p.status)}`,
    content: (
      <>
        <P>{`Hello ${p.contactName},`}</P>
        <P>{`Here is the latest on job ${p.jmsNumber}.`}</P>
        <Facts
          items={[
            ['Status', statusLabel(p.status)],
            ['Job type', orderTypeName(p.orderType)],
            ['Matter reference', p.matterReference],
            ['Due', displayDateTime(p.dueAt, p.timeZone)],
            p.deliveredAt ? ['Delivered', displayDateTime(p.deliveredAt, p.timeZone)] : null,
          ]}
        />
        <Action href={jobSlipUrl(p.jobId)} brand={brand}>
          View the job slip
        </Action>
      </>
    ),
  }),
  sample: () => ({
    contactName: 'Alex Harbour',
    timeZone: 'Australia/Sydney',
    jobId: 1042,
    jmsNumber: 'JMS-01042',
    status: 8,
    orderType: 1,
    matterReference: 'HV-2291 Smith v Jones',
    dueAt: new Date('2026-03-03T06:00:00Z'),
    deliveredAt: new Date('2026-03-02T03:15:00Z'),
  }),
});
