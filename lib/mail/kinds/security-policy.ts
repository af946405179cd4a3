/** A firm's security policy was changed: told to the firm's other administrators. */
import { defineMail } from '../define';

export const POLICY_MAIL_SUBJECT = 'JMS Portal: your organisation’s security policy was changed';

export const securityPolicyMail = defineMail({
  kind: 'security-policy',
  audience: 'The firm’s other administrators',
  subject: () => POLICY_MAIL_SUBJECT,
  body: (p: { name: string; changedBy: string; policy: readonly string[] }) => ({
    heading: 'Your organisation’s security policy was changed',
    blocks: [
      { p: `Dear ${p.name},` },
      { p: `${p.changedBy} changed your organisation's security policy in the JMS Portal. It is now:` },
      { list: p.policy },
      {
        p: 'If you did not expect this change, please check the Activity page or contact the other administrators.',
      },
    ],
  }),
  sample: () => ({
    name: 'Sam Vale',
    changedBy: 'hv.admin',
    policy: ['Sign-in code: every sign-in', 'Session length: 8 hours'],
  }),
});
