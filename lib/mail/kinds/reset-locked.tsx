/** Told instead of a reset link when the account is locked. */
import { defineMail } from '../define';
import { P } from '../template';

export const LOCKED_MAIL_SUBJECT = 'Your JMS Portal account is locked';

export const resetLockedMail = defineMail({
  kind: 'reset-locked',
  audience: 'A locked user who asked to reset their password',
  subject: () => LOCKED_MAIL_SUBJECT,
  body: (p: { name: string; userName: string }) => ({
    heading: 'Your account is locked',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>{`Someone asked to reset the password of the JMS Portal user name ${p.userName}, but this account is locked after too many failed sign-in attempts, so no reset link was sent.`}</P>
        <P>Please contact your system administrator to unlock the account.</P>
      </>
    ),
  }),
  sample: () => ({ name: 'Alex Harbour', userName: 'hv.admin' }),
});
