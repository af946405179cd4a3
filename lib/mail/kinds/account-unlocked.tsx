/** The account was unlocked by an administrator. */
import { defineMail } from '../define';
import { Action, P, Small } from '../template';

export const UNLOCK_MAIL_SUBJECT = 'Your JMS Portal account was unlocked';

export const accountUnlockedMail = defineMail({
  kind: 'account-unlocked',
  audience: 'The user whose account was unlocked',
  subject: () => UNLOCK_MAIL_SUBJECT,
  body: (p: { name: string; userName: string; unlockedBy: string; signInUrl: string }, brand) => ({
    heading: 'Your account was unlocked',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>{`Your JMS Portal account (${p.userName}) was unlocked by your administrator (${p.unlockedBy}). You can sign in again:`}</P>
        <Action href={p.signInUrl} brand={brand}>
          Sign in
        </Action>
        <Small>If you did not ask for this, please tell your administrator.</Small>
      </>
    ),
  }),
  sample: (appUrl) => ({
    name: 'Sam Vale',
    userName: 'hv.sam',
    unlockedBy: 'Alex Harbour',
    signInUrl: `${appUrl}/SignIn`,
  }),
});
