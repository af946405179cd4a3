/**
 * The organisation security policy on a real database: validation against the portal's bounds,
 * audit and mail to the other administrators, and enforcement on the server — the firm's idle timeout, the
 * allowed e-mail domains (user administration and Settings), single sign-on required; and the Sessions list.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, userAuthenticators } from '@/db/schema';
import { generate } from 'otplib';
import { POST as twoFactorInit } from '@/app/api/Authentication/TwoFactorInit/route';
import { POST as twoFactorConfirm } from '@/app/api/Authentication/TwoFactorInitResponse/route';
import { POST as jobList } from '@/app/api/Job/JobsList/CurrentPage/[page]/PageSize/[size]/route';
import { issueLegacyToken } from '@/lib/auth/session';
import { TWO_FACTOR_SETUP_MSG } from '@/lib/auth/two-factor-gate';
import { listMySessions, SESSION_LIST_MSG, signOutMySession } from '@/lib/auth/session-list';
import { createSession, resolveSession } from '@/lib/auth/session';
import { signInWithPassword } from '@/lib/auth/signin';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { ForbiddenError } from '@/lib/core/errors';
import { updateSettings } from '@/lib/settings/service';
import { saveUser } from '@/lib/users/service';
import { userFormSchema } from '@/lib/users/schema';
import { useTestDatabase } from '@/test/db';
import { makeUser, signedIn, TEST_PASSWORD } from '@/test/factories';
import { getSecurityPolicy, POLICY_MAIL_SUBJECT, updateSecurityPolicy } from './security-policy';
import { POLICY_MSG } from './security-policy-schema';

const policy = (over: Record<string, unknown> = {}) => ({
  RequireTwoFactor: false,
  IdleTimeoutMinutes: '',
  AllowedEmailDomains: '',
  RequireSso: false,
  ...over,
});
const uid = () => Math.random().toString(36).slice(2, 8);

describe('security policy', () => {
  const t = useTestDatabase();
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    delete process.env.OIDC_ISSUER;
    delete process.env.OIDC_CLIENT_ID;
    delete process.env.OIDC_CLIENT_SECRET;
    resetConfigForTests();
  });

  it('is saved by client administrators only, validated against the portal’s bounds', async () => {
    const user = await signedIn(3);
    await expect(updateSecurityPolicy(user.actor, policy())).rejects.toBeInstanceOf(ForbiddenError);
    const a = await signedIn(4);
    await expect(updateSecurityPolicy(a.actor, policy({ IdleTimeoutMinutes: '60' }))).rejects.toMatchObject({
      status: 400,
      message: POLICY_MSG.notSaved,
      fields: { IdleTimeoutMinutes: [POLICY_MSG.idleRange(59)] },
    });
    await expect(updateSecurityPolicy(a.actor, policy({ IdleTimeoutMinutes: '4' }))).rejects.toMatchObject({
      status: 400,
      message: POLICY_MSG.notSaved,
    });
    await expect(
      updateSecurityPolicy(a.actor, policy({ AllowedEmailDomains: 'good.com, not a domain' })),
    ).rejects.toMatchObject({
      status: 400,
      message: POLICY_MSG.notSaved,
      fields: { AllowedEmailDomains: [POLICY_MSG.domainInvalid('not')] },
    });
    await expect(updateSecurityPolicy(a.actor, policy({ RequireSso: true }))).rejects.toMatchObject({
      status: 400,
      message: POLICY_MSG.notSaved,
      fields: { RequireSso: [POLICY_MSG.ssoNotConfigured] },
    });
  });

  it('audits each change (names of the settings) and mails the firm’s other administrators, not the author nor another firm', async () => {
    const a = await signedIn(4);
    const other = await makeUser({ clientId: a.clientId, role: 4 });
    const plain = await makeUser({ clientId: a.clientId, role: 3 });
    const gone = await makeUser({ clientId: a.clientId, role: 4, isActive: false });
    const elsewhere = await signedIn(4);
    expect(
      await updateSecurityPolicy(
        a.actor,
        policy({ IdleTimeoutMinutes: '15', AllowedEmailDomains: '@Firm.example\nbranch.example' }),
      ),
    ).toEqual({
      changed: ['idleTimeoutMinutes', 'allowedEmailDomains'],
    });
    expect(await getSecurityPolicy(a.clientId)).toEqual({
      requireTwoFactor: false,
      idleTimeoutMinutes: 15,
      allowedEmailDomains: ['firm.example', 'branch.example'],
      requireSso: false,
    });
    const mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.subject, POLICY_MAIL_SUBJECT));
    expect(mails.map((m) => m.toAddress)).toEqual([other.email]);
    expect(mails[0]?.textBody).toContain('Idle timeout: 15 minutes');
    expect(
      [a.user.email, plain.email, gone.email, elsewhere.user.email].some((x) => mails.some((m) => m.toAddress === x)),
    ).toBe(false);
    const audits = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.clientId), eq(auditLog.action, 'security.policy_updated')));
    expect(audits.map((r) => r.details)).toEqual([{ changed: ['idleTimeoutMinutes', 'allowedEmailDomains'] }]);
    // Saving the same again changes nothing: no audit row, no mail.
    expect(
      await updateSecurityPolicy(
        a.actor,
        policy({ IdleTimeoutMinutes: '15', AllowedEmailDomains: 'firm.example, branch.example' }),
      ),
    ).toEqual({ changed: [] });
    expect(await t.db().select().from(emailOutbox).where(eq(emailOutbox.subject, POLICY_MAIL_SUBJECT))).toHaveLength(1);
  });

  it('ends a session idle longer than the firm’s timeout, and only the firm’s sessions', async () => {
    const clock = fixedClock('2026-06-01T00:00:00Z');
    restore = setClock(clock);
    const a = await signedIn(4);
    const other = await signedIn(3);
    await updateSecurityPolicy(a.actor, policy({ IdleTimeoutMinutes: '10' }));
    const mine = await createSession(t.db(), a.user.id);
    const theirs = await createSession(t.db(), other.user.id);
    clock.advance(9 * 60_000);
    expect(await resolveSession(mine.id)).not.toBeNull();
    clock.advance(9 * 60_000);
    expect(await resolveSession(mine.id)).not.toBeNull();
    clock.advance(11 * 60_000);
    expect(await resolveSession(mine.id)).toBeNull();
    expect(await resolveSession(theirs.id)).not.toBeNull();
  });

  it('refuses addresses outside the allowed domains when a user is created, given a new address, or changes it in Settings', async () => {
    const a = await signedIn(4);
    await updateSecurityPolicy(a.actor, policy({ AllowedEmailDomains: 'firm.com.au' }));
    const message = POLICY_MSG.emailDomain(['firm.com.au']);
    const name = `pol.${uid()}`;
    const form = (over: Record<string, unknown>) =>
      userFormSchema.parse({
        FirstName: 'Ida',
        LastName: 'Marsh',
        EmailId: `${name}@elsewhere.com`,
        Phone: '0290001234',
        UserName: name,
        Role: 3,
        TimeZoneId: 'Australia/Sydney',
        NewPassword: 'Tomato#Kiwi40',
        ConfirmPassword: 'Tomato#Kiwi40',
        ...over,
      });
    expect(await saveUser(a.actor, form({}))).toEqual({ status: 'invalid', fields: { EmailId: [message] } });
    const created = await saveUser(a.actor, form({ EmailId: `${name}@FIRM.com.au` }));
    expect(created.status).toBe('created');
    const id = created.status === 'created' ? created.userId : 0;
    const edit = (over: Record<string, unknown>) => form({ UserId: id, NewPassword: '', ConfirmPassword: '', ...over });
    expect(await saveUser(a.actor, edit({ EmailId: `${name}@elsewhere.com` }))).toEqual({
      status: 'invalid',
      fields: { EmailId: [message] },
    });
    // A user already outside the domains can still be edited otherwise.
    const old = await makeUser({ clientId: a.clientId, email: `old.${uid()}@legacy.com` });
    const oldForm = form({
      UserId: old.id,
      UserName: old.userName,
      EmailId: old.email,
      NewPassword: '',
      ConfirmPassword: '',
      Phone: '0299998888',
    });
    expect((await saveUser(a.actor, oldForm)).status).toBe('updated');
    // Settings: the user's own address.
    const r = await updateSettings(a.actor, {
      EmailId: 'me@elsewhere.com',
      TimeZoneId: 'Australia/Sydney',
      Password: TEST_PASSWORD,
      NewPassword: '',
      ConfirmPassword: '',
      JobAlerts: [],
    });
    expect(r).toEqual({ status: 'policy', fields: { EmailId: [message] } });
    expect(
      (
        await updateSettings(a.actor, {
          EmailId: 'me@firm.com.au',
          TimeZoneId: 'Australia/Sydney',
          Password: TEST_PASSWORD,
          NewPassword: '',
          ConfirmPassword: '',
          JobAlerts: [],
        })
      ).status,
    ).toBe('updated');
  });

  it('with single sign-on required, refuses the password sign-in of the firm’s users (after checking the password), audited', async () => {
    process.env.OIDC_ISSUER = 'https://idp.example.com';
    process.env.OIDC_CLIENT_ID = 'portal';
    process.env.OIDC_CLIENT_SECRET = 'secret';
    resetConfigForTests();
    const a = await signedIn(4);
    const user = await makeUser({ clientId: a.clientId });
    const elsewhere = await makeUser({ clientId: (await signedIn(4)).clientId });
    // Only an administrator signed in with single sign-on may require it.
    await expect(updateSecurityPolicy(a.actor, policy({ RequireSso: true }))).rejects.toMatchObject({
      status: 400,
      message: POLICY_MSG.notSaved,
      fields: { RequireSso: [POLICY_MSG.ssoSignInFirst] },
    });
    const sso = await createSession(t.db(), a.user.id, 'sso');
    expect(await updateSecurityPolicy({ ...a.actor, sessionId: sso.id }, policy({ RequireSso: true }))).toEqual({
      changed: ['requireSso'],
    });
    expect((await signInWithPassword({ userName: user.userName, password: 'wrong-password-1' })).status).toBe(
      'invalid',
    );
    expect((await signInWithPassword({ userName: user.userName, password: TEST_PASSWORD })).status).toBe(
      'sso-required',
    );
    expect((await signInWithPassword({ userName: elsewhere.userName, password: TEST_PASSWORD })).status).toBe('otp');
    const rows = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.clientId), eq(auditLog.action, 'signin.sso_required')));
    expect(rows).toHaveLength(1);
    // When the portal has no single sign-on any more, the policy cannot lock the firm out.
    delete process.env.OIDC_ISSUER;
    resetConfigForTests();
    process.env.OIDC_CLIENT_ID = '';
    delete process.env.OIDC_CLIENT_ID;
    delete process.env.OIDC_CLIENT_SECRET;
    resetConfigForTests();
    expect((await signInWithPassword({ userName: user.userName, password: TEST_PASSWORD })).status).toBe('otp');
  });

  it('lists the user’s own working sessions with device and browser, and signs out any other one', async () => {
    const a = await signedIn(3);
    const b = await signedIn(3);
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
    const phone = await createSession(t.db(), a.user.id, 'password', { ip: '198.51.100.4', userAgent: ua });
    const ended = await createSession(t.db(), a.user.id);
    await t.db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.id));
    const list = await listMySessions(a.actor);
    expect(list.map((s) => s.id).sort()).toEqual([a.actor.sessionId, phone.id].sort());
    expect(list.find((s) => s.id === phone.id)).toMatchObject({
      current: false,
      browser: 'Safari 17',
      ip: '198.51.100.4',
    });
    expect(list.find((s) => s.id === a.actor.sessionId)?.current).toBe(true);
    await expect(signOutMySession(b.actor, phone.id)).rejects.toMatchObject({
      status: 404,
      message: SESSION_LIST_MSG.alreadyEnded,
    });
    await expect(signOutMySession(a.actor, a.actor.sessionId)).rejects.toMatchObject({
      status: 409,
      message: SESSION_LIST_MSG.current,
    });
    await signOutMySession(a.actor, phone.id);
    await expect(signOutMySession(a.actor, phone.id)).rejects.toMatchObject({ status: 404 });
    expect(await resolveSession(phone.id)).toBeNull();
    expect(await resolveSession(a.actor.sessionId)).not.toBeNull();
    const audits = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, a.user.id), eq(auditLog.action, 'session.revoked')));
    expect(audits[0]?.details).toEqual({ browser: 'Safari 17 on Mac OS 10.15.7' });
  });

  it('with two-factor required, a user without an app gets only the set-up until one is confirmed; SSO sessions and other firms are not held', async () => {
    const a = await signedIn(4);
    const user = await makeUser({ clientId: a.clientId });
    const elsewhere = await signedIn(3);
    // Only an administrator with an app of its own may require one.
    await expect(updateSecurityPolicy(a.actor, policy({ RequireTwoFactor: true }))).rejects.toMatchObject({
      status: 400,
      message: POLICY_MSG.notSaved,
      fields: { RequireTwoFactor: [POLICY_MSG.twoFactorSetUpFirst] },
    });
    await t.db().insert(userAuthenticators).values({ userId: a.user.id, secretEnc: 'x', confirmedAt: new Date() });
    expect(await updateSecurityPolicy(a.actor, policy({ RequireTwoFactor: true }))).toEqual({
      changed: ['requireTwoFactor'],
    });
    expect((await resolveSession(a.actor.sessionId))?.twoFactorSetupRequired).toBeUndefined();
    const session = await createSession(t.db(), user.id);
    expect((await resolveSession(session.id))?.twoFactorSetupRequired).toBe(true);
    expect((await resolveSession(elsewhere.actor.sessionId))?.twoFactorSetupRequired).toBeUndefined();
    const sso = await createSession(t.db(), user.id, 'sso');
    expect((await resolveSession(sso.id))?.twoFactorSetupRequired).toBeUndefined();

    const token = await issueLegacyToken(session, user.role);
    const call = (path: string, body: unknown) =>
      new Request(`http://localhost/api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const list = await jobList(call('Job/JobsList/CurrentPage/1/PageSize/10', {}), {
      params: Promise.resolve({ page: '1', size: '10' }),
    });
    expect(list.status).toBe(403);
    expect(await list.json()).toMatchObject({ error: { message: TWO_FACTOR_SETUP_MSG } });
    const init = await twoFactorInit(call('Authentication/TwoFactorInit', {}), { params: Promise.resolve({}) });
    expect(init.status).toBe(200);
    const { Secret } = (await init.json()) as { Secret: string };
    const confirmed = await twoFactorConfirm(
      call('Authentication/TwoFactorInitResponse', { Code: await generate({ secret: Secret }) }),
      { params: Promise.resolve({}) },
    );
    expect(confirmed.status).toBe(200);
    expect((await resolveSession(session.id))?.twoFactorSetupRequired).toBeUndefined();
    const after = await jobList(call('Job/JobsList/CurrentPage/1/PageSize/10', {}), {
      params: Promise.resolve({ page: '1', size: '10' }),
    });
    expect(after.status).toBe(200);
  });
});
