/** The sign-in code (one-time passcode), e-mailed at each sign-in that asks for one. */
import { defineMail } from '../define';
import { Code, P, Small } from '../template';

export const OTP_SUBJECT_PREFIX = 'Your JMS Portal sign-in code';

export const otpMail = defineMail({
  kind: 'otp',
  audience: 'The person signing in',
  subject: (p: { reference: string }) => `${OTP_SUBJECT_PREFIX} (ref ${p.reference})`,
  body: (p: { firstName: string; userName: string; code: string; reference: string; validFor: string }) => ({
    heading: 'Your sign-in code',
    content: (
      <>
        <P>{`Hello ${p.firstName},`}</P>
        <Code
          label={`Your one-time passcode (OTP) for signing in to the JMS Portal as ${p.userName} is:`}
          code={p.code}
        />
        <P>{`It is valid for ${p.validFor} and can be used once. Reference: ${p.reference}.`}</P>
        <Small>If you did not try to sign in, please change your password and tell your administrator.</Small>
      </>
    ),
  }),
  sample: () => ({ firstName: 'Alex', userName: 'hv.admin', code: '482913', reference: 'K7Q2', validFor: '5 minutes' }),
});
