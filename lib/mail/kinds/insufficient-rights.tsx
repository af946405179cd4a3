/** A user tried to open a page their role does not allow: told to support. */
import { defineMail } from '../define';
import { Facts, P } from '../template';

export const INSUFFICIENT_RIGHTS_SUBJECT = 'JMS Portal: insufficient rights';

export interface InsufficientRightsProps {
  userName: string;
  /** "First Last, address", when the user is known. */
  who: string | null;
  client: string;
  role: string;
  path: string;
  at: Date;
}

export const insufficientRightsMail = defineMail({
  kind: 'insufficient-rights',
  audience: 'Support (SUPPORT_EMAIL)',
  subject: (p: InsufficientRightsProps) => `${INSUFFICIENT_RIGHTS_SUBJECT}: ${p.userName} on ${p.path}`,
  body: (p: InsufficientRightsProps) => ({
    heading: 'Insufficient rights',
    content: (
      <>
        <P>A user tried to open a page their role does not allow.</P>
        <Facts
          items={[
            ['User', `${p.userName}${p.who ? ` (${p.who})` : ''}`],
            ['Client', p.client],
            ['Role', p.role],
            ['Page', p.path],
            ['Time (UTC)', p.at.toISOString()],
          ]}
        />
      </>
    ),
  }),
  sample: () => ({
    userName: 'hv.sam',
    who: 'Sam Vale, sam@harbourvale.example',
    client: 'Harbour & Vale Lawyers [id 7]',
    role: '5 Client user',
    path: '/user',
    at: new Date('2026-03-02T03:15:00Z'),
  }),
});
