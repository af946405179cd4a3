/** The invitation: a new user's set-password link. */
import { defineMail } from '../define';
import { Action, Code, P } from '../template';

export const INVITE_MAIL_SUBJECT = 'You are invited to the JMS Portal';

export const inviteMail = defineMail({
  kind: 'invite',
  audience: 'A newly created user (a firm’s first administrator, or a user added by their administrator)',
  subject: () => INVITE_MAIL_SUBJECT,
  body: (p: { name: string; why: string; userName: string; link: string; hours: number; askAgain: string }, brand) => ({
    heading: 'You are invited to the JMS Portal',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>{p.why}</P>
        <Code label="Your user name is:" code={p.userName} />
        <P>{`To choose your password, open this link within ${p.hours} hours (it works once):`}</P>
        <Action href={p.link} brand={brand}>
          Choose your password
        </Action>
        <P>{`Then sign in with your user name and the new password. If the link has expired, ${p.askAgain}.`}</P>
      </>
    ),
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
