/** The test e-mail a user sends themselves from Settings (and staff from the e-mail previews). */
import { defineMail } from '../define';

export const TEST_MAIL_SUBJECT = 'JMS Portal test e-mail';

export const testMail = defineMail({
  kind: 'test',
  audience: 'The user who asked for it, at their saved address',
  subject: () => TEST_MAIL_SUBJECT,
  body: (p: { name: string }) => ({
    heading: 'Your test e-mail',
    blocks: [
      { p: `Dear ${p.name},` },
      {
        p: 'This is a test e-mail from the JMS Portal. Job alerts and password reset links will reach you at this address.',
      },
    ],
  }),
  sample: () => ({ name: 'Alex Harbour' }),
});
