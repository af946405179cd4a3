/**
 * A user's whole life under the firm's administrator: the status filter keeps deactivated users
 * findable, reactivation, the list's status / last sign-in / authenticator columns, the invitation by e-mail
 * (single-use, only the newest, 72 hours), and refusals worded for the administrator.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clients, emailOutbox, passwordResetTokens, sessions, userAuthenticators, users } from '@/db/schema';
import { INVITE_TTL_HOURS } from '@/lib/auth/invite';
import { PASSWORD_MSG } from '@/lib/auth/password-policy';
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { signInWithPassword } from '@/lib/auth/signin';
import { fixedClock, now, setClock } from '@/lib/clock';
import { USER_TAKEN_MSG } from '@/lib/core/user-messages';
import { NotFoundError } from '@/lib/core/errors';
import { useTestDatabase } from '@/test/db';
import { makeUser, signedIn } from '@/test/factories';
import { userForm } from '@/test/user-form';
import { DEFAULT_USER_QUERY, userListQuerySchema, type UserListQuery } from './list-schema';
import { USER_MSG, userFormSchema } from './schema';
import { deactivateUser, listUsers, reactivateUser, saveUser } from './service';

const uid = () => Math.random().toString(36).slice(2, 8);
const q = (over: Partial<UserListQuery> = {}): UserListQuery => ({ ...DEFAULT_USER_QUERY, ...over });
const all = { page: 1, size: 0 };
const NEW_PW = 'Lantern#Quay4821';

const form = userForm;

describe('a user’s life under the firm’s administrator', () => {
  const t = useTestDatabase();

  it('filters by status (active by default, deactivated, locked, all) with matching counts, own firm only', async () => {
    const { actor, clientId } = await signedIn(4);
    const other = await signedIn(4);
    const s = uid();
    const active = await makeUser({ clientId, userName: `act.${s}` });
    const locked = await makeUser({ clientId, userName: `lock.${s}`, isLocked: true });
    const gone = await makeUser({ clientId, userName: `gone.${s}`, isActive: false });
    await makeUser({ clientId: other.clientId, userName: `else.${s}`, isActive: false });

    const names = async (query: UserListQuery) => {
      const r = await listUsers(actor, query, all);
      return { names: r.rows.map((x) => x.userName).sort(), total: r.totalCount };
    };
    expect(await names(q())).toEqual({ names: [actor.userName, active.userName, locked.userName].sort(), total: 3 });
    expect(await names(q({ status: 'active' }))).toEqual({
      names: [actor.userName, active.userName, locked.userName].sort(),
      total: 3,
    });
    expect(await names(q({ status: 'deactivated' }))).toEqual({ names: [gone.userName], total: 1 });
    expect(await names(q({ status: 'locked' }))).toEqual({ names: [locked.userName], total: 1 });
    expect(await names(q({ status: 'all' }))).toEqual({
      names: [actor.userName, active.userName, locked.userName, gone.userName].sort(),
      total: 4,
    });
    // A page of 1 counts the same (the counters serve active users only).
    expect((await listUsers(actor, q({ status: 'deactivated' }), { page: 1, size: 10 })).totalCount).toBe(1);
    expect((await listUsers(actor, q({ status: 'all', role: 3 }), { page: 1, size: 10 })).totalCount).toBe(3);

    // The legacy body carries the filter too; an unknown status is a field error.
    expect(userListQuerySchema.parse({ Status: 'Deactivated' }).status).toBe('deactivated');
    expect(userListQuerySchema.parse({}).status).toBe('active');
    expect(userListQuerySchema.safeParse({ Status: 'gone' }).success).toBe(false);
  });

  it('shows each user’s status, last sign-in and authenticator app', async () => {
    const { actor, clientId } = await signedIn(4);
    const u = await makeUser({ clientId });
    const never = await makeUser({ clientId });
    const at = new Date('2026-03-04T05:06:07Z');
    await t
      .db()
      .insert(sessions)
      .values({ userId: u.id, createdAt: at, lastSeenAt: at, expiresAt: new Date(at.getTime() + 3_600_000) });
    await t
      .db()
      .insert(sessions)
      .values({ userId: u.id, createdAt: new Date(at.getTime() - 86_400_000), lastSeenAt: at, expiresAt: at });
    await t.db().insert(userAuthenticators).values({ userId: u.id, secretEnc: 'x', confirmedAt: at });
    await t.db().insert(userAuthenticators).values({ userId: never.id, secretEnc: 'x' });
    const rows = (await listUsers(actor, q(), all)).rows;
    const one = rows.find((r) => r.id === u.id);
    expect(one?.lastSignInAt?.toISOString()).toBe(at.toISOString());
    expect(one?.usesAuthenticator).toBe(true);
    expect(one?.isActive).toBe(true);
    const two = rows.find((r) => r.id === never.id);
    expect(two?.lastSignInAt).toBeNull();
    // An enrolment never confirmed does not count.
    expect(two?.usesAuthenticator).toBe(false);
  });

  it('reactivates a deactivated user of the firm, who can sign in again; audited; another firm’s is not found', async () => {
    const { actor, clientId } = await signedIn(4);
    const other = await signedIn(4);
    const u = await makeUser({ clientId });
    expect((await deactivateUser(actor, u.userName)).status).toBe('deactivated');
    expect((await signInWithPassword({ userName: u.userName, password: 'Tomato#Kiwi40' })).status).not.toBe('otp');

    // Re-creating the name is refused, pointing to the deactivated user.
    const again = await saveUser(actor, form({ UserName: u.userName, EmailId: `x.${uid()}@example.com` }));
    expect(again).toEqual({ status: 'duplicate', fields: { UserName: [USER_TAKEN_MSG.userNameDeactivated] } });
    // Another firm's administrator gets the plain message (nothing about that firm's users).
    const elsewhere = await saveUser(other.actor, form({ UserName: u.userName, EmailId: `y.${uid()}@example.com` }));
    expect(elsewhere).toEqual({ status: 'duplicate', fields: { UserName: [USER_TAKEN_MSG.userName] } });

    await expect(reactivateUser(other.actor, u.id)).rejects.toThrow(new NotFoundError(USER_MSG.reactivateGone));
    expect(await reactivateUser(actor, u.id)).toEqual({ userId: u.id });
    await expect(reactivateUser(actor, u.id)).rejects.toBeInstanceOf(NotFoundError);
    const [row] = await t.db().select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ isActive: true, deactivatedAt: null });
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reactivated'), eq(auditLog.targetId, String(u.id))));
    expect(audit?.actorUserId).toBe(actor.userId);
  });

  it('refuses to reactivate while another active user has the address', async () => {
    const { actor, clientId } = await signedIn(4);
    const email = `same.${uid()}@example.com`;
    const u = await makeUser({ clientId, email });
    await deactivateUser(actor, u.userName);
    await makeUser({ clientId, email });
    await expect(reactivateUser(actor, u.id)).rejects.toMatchObject({
      status: 409,
      fields: { EmailId: [USER_MSG.reactivateEmailTaken] },
    });
    const [row] = await t.db().select().from(users).where(eq(users.id, u.id));
    expect(row?.isActive).toBe(false);
  });

  it('invites by e-mail: no password until the single-use link sets one; only the newest link works', async () => {
    const { actor } = await signedIn(4);
    const f = form({ Invite: true, NewPassword: '', ConfirmPassword: '' });
    const r = await saveUser(actor, f);
    expect(r.status).toBe('invited');
    const userId = r.status === 'invited' ? r.userId : 0;
    const [mail] = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, f.EmailId))
      .orderBy(desc(emailOutbox.id));
    expect(mail?.kind).toBe('invite');
    expect(mail?.textBody).toContain(f.UserName);
    // The inviter as people know them: full name and firm, not their user name.
    const [inviter] = await t
      .db()
      .select({ firstName: users.firstName, lastName: users.lastName, firm: clients.name })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, actor.userId));
    const by = `${inviter?.firstName} ${inviter?.lastName} of ${inviter?.firm} has invited you to the JMS Portal`;
    expect(mail?.textBody).toContain(by);
    expect(mail?.htmlBody).toContain(by.replace('&', '&amp;'));
    expect(mail?.textBody).not.toContain(actor.userName);
    const token = /\/ResetPassword\?url=([A-Za-z0-9_-]{43})&reason=first/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    // 256 random bits; only the hash is stored.
    const [tok] = await t.db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(tok?.tokenHash).not.toContain(token);
    expect(Math.round(((tok?.expiresAt.getTime() ?? 0) - now().getTime()) / 3_600_000)).toBe(INVITE_TTL_HOURS);
    expect((await signInWithPassword({ userName: f.UserName, password: '!invited' })).status).toBe('invalid');
    expect((await resetPasswordWithToken(token, NEW_PW, NEW_PW)).status).toBe('done');
    expect((await resetPasswordWithToken(token, NEW_PW, NEW_PW)).status).toBe('expired');
    expect((await signInWithPassword({ userName: f.UserName, password: NEW_PW })).status).toBe('otp');
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.invited'), eq(auditLog.targetId, String(userId))));
    expect(audit?.actorUserId).toBe(actor.userId);
  });

  it('the invitation link expires after 72 hours (moved clock)', async () => {
    const { actor } = await signedIn(4);
    const f = form({ Invite: true, NewPassword: '', ConfirmPassword: '' });
    const start = new Date();
    const restore = setClock(fixedClock(start));
    try {
      await saveUser(actor, f);
      const [mail] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, f.EmailId));
      const token = /url=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? '';
      setClock(fixedClock(new Date(start.getTime() + (INVITE_TTL_HOURS * 60 - 1) * 60_000)));
      // Just inside: a refused password leaves the link usable, and says so.
      expect((await resetPasswordWithToken(token, 'short', 'short')).status).toBe('policy');
      setClock(fixedClock(new Date(start.getTime() + (INVITE_TTL_HOURS * 60 + 1) * 60_000)));
      expect((await resetPasswordWithToken(token, NEW_PW, NEW_PW)).status).toBe('expired');
    } finally {
      restore();
    }
  });

  it('words password refusals for the administrator (the user’s name, not “your name”)', async () => {
    const { actor } = await signedIn(4);
    const name = `zebedee${uid()}`;
    const parsed = userFormSchema.safeParse({
      ...form(),
      UserName: name,
      EmailId: `${name}@example.com`,
      NewPassword: `${name}#A9x`,
      ConfirmPassword: `${name}#A9x`,
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    expect(messages).toContain(PASSWORD_MSG.personalOfUser);
    expect(messages).not.toContain(PASSWORD_MSG.personal);
    // The server says the same when the schema is bypassed (the firm's name is only known there).
    const f = {
      ...form({ UserName: name, EmailId: `${name}@example.com` }),
      NewPassword: `${name}#A9x`,
      ConfirmPassword: `${name}#A9x`,
    };
    const r = await saveUser(actor, f);
    expect(r.status).toBe('invalid');
    expect(r.status === 'invalid' ? r.fields.NewPassword : []).toContain(PASSWORD_MSG.personalOfUser);
  });
});
