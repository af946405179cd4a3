/** A firm's security policy was changed: told to the firm's other administrators. */
import { defineMail } from '../define';
import { List, P } from '../template';

export const POLICY_MAIL_SUBJECT = 'JMS Portal: your organisation’s security policy was changed';

export const securityPolicyMail = defineMail({
  kind: 'security-policy',
  audience: 'The firm’s other administrators',
  subject: () => POLICY_MAIL_SUBJECT,
  body: (p: { name: string; changedBy: string; policy: readonly string[] }) => ({
    heading: 'Your organisation’s security policy was changed',
    content: (
      <>
        <P>{`Dear ${p.name},`}</P>
        <P>{`${p.changedBy} changed your organisation's security policy in the JMS Portal. It is now:`}</P>
        <List items={p.policy} />
        <P>If you did not expect this change, please check the Activity page or contact the other administrators.</P>
      </>
    ),
  }),
  sample: () => ({
    name: 'Sam Vale',
    changedBy: 'hv.admin',
    policy: ['Sign-in code: every sign-in', 'Session length: 8 hours'],
  }),
});
