/** A change to how the user signs in (the authenticator app added or removed, a recovery code used). */
import { defineMail } from '../define';
import { P } from '../template';

export type SecurityEvent =
  { event: 'app-added' } | { event: 'app-removed' } | { event: 'recovery-used'; remaining: number };

const SUBJECTS = {
  'app-added': 'An authenticator app was added to your JMS Portal account',
  'app-removed': 'The authenticator app was removed from your JMS Portal account',
  'recovery-used': 'A recovery code was used to sign in to your JMS Portal account',
} as const;

const NOT_YOU = 'If this was not you, change your password and tell your administrator at once.';

function told(e: SecurityEvent): string[] {
  if (e.event === 'app-added')
    return [
      'An authenticator app was set up for signing in to your JMS Portal account. From now on the sign-in asks for its code.',
      NOT_YOU,
    ];
  if (e.event === 'app-removed')
    return [
      'The authenticator app was removed from your JMS Portal account. The sign-in sends you a code by e-mail again.',
      NOT_YOU,
    ];
  return [
    `A recovery code was used to sign in to your JMS Portal account. ${e.remaining} unused recovery code${e.remaining === 1 ? '' : 's'} left.`,
    `If you lost your phone, remove the authenticator app in Settings and set it up again. ${NOT_YOU}`,
  ];
}

export const securityMail = defineMail({
  kind: 'security',
  audience: 'The user whose sign-in changed',
  subject: (p: SecurityEvent) => SUBJECTS[p.event],
  body: (p: SecurityEvent & { firstName: string }) => ({
    heading: SUBJECTS[p.event],
    content: (
      <>
        <P>{`Hello ${p.firstName},`}</P>
        {told(p).map((line, i) => (
          <P key={i}>{line}</P>
        ))}
      </>
    ),
  }),
  sample: () => ({ firstName: 'Alex', event: 'recovery-used' as const, remaining: 7 }),
});
