/** The account was unlocked by an administrator. */
import { defineMail } from '../define';

export const UNLOCK_MAIL_SUBJECT = 'Your JMS Portal account was unlocked';

export const accountUnlockedMail = defineMail({
  kind: 'account-unlocked',
  audience: 'The user whose account was unlocked',
  subject: () => UNLOCK_MAIL_SUBJECT,
  body: (p: { name: string; userName: string; unlockedBy: string; signInUrl: string }) => ({
    heading: 'Your account was unlocked',
    blocks: [
      { p: `Dear ${p.name},` },
      {
        p: `Your JMS Portal account (${p.userName}) was unlocked by your administrator (${p.unlockedBy}). You can sign in again:`,
      },
      { button: 'Sign in', href: p.signInUrl },
      { small: 'If you did not ask for this, please tell your administrator.' },
    ],
  }),
  sample: (appUrl) => ({
    name: 'Sam Vale',
    userName: 'hv.sam',
    unlockedBy: 'Alex Harbour',
    signInUrl: `${appUrl}/SignIn`,
  }),
});
