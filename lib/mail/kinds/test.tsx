/** The test e-mail a user sends themselves from Settings (and staff from the e-mail previews). */
import { defineMail } from '../define';
import { P } from '../template';

export const TEST_MAIL_SUBJECT = 'JMS Portal test e-mail';

export const testMail = defineMail({
  kind: 'test',
  audience: 'The user who asked for it, at their saved address',
  subject: () => TEST_MAIL_SUBJECT,
  body: (p: { name: string }) => ({
    heading: 'Your test e-mail',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>
          This is a test e-mail from the JMS Portal. Job alerts and password reset links will reach you at this address.
        </P>
      </>
    ),
  }),
  sample: () => ({ name: 'Alex Harbour' }),
});
