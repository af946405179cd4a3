/**
 * A message on a job's conversation: from staff, to the firm's people on the job (read and answered on the job's
 * slip); from the firm, to the staff member who owns the job (or the operations mailbox), on the job's staff page.
 */
import { defineMail } from '../define';
import { jobSlipUrl, opsJobUrl } from '../links';

export interface JobMessageProps {
  /** Who wrote: 'staff' mails the firm, 'client' mails staff. */
  side: 'staff' | 'client';
  author: string;
  jobId: number;
  jmsNumber: string;
  body: string;
  files: readonly string[];
}

export const jobMessageMail = defineMail({
  kind: 'job-message',
  audience:
    'From staff: the job’s orderer and contact. From the firm: the job’s staff owner (else the operations mailbox)',
  subject: (p: JobMessageProps) => `JMS Portal: new message on job ${p.jmsNumber}`,
  body: (p: JobMessageProps) => ({
    heading: `New message on job ${p.jmsNumber}`,
    blocks: [
      { p: `${p.author} wrote on job ${p.jmsNumber}:` },
      { quote: p.body },
      ...(p.files.length ? [{ facts: [['Attached', p.files.join(', ')] as const] }] : []),
      p.side === 'staff'
        ? { button: 'Read and answer it on the job slip', href: jobSlipUrl(p.jobId) }
        : { button: 'Open the job', href: opsJobUrl(p.jobId) },
    ],
  }),
  sample: () => ({
    side: 'staff' as const,
    author: 'Jordan Lee (JMS)',
    jobId: 1042,
    jmsNumber: 'JMS-01042',
    body: 'The court registry closes early on Friday.\nCan we file on Thursday instead?',
    files: ['Registry-notice.pdf'],
  }),
});
