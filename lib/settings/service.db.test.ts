import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { verifyPassword } from '@/lib/auth/password';
import { createSession, resolveSession } from '@/lib/auth/session';
import { config, resetConfigForTests } from '@/lib/config';
import { NotFoundError } from '@/lib/core/errors';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';
import { verifyCurrentPassword } from '@/lib/auth/current-password';
import { getPasswordExpiry } from './password-expiry';
import { settingsFormSchema, type SettingsForm } from './schema';
import { getSettings, getUserAlerts, sendTestEmail, TEST_MAILS_PER_HOUR, updateSettings } from './service';
import { timeZoneList } from './time-zones';
import { getUserByEmailId, getUserDetailsByUserName } from './user-lookup';

const NEW = 'Harbour#Vale2026';
/** The users' current password (meets the rules, so it can also be tried as a "new" one). */
const CURRENT = 'Tomato#Kiwi40';

describe('settings', () => {
  const t = useTestDatabase();

  async function actorFor(role: Actor['role'] = 3, clientId?: number) {
    const cid = clientId ?? (await makeClient()).id;
    const user = await makeUser({ clientId: cid, role, password: CURRENT });
    const session = await createSession(t.db(), user.id);
    const actor: Actor = {
      userId: user.id,
      clientId: cid,
      role,
      userName: user.userName,
      timeZone: user.timeZone,
      sessionId: session.id,
    };
    return { actor, user };
  }
  const form = (over: Partial<SettingsForm> = {}): SettingsForm => ({
    EmailId: 'casey.new@example.com',
    TimeZoneId: 'Europe/London',
    Password: CURRENT,
    NewPassword: '',
    ConfirmPassword: '',
    JobAlerts: [8, 10],
    ...over,
  });
  const row = async (id: number) => (await t.db().select().from(users).where(eq(users.id, id)))[0];

  it('saves e-mail, time zone and job alerts for the signed-in user and tells the old address', async () => {
    const { actor, user } = await actorFor();
    expect(await updateSettings(actor, form())).toEqual({ status: 'updated' });
    expect(await getSettings(actor)).toMatchObject({
      EmailId: 'casey.new@example.com',
      TimeZoneId: 'Europe/London',
      JobAlerts: expect.arrayContaining([8, 10]),
    });
    const alerts = await getUserAlerts(actor);
    expect(alerts).toHaveLength(13);
    expect(
      alerts
        .filter((a) => a.IsSelected)
        .map((a) => a.JobStatusId)
        .sort((a, b) => a - b),
    ).toEqual([8, 10]);
    const notice = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, 'email-changed')));
    expect(notice).toHaveLength(1);
    // Alerts can be cleared again.
    expect(await updateSettings(actor, form({ JobAlerts: [] }))).toEqual({ status: 'updated' });
    expect((await getSettings(actor))?.JobAlerts).toEqual([]);
  });

  it('job alerts as they happen by default; a daily digest when chosen; a save without the choice keeps it', async () => {
    const { actor, user } = await actorFor();
    expect((await getSettings(actor))?.JobAlertMode).toBe('instant');
    expect(await updateSettings(actor, form({ JobAlertMode: 'digest' }))).toEqual({ status: 'updated' });
    expect((await row(user.id))?.jobAlertMode).toBe('digest');
    expect(await updateSettings(actor, form())).toEqual({ status: 'updated' });
    expect((await getSettings(actor))?.JobAlertMode).toBe('digest');
    expect(await updateSettings(actor, form({ JobAlertMode: 'instant' }))).toEqual({ status: 'updated' });
    expect((await getSettings(actor))?.JobAlertMode).toBe('instant');
  });

  it('a wrong current password changes nothing and counts toward the lockout', async () => {
    const { actor, user } = await actorFor();
    expect(await updateSettings(actor, form({ Password: 'Not-the#Password9' }))).toEqual({ status: 'wrong-password' });
    const r = await row(user.id);
    expect(r?.email).toBe(user.email);
    expect(r?.failedLoginAttempts).toBe(1);
    for (let i = 1; i < config().LOGIN_ATTEMPT_LIMIT; i++)
      expect(await verifyCurrentPassword(actor, 'wrong')).toBe(false);
    expect((await row(user.id))?.isLocked).toBe(true);
    expect(await resolveSession(actor.sessionId)).toBeNull();
    // Once locked, even the right password is not accepted.
    expect(await verifyCurrentPassword(actor, CURRENT)).toBe(false);
  });

  it('changes the password: other sessions end, this one stays; a recent password saves nothing', async () => {
    const { actor, user } = await actorFor();
    const other = await createSession(t.db(), user.id);
    expect(
      await updateSettings(actor, form({ NewPassword: CURRENT, ConfirmPassword: CURRENT, EmailId: 'x.y@example.com' })),
    ).toEqual({ status: 'reused' });
    expect((await row(user.id))?.email).toBe(user.email);
    expect(await updateSettings(actor, form({ NewPassword: NEW, ConfirmPassword: NEW }))).toEqual({
      status: 'updated',
    });
    expect(await verifyPassword((await row(user.id))?.passwordHash ?? '', NEW)).toBe(true);
    expect(await resolveSession(actor.sessionId)).not.toBeNull();
    expect(await resolveSession(other.id)).toBeNull();
    expect(await verifyCurrentPassword(actor, NEW)).toBe(true);
  });

  it('the form schema: current password required, new password optional but checked, alerts and zone from the lists', () => {
    const ok = {
      EmailId: 'a.b@example.com',
      TimeZoneId: 'Australia/Sydney',
      Password: 'x',
      NewPassword: '',
      ConfirmPassword: '',
      JobAlerts: [12],
    };
    expect(settingsFormSchema.safeParse(ok).success).toBe(true);
    const bad = (over: object) =>
      settingsFormSchema.safeParse({ ...ok, ...over }).error?.issues.map((i) => i.path.join('.'));
    expect(bad({ Password: '' })).toEqual(['Password']);
    expect(bad({ EmailId: 'not-an-email' })).toEqual(['EmailId']);
    expect(bad({ TimeZoneId: 'Mars/Olympus' })).toEqual(['TimeZoneId']);
    expect(bad({ JobAlerts: [99] })).toEqual(['JobAlerts']);
    expect(bad({ NewPassword: NEW, ConfirmPassword: 'other' })).toEqual(['ConfirmPassword']);
    expect(bad({ NewPassword: 'abc123', ConfirmPassword: 'abc123' })).toContain('NewPassword');
  });

  it('sends a test e-mail to the saved address only, a few per hour', async () => {
    const { actor, user } = await actorFor();
    expect(await sendTestEmail(actor, 'someone.else@example.com')).toBe(false);
    expect(await sendTestEmail(actor, user.email.toUpperCase())).toBe(true);
    for (let i = 1; i < TEST_MAILS_PER_HOUR; i++) expect(await sendTestEmail(actor)).toBe(true);
    expect(await sendTestEmail(actor)).toBe(false);
    const rows = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, 'test')));
    expect(rows).toHaveLength(TEST_MAILS_PER_HOUR);
  });

  it('lists IANA time zones with their offset', () => {
    const list = timeZoneList(new Date('2026-01-15T00:00:00Z'));
    expect(list.find((z) => z.TimeZoneId === 'Australia/Sydney')?.DisplayName).toBe('(UTC+11:00) Australia/Sydney');
    expect(list.find((z) => z.TimeZoneId === 'UTC')?.DisplayName).toBe('(UTC+00:00) UTC');
    expect(list.length).toBeGreaterThan(300);
    // The offsets as of the asked minute, across a change: Sydney's daylight time starts 2026-10-04 02:00 local.
    const sydney = (iso: string) =>
      timeZoneList(new Date(iso)).find((z) => z.TimeZoneId === 'Australia/Sydney')?.DisplayName;
    expect(sydney('2026-10-03T15:59:59Z')).toBe('(UTC+10:00) Australia/Sydney');
    expect(sydney('2026-10-03T16:00:00Z')).toBe('(UTC+11:00) Australia/Sydney');
    expect(sydney('2026-10-03T15:59:00Z')).toBe('(UTC+10:00) Australia/Sydney');
    // A caller changing its copy does not change the next caller's.
    timeZoneList(new Date('2026-01-15T00:00:00Z'))[0]!.DisplayName = 'changed';
    expect(timeZoneList(new Date('2026-01-15T00:00:00Z'))[0]?.DisplayName).not.toBe('changed');
  });

  it('password expiry: own id or an administrator of the same client; anything else is missing', async () => {
    const { actor, user } = await actorFor(3);
    expect(await getPasswordExpiry(actor, user.id)).toBe(config().PASSWORD_MAX_AGE_DAYS);
    const colleague = await makeUser({ clientId: actor.clientId ?? 0 });
    await expect(getPasswordExpiry(actor, colleague.id)).rejects.toBeInstanceOf(NotFoundError);
    const admin = await actorFor(4, actor.clientId ?? 0);
    expect(await getPasswordExpiry(admin.actor, colleague.id)).toBe(config().PASSWORD_MAX_AGE_DAYS);
    const stranger = await actorFor(4);
    await expect(getPasswordExpiry(stranger.actor, colleague.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getPasswordExpiry(stranger.actor, 999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  describe('with passwords that never expire', () => {
    const saved = process.env.PASSWORD_MAX_AGE_DAYS;
    afterAll(() => {
      if (saved === undefined) delete process.env.PASSWORD_MAX_AGE_DAYS;
      else process.env.PASSWORD_MAX_AGE_DAYS = saved;
      resetConfigForTests();
    });
    it('answers NA', async () => {
      process.env.PASSWORD_MAX_AGE_DAYS = '0';
      resetConfigForTests();
      const { actor, user } = await actorFor(3);
      expect(await getPasswordExpiry(actor, user.id)).toBe('NA');
    });
  });

  it('user look-ups: yourself, or an administrator within the client; never across clients', async () => {
    const { actor, user } = await actorFor(3);
    const colleague = await makeUser({ clientId: actor.clientId ?? 0 });
    expect(await getUserDetailsByUserName(actor, user.userName.toUpperCase())).toMatchObject({
      UserId: user.id,
      IsAccountLocked: false,
    });
    expect(await getUserDetailsByUserName(actor, colleague.userName)).toBeNull();
    expect(await getUserByEmailId(actor, colleague.email)).toBeNull();
    const admin = await actorFor(4, actor.clientId ?? 0);
    expect(await getUserByEmailId(admin.actor, colleague.email)).toMatchObject({ UserId: colleague.id });
    const stranger = await actorFor(4);
    expect(await getUserDetailsByUserName(stranger.actor, colleague.userName)).toBeNull();
    const found = await getUserDetailsByUserName(actor, user.userName);
    expect(JSON.stringify(found)).not.toMatch(/argon2|passwordHash/i);
  });
});
