/** A firm's change to a job that staff must act on (a cancellation, a change request), to the operations mailbox. */
import { defineMail } from '../define';
import { Action, P } from '../template';
import { opsJobUrl } from '../links';

export interface JobChangeProps {
  jobId: number;
  jmsNumber: string;
  /** What happened, in a few words (the subject's end). */
  what: string;
  lines: readonly string[];
}

export const jobChangeMail = defineMail({
  kind: 'job-change',
  audience: 'Staff (the operations mailbox)',
  subject: (p: JobChangeProps) => `JMS Portal: job ${p.jmsNumber}: ${p.what}`,
  body: (p: JobChangeProps, brand) => ({
    heading: `Job ${p.jmsNumber}: ${p.what}`,
    content: (
      <>
        {p.lines
          .filter((l) => l.trim())
          .map((l, i) => (
            <P key={i}>{l}</P>
          ))}
        <Action href={opsJobUrl(p.jobId)} brand={brand}>
          Open the job
        </Action>
      </>
    ),
  }),
  sample: () => ({
    jobId: 1042,
    jmsNumber: 'JMS-01042',
    what: 'cancelled by the client',
    lines: ['Sam Vale of Harbour & Vale Lawyers cancelled job JMS-01042.', 'Reason: the matter settled.'],
  }),
});
