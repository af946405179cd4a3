import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens, sessions, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { config } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';
import { RESET_MAIL_SUBJECT, RESET_REQUESTS_PER_HOUR, requestPasswordReset } from './forgot';
import { verifyPassword } from './password';
import { checkResetToken, hashResetToken, issueResetToken, resetPasswordWithToken } from './reset';
import { createSession, resolveSession } from './session';

const OLD = 'Tomato#Kiwi40';
const NEW = 'Harbour#Vale2026';
const OTHER = 'Mango#Lime7x9';

describe('password reset tokens', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-05-04T02:00:00Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set('2026-05-04T02:00:00Z');
    restore = setClock(clock);
  });
  afterEach(() => restore());

  async function user(over: Partial<typeof users.$inferInsert> = {}) {
    const client = await makeClient();
    return makeUser({ clientId: client.id, password: OLD, ...over });
  }

  async function lastMail(to: string) {
    const [m] = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    return m;
  }

  function tokenOf(text: string): string {
    const m = /\/ResetNewPassword\?url=([A-Za-z0-9_-]+)/.exec(text);
    if (!m?.[1]) throw new Error(`no reset link in: ${text}`);
    return m[1];
  }

  it('forgot password: e-mails a link built from APP_URL to a known address (any case) and stores only a hash', async () => {
    const u = await user();
    await requestPasswordReset(`  ${u.email.toUpperCase()} `);
    const mail = await lastMail(u.email);
    expect(mail?.kind).toBe('reset');
    expect(mail?.subject).toBe(RESET_MAIL_SUBJECT);
    expect(mail?.textBody).toContain(`${config().appUrl}/ResetNewPassword?url=`);
    expect(mail?.textBody).toContain(u.userName);
    const token = tokenOf(mail?.textBody ?? '');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashResetToken(token));
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(await checkResetToken(token)).toBe('valid');
  });

  it('forgot password: an unknown or deactivated address gets nothing; a locked account gets a notice, not a link', async () => {
    const before = await t.db().$count(emailOutbox);
    await requestPasswordReset('nobody-here@example.com');
    const gone = await user({ isActive: false });
    await requestPasswordReset(gone.email);
    expect(await t.db().$count(emailOutbox)).toBe(before);

    const locked = await user({ isLocked: true, failedLoginAttempts: 5 });
    await requestPasswordReset(locked.email);
    const mail = await lastMail(locked.email);
    expect(mail?.kind).toBe('reset-locked');
    expect(mail?.textBody).not.toContain('ResetNewPassword');
    expect(await t.db().$count(passwordResetTokens, eq(passwordResetTokens.userId, locked.id))).toBe(0);
  });

  it(`forgot password: at most ${RESET_REQUESTS_PER_HOUR} links per user per hour`, async () => {
    const u = await user();
    for (let i = 0; i < RESET_REQUESTS_PER_HOUR + 2; i++) await requestPasswordReset(u.email);
    expect(
      await t.db().$count(emailOutbox, and(eq(emailOutbox.toAddress, u.email), eq(emailOutbox.kind, 'reset'))),
    ).toBe(RESET_REQUESTS_PER_HOUR);
    clock.advance(3_600_000 + 1000);
    await requestPasswordReset(u.email);
    expect(
      await t.db().$count(emailOutbox, and(eq(emailOutbox.toAddress, u.email), eq(emailOutbox.kind, 'reset'))),
    ).toBe(RESET_REQUESTS_PER_HOUR + 1);
  });

  it('expires after the configured time: valid one second before, expired one second after', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    const ttl = config().RESET_TOKEN_TTL_MINUTES * 60_000;
    clock.advance(ttl - 1000);
    expect(await checkResetToken(token)).toBe('valid');
    clock.advance(2000);
    expect(await checkResetToken(token)).toBe('expired');
    expect(await resetPasswordWithToken(token, NEW, NEW)).toEqual({ status: 'expired' });
    const [row] = await t.db().select().from(users).where(eq(users.id, u.id));
    expect(await verifyPassword(row?.passwordHash ?? '', OLD)).toBe(true);
  });

  it('honours a shorter lifetime given by the caller (forced change)', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forced', 10);
    clock.advance(10 * 60_000 + 1000);
    expect(await checkResetToken(token)).toBe('expired');
  });

  it('is single-use: the second use of a link is refused and the first password stays', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    expect(await resetPasswordWithToken(token, NEW, NEW)).toEqual({ status: 'done', userId: u.id });
    expect(await checkResetToken(token)).toBe('expired');
    expect(await resetPasswordWithToken(token, OTHER, OTHER)).toEqual({ status: 'expired' });
    const [row] = await t.db().select().from(users).where(eq(users.id, u.id));
    expect(await verifyPassword(row?.passwordHash ?? '', NEW)).toBe(true);
  });

  it('only the newest link of a user works', async () => {
    const u = await user();
    const first = await issueResetToken(t.db(), u.id, 'forgot');
    const second = await issueResetToken(t.db(), u.id, 'forgot');
    expect(await checkResetToken(first)).toBe('expired');
    expect(await resetPasswordWithToken(first, NEW, NEW)).toEqual({ status: 'expired' });
    expect(await checkResetToken(second)).toBe('valid');
    expect((await resetPasswordWithToken(second, NEW, NEW)).status).toBe('done');
  });

  it('parallel redemption of one link: exactly one succeeds', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    const results = await Promise.all([
      resetPasswordWithToken(token, NEW, NEW),
      resetPasswordWithToken(token, OTHER, OTHER),
      resetPasswordWithToken(token, NEW, NEW),
    ]);
    expect(results.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'expired')).toHaveLength(2);
  });

  it('ends every session of the user and does not sign in', async () => {
    const u = await user();
    const s1 = await createSession(t.db(), u.id);
    const s2 = await createSession(t.db(), u.id);
    expect(await resolveSession(s1.id)).not.toBeNull();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    expect((await resetPasswordWithToken(token, NEW, NEW)).status).toBe('done');
    expect(await resolveSession(s1.id)).toBeNull();
    expect(await resolveSession(s2.id)).toBeNull();
    const open = (await t.db().select().from(sessions).where(eq(sessions.userId, u.id))).filter((s) => !s.revokedAt);
    expect(open).toHaveLength(0);
  });

  it('a recent password is refused with the spec message and leaves the link usable', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    expect(await resetPasswordWithToken(token, OLD, OLD)).toEqual({ status: 'reused' });
    expect(await checkResetToken(token)).toBe('valid');
    expect((await resetPasswordWithToken(token, NEW, NEW)).status).toBe('done');
  });

  it('a password breaking the rules or a mismatch is refused with field messages; the link stays usable', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    const weak = await resetPasswordWithToken(token, 'short', 'short');
    expect(weak.status).toBe('policy');
    const mismatch = await resetPasswordWithToken(token, NEW, OTHER);
    expect(mismatch).toMatchObject({ status: 'policy', fields: { ConfirmPassword: ['The passwords do not match.'] } });
    const personal = await resetPasswordWithToken(token, `${u.userName}#Kw9`, `${u.userName}#Kw9`);
    expect(personal.status).toBe('policy');
    expect(await checkResetToken(token)).toBe('valid');
  });

  it('a locked or deactivated account cannot be reset by a link issued earlier', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forced');
    await t.db().update(users).set({ isLocked: true }).where(eq(users.id, u.id));
    expect(await resetPasswordWithToken(token, NEW, NEW)).toEqual({ status: 'failed' });
    await t.db().update(users).set({ isLocked: false, isActive: false }).where(eq(users.id, u.id));
    expect(await checkResetToken(token)).toBe('invalid');
    expect(await resetPasswordWithToken(token, NEW, NEW)).toEqual({ status: 'invalid' });
  });

  it('an unknown or malformed token is invalid', async () => {
    for (const token of ['', 'abc', 'x'.repeat(43), "' or 1=1 --", 'A'.repeat(5000)]) {
      expect(await checkResetToken(token)).toBe('invalid');
      expect(await resetPasswordWithToken(token, NEW, NEW)).toEqual({ status: 'invalid' });
    }
  });
});
