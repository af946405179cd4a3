/** The daily digest of job alerts, for users who chose it: each change with its time and its job's slip. */
import { displayDateTime } from '@/lib/display-date';
import { statusLabel } from '@/lib/reference';
import { defineMail } from '../define';
import { Fragment } from 'react';
import { Facts, P, TextLink } from '../template';
import { jobSlipUrl } from '../links';
import { AlertFooter } from './alert-footer';

export function digestSubject(n: number): string {
  return `Your JMS job alerts: ${n} status ${n === 1 ? 'change' : 'changes'}`;
}

export interface DigestProps {
  firstName: string;
  timeZone: string;
  items: readonly {
    jobId: number;
    status: number;
    comment: string | null;
    changedAt: Date;
    jmsNumber: string;
    matterReference: string;
    /** Whose job it is (its contact), when it is not the reader's own: they follow the firm's jobs. */
    whose?: string | null;
  }[];
  unsubscribeUrl: string;
}

export const jobAlertDigestMail = defineMail({
  kind: 'job-alert-digest',
  audience: 'The firm’s users who chose the daily digest of their job alerts',
  subject: (p: DigestProps) => digestSubject(p.items.length),
  body: (p: DigestProps, brand) => ({
    heading: digestSubject(p.items.length),
    content: (
      <>
        <P>{`Hello ${p.firstName},`}</P>
        <P>{`Here are the status changes of your jobs since your last digest (times in ${p.timeZone}):`}</P>
        {p.items.map((it, i) => (
          <Fragment key={i}>
            <P>{`Job ${it.jmsNumber} (${it.matterReference}) is now ${statusLabel(it.status)}: ${displayDateTime(it.changedAt, p.timeZone)}`}</P>
            {it.whose || it.comment ? (
              <Facts items={[it.whose ? ['Whose job', it.whose] : null, it.comment ? ['Comment', it.comment] : null]} />
            ) : null}
            <TextLink href={jobSlipUrl(it.jobId)} brand={brand}>{`Job slip of ${it.jmsNumber}`}</TextLink>
          </Fragment>
        ))}
        <AlertFooter
          why="You receive this daily digest because of your job alert choices"
          unsubscribeUrl={p.unsubscribeUrl}
          brand={brand}
        />
      </>
    ),
  }),
  sample: (appUrl) => ({
    firstName: 'Alex',
    timeZone: 'Australia/Sydney',
    items: [
      {
        jobId: 1042,
        status: 3,
        comment: null,
        changedAt: new Date('2026-03-02T03:15:00Z'),
        jmsNumber: 'JMS-01042',
        matterReference: 'HV-2291 Smith v Jones',
      },
      {
        jobId: 1043,
        status: 8,
        comment: 'Served at 10:05 am.',
        changedAt: new Date('2026-03-02T05:40:00Z'),
        jmsNumber: 'JMS-01043',
        matterReference: 'HV-2302 Estate of Brown',
        whose: 'Sam Vale',
      },
    ],
    unsubscribeUrl: `${appUrl}/api/Settings/Unsubscribe?token=sample`,
  }),
});
