/**
 * Invitations: a user created without a usable password is e-mailed a single-use set-password link, valid
 * INVITE_TTL_HOURS. The link is a reset token of lib/auth/reset.ts (256 random bits, stored hashed, only the
 * newest works), so the invitation and the password reset are one mechanism. Used for a firm's first
 * administrator (lib/clients, by the provider) and for a firm's users (lib/users, by their administrator).
 */
import type { Queryable } from '@/db/client';
import { config } from '@/lib/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { issueResetToken } from './reset';

export const INVITE_TTL_HOURS = 72;
export { INVITE_MAIL_SUBJECT } from '@/lib/mail/kinds/invite';
export const INVITE_MAIL_KIND = 'invite';
/** Never verifies: an invited user has no password until the invitation's link sets one. */
export const INVITED_PASSWORD = '!invited';

export function inviteLink(token: string): string {
  return `${config().appUrl}/ResetPassword?url=${encodeURIComponent(token)}&reason=first`;
}

export interface Invitation {
  userId: number;
  to: string;
  /** The invited person's full name. */
  name: string;
  userName: string;
  /** What the person is invited as, one sentence ending the introduction ("You have been made …"). */
  why: string;
  /** Who to ask when the link has expired. */
  askAgain: string;
}

/** Issues the link (voiding any earlier one) and queues the e-mail, in the caller's transaction. */
export async function sendInvitation(tx: Queryable, inv: Invitation): Promise<void> {
  const token = await issueResetToken(tx, inv.userId, 'invite', INVITE_TTL_HOURS * 60);
  await enqueueMail(tx, {
    to: inv.to,
    kind: INVITE_MAIL_KIND,
    props: {
      name: inv.name,
      why: inv.why,
      userName: inv.userName,
      link: inviteLink(token),
      hours: INVITE_TTL_HOURS,
      askAgain: inv.askAgain,
    },
  });
}
