/** An error report: the first of its kind within a minute, told to support with what is known of it. */
import { defineMail } from '../define';
import { Facts, H2, P, Quote, Small } from '../template';

export interface ExceptionProps {
  reportId: number;
  message: string;
  status: string;
  url: string;
  user: string;
  innerException: string;
  /** How often the same error was seen before, when it was. */
  repeats: string | null;
  stackTrace: string;
}

export const exceptionMail = defineMail({
  kind: 'exception',
  audience: 'Support (SUPPORT_EMAIL)',
  subject: (p: ExceptionProps) => `JMS Portal exception #${p.reportId}: ${p.message.slice(0, 120)}`,
  body: (p: ExceptionProps) => ({
    heading: `Exception #${p.reportId}`,
    content: (
      <>
        <Facts
          items={[
            ['Message', p.message],
            ['Status', p.status],
            ['URL', p.url],
            ['User', p.user],
            ['InnerException', p.innerException],
          ]}
        />
        {p.repeats ? <P>{p.repeats}</P> : null}
        <Small>The same error within a minute is counted on this report, not e-mailed again.</Small>
        <H2>StackTrace:</H2>
        <Quote>{p.stackTrace}</Quote>
      </>
    ),
  }),
  sample: () => ({
    reportId: 318,
    message: 'Cannot read properties of null (reading "id")',
    status: '500',
    url: '/JobClient',
    user: '42',
    innerException: '',
    repeats: null,
    stackTrace: 'TypeError: Cannot read properties of null (reading "id")\n    at JobList (job-list.tsx:88:14)',
  }),
});
