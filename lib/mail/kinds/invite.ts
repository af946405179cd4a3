/** The invitation: a new user's set-password link. */
import { defineMail } from '../define';

export const INVITE_MAIL_SUBJECT = 'You are invited to the JMS Portal';

export const inviteMail = defineMail({
  kind: 'invite',
  audience: 'A newly created user (a firm’s first administrator, or a user added by their administrator)',
  subject: () => INVITE_MAIL_SUBJECT,
  body: (p: { name: string; why: string; userName: string; link: string; hours: number; askAgain: string }) => ({
    heading: 'You are invited to the JMS Portal',
    blocks: [
      { p: `Dear ${p.name},` },
      { p: p.why },
      { label: 'Your user name is:', code: p.userName },
      { p: `To choose your password, open this link within ${p.hours} hours (it works once):` },
      { button: 'Choose your password', href: p.link },
      { p: `Then sign in with your user name and the new password. If the link has expired, ${p.askAgain}.` },
    ],
  }),
  sample: (appUrl) => ({
    name: 'Sam Vale',
    why: 'Alex Harbour of Harbour & Vale Lawyers has invited you to the JMS Portal.',
    userName: 'hv.sam',
    link: `${appUrl}/ResetPassword?url=sample-token&reason=first`,
    hours: 72,
    askAgain: 'ask Alex Harbour to send a new invitation',
  }),
});
