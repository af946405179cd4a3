/** Told to the old address when a user's e-mail address changes. */
import { defineMail } from '../define';
import { P } from '../template';

export const emailChangedMail = defineMail({
  kind: 'email-changed',
  audience: 'The user, at their previous address',
  subject: () => 'Your JMS Portal e-mail address was changed',
  body: (p: { name: string; userName: string; newEmail: string }) => ({
    heading: 'Your e-mail address was changed',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>{`The e-mail address of your JMS Portal account (${p.userName}) was changed to ${p.newEmail}.`}</P>
        <P>If you did not make this change, please contact your system administrator at once.</P>
      </>
    ),
  }),
  sample: () => ({ name: 'Alex Harbour', userName: 'hv.admin', newEmail: 'alex@harbourvale.example' }),
});
