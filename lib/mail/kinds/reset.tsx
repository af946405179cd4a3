/** The password reset link, to the address of a user who asked for it (Forgot password). */
import { defineMail } from '../define';
import { Action, P, Small } from '../template';

export const RESET_MAIL_SUBJECT = 'Reset your JMS Portal password';

export const resetMail = defineMail({
  kind: 'reset',
  audience: 'A user who asked to reset their password',
  subject: () => RESET_MAIL_SUBJECT,
  body: (p: { name: string; userName: string; link: string; minutes: number }, brand) => ({
    heading: 'Reset your password',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>{`We received a request to reset the password of the JMS Portal user name ${p.userName}.`}</P>
        <P>{`To choose a new password, open this link within ${p.minutes} minutes:`}</P>
        <Action href={p.link} brand={brand}>
          Choose a new password
        </Action>
        <P>The link works once, and only the most recent link you asked for works.</P>
        <Small>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</Small>
      </>
    ),
  }),
  sample: (appUrl) => ({
    name: 'Alex Harbour',
    userName: 'hv.admin',
    link: `${appUrl}/ResetNewPassword?url=sample-token`,
    minutes: 60,
  }),
});
