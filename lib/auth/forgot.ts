/**
 * "Forgot password" (spec §4): e-mail entry, the locked-account check, then the reset e-mail.
 *
 * The caller always gets the same answer (MSG.forgotMaybeSent), whether or not the address belongs
 * to a user, so the form cannot be used to find accounts (docs/security.md). What happens behind it:
 *  - an active, unlocked user with that address gets a reset link (one e-mail per user name when
 *    several users share the address);
 *  - a locked user gets an e-mail saying the account is locked (the spec's locked-account check,
 *    told to the mailbox owner instead of to whoever typed the address);
 *  - an unknown or deactivated address gets nothing;
 *  - at most RESET_REQUESTS_PER_HOUR links per user per hour (mail bombing); further requests send nothing.
 * The link is built from the configured APP_URL, never from the request's Host header.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { issueResetToken } from './reset';

export const RESET_REQUESTS_PER_HOUR = 5;
/** Every request takes at least this long, so the answer time says little about whether the address exists. */
export const FORGOT_MIN_RESPONSE_MS = 250;
export { RESET_MAIL_SUBJECT } from '@/lib/mail/kinds/reset';
export { LOCKED_MAIL_SUBJECT } from '@/lib/mail/kinds/reset-locked';

export function resetLink(token: string): string {
  return `${config().appUrl}/ResetNewPassword?url=${encodeURIComponent(token)}`;
}

/** Handles a forgot-password request. Always resolves the same way; see the module comment. */
export async function requestPasswordReset(email: string): Promise<void> {
  const started = Date.now();
  try {
    await sendResetMails(email);
  } finally {
    const wait = FORGOT_MIN_RESPONSE_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

async function sendResetMails(email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  if (!address) return;
  const db = await getDb();
  const matches = await db
    .select({
      id: users.id,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isLocked: users.isLocked,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address}`, eq(users.isActive, true)))
    .limit(10);
  const minutes = config().RESET_TOKEN_TTL_MINUTES;
  for (const u of matches) {
    const name = `${u.firstName} ${u.lastName}`.trim();
    await db.transaction(async (tx) => {
      if (u.isLocked) {
        await enqueueMail(tx, {
          to: u.email,
          kind: 'reset-locked',
          props: { name, userName: u.userName },
        });
        return;
      }
      const since = new Date(now().getTime() - 3_600_000);
      const [recent] = await tx
        .select({ n: count() })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, u.id), gte(passwordResetTokens.createdAt, since)));
      if ((recent?.n ?? 0) >= RESET_REQUESTS_PER_HOUR) return;
      const token = await issueResetToken(tx, u.id, 'forgot', minutes);
      await enqueueMail(tx, {
        to: u.email,
        kind: 'reset',
        props: { name, userName: u.userName, link: resetLink(token), minutes },
      });
    });
  }
}
