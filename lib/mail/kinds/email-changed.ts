/** Told to the old address when a user's e-mail address changes. */
import { defineMail } from '../define';

export const emailChangedMail = defineMail({
  kind: 'email-changed',
  audience: 'The user, at their previous address',
  subject: () => 'Your JMS Portal e-mail address was changed',
  body: (p: { name: string; userName: string; newEmail: string }) => ({
    heading: 'Your e-mail address was changed',
    blocks: [
      { p: `Dear ${p.name},` },
      { p: `The e-mail address of your JMS Portal account (${p.userName}) was changed to ${p.newEmail}.` },
      { p: 'If you did not make this change, please contact your system administrator at once.' },
    ],
  }),
  sample: () => ({ name: 'Alex Harbour', userName: 'hv.admin', newEmail: 'alex@harbourvale.example' }),
});
