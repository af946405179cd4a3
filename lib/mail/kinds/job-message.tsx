/**
 * A message on a job's conversation: from staff, to the firm's people on the job (read and answered on the job's
 * slip); from the firm, to the staff member who owns the job (or the operations mailbox), on the job's staff page.
 * The link opens the thread at the message itself.
 */
import { defineMail } from '../define';
import { Action, Facts, P, Quote } from '../template';
import { jobSlipUrl, messageAnchor, opsJobUrl } from '../links';

export interface JobMessageProps {
  /** Who wrote: 'staff' mails the firm, 'client' mails staff. */
  side: 'staff' | 'client';
  author: string;
  jobId: number;
  /** The message: the link opens the job's thread at it. */
  messageId: number;
  jmsNumber: string;
  body: string;
  files: readonly string[];
}

export const jobMessageMail = defineMail({
  kind: 'job-message',
  audience:
    'From staff: the job’s orderer and contact. From the firm: the job’s staff owner (else the operations mailbox)',
  subject: (p: JobMessageProps) => `JMS Portal: new message on job ${p.jmsNumber}`,
  body: (p: JobMessageProps, brand) => ({
    heading: `New message on job ${p.jmsNumber}`,
    content: (
      <>
        <P>{`${p.author} wrote on job ${p.jmsNumber}:`}</P>
        <Quote>{p.body}</Quote>
        {p.files.length ? <Facts items={[['Attached', p.files.join(', ')]]} /> : null}
        {p.side === 'staff' ? (
          <Action href={`${jobSlipUrl(p.jobId)}${messageAnchor(p.messageId)}`} brand={brand}>
            Read and answer it on the job slip
          </Action>
        ) : (
          <Action href={`${opsJobUrl(p.jobId)}${messageAnchor(p.messageId)}`} brand={brand}>
            Open the job
          </Action>
        )}
      </>
    ),
  }),
  sample: () => ({
    side: 'staff' as const,
    author: 'Jordan Lee (JMS)',
    jobId: 1042,
    messageId: 311,
    jmsNumber: 'JMS-01042',
    body: 'The court registry closes early on Friday.\nCan we file on Thursday instead?',
    files: ['Registry-notice.pdf'],
  }),
});
