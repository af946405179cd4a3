/** User administration on a real database: list, create, edit, duplicates, deactivation, boundaries, audit. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, passwordHistory, users } from '@/db/schema';
import { verifyPassword } from '@/lib/auth/password';
import { PASSWORD_MSG } from '@/lib/auth/password-policy';
import { createSession, resolveSession } from '@/lib/auth/session';
import { signInWithPassword } from '@/lib/auth/signin';
import { ForbiddenError } from '@/lib/core/errors';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser, signedIn } from '@/test/factories';
import { USER_FORM_PASSWORD, userForm } from '@/test/user-form';
import { DEFAULT_USER_QUERY, USER_SORT, type UserListQuery } from './list-schema';
import { USER_MSG, userFormSchema, type UserFormInput } from './schema';
import {
  deactivateUser,
  getUser,
  isUniqueViolation,
  listUsers,
  saveUser,
  userEmailExists,
  userNameExists,
} from './service';

const PW = [USER_FORM_PASSWORD, 'Tomato#Kiwi51', 'Tomato#Kiwi62', 'Tomato#Kiwi73'] as const;
const uid = () => Math.random().toString(36).slice(2, 8);
const q = (over: Partial<UserListQuery> = {}): UserListQuery => ({ ...DEFAULT_USER_QUERY, ...over });
const all = { page: 1, size: 0 };

const form = userForm;

describe('user administration', () => {
  const t = useTestDatabase();
  const row = async (id: number) => (await t.db().select().from(users).where(eq(users.id, id)))[0];
  const audits = (targetId: number) =>
    t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(targetId))));

  it('lists only the client’s active users with contains filters, role, sort and paging', async () => {
    const { actor, clientId } = await signedIn(4);
    const other = await signedIn(4);
    const s = uid();
    const ann = await makeUser({
      clientId,
      userName: `ann.${s}`,
      firstName: 'Ann',
      lastName: 'Smithers',
      phone: '0290001111',
      role: 5,
    });
    const bob = await makeUser({
      clientId,
      userName: `Bob.${s}`,
      firstName: 'bob',
      lastName: 'Archer',
      phone: '0411222333',
      role: 3,
    });
    const cy = await makeUser({
      clientId,
      userName: `cy.${s}`,
      firstName: 'Cy',
      lastName: 'Smith',
      phone: '(03)5550-111',
      role: 3,
    });
    await makeUser({ clientId, userName: `gone.${s}`, isActive: false });
    await makeUser({ clientId: other.clientId, userName: `ann.other.${s}`, firstName: 'Ann' });

    const names = async (query: UserListQuery, page = all) =>
      (await listUsers(actor, query, page)).rows.map((r) => r.userName);
    // Default: column 1 (order of creation), direction 2: newest first.
    expect(await names(q())).toEqual([cy.userName, bob.userName, ann.userName, actor.userName]);
    expect(await names(q({ userName: 'ANN.' }))).toEqual([ann.userName]);
    expect(await names(q({ fullName: 'ann smi' }))).toEqual([ann.userName]);
    expect(await names(q({ fullName: 'smith' }))).toEqual([cy.userName, ann.userName]);
    expect(await names(q({ phone: '111' }))).toEqual([cy.userName, ann.userName]);
    expect(await names(q({ role: 3 }))).toEqual([cy.userName, bob.userName]);
    expect(await names(q({ userName: '50%_' }))).toEqual([]);
    // Text sorts are case-insensitive; ties break on the id in the same direction.
    expect(await names(q({ sortBy: USER_SORT.userName, sortOrder: 1 }))).toEqual([
      ann.userName,
      bob.userName,
      cy.userName,
      actor.userName,
    ]);
    expect(await names(q({ sortBy: USER_SORT.fullName, sortOrder: 2 }))).toEqual([
      actor.userName,
      cy.userName,
      bob.userName,
      ann.userName,
    ]);
    expect(await names(q({ sortBy: USER_SORT.role, sortOrder: 1 }))).toEqual([
      bob.userName,
      cy.userName,
      actor.userName,
      ann.userName,
    ]);

    const page2 = await listUsers(actor, q({ sortBy: USER_SORT.userName, sortOrder: 1 }), { page: 2, size: 3 });
    expect(page2.totalCount).toBe(4);
    expect(page2.pageSize).toBe(3);
    expect(page2.rows.map((r) => r.userName)).toEqual([actor.userName]);
  });

  it('gives nothing to a client user (role 3) or to internal staff', async () => {
    const { clientId } = await signedIn(4);
    const target = await makeUser({ clientId });
    for (const role of [3, 5, 8, 1] as const) {
      const { actor } = await signedIn(role, role === 1 ? undefined : clientId);
      await expect(listUsers(actor, q(), all)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(getUser(actor, target.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(saveUser(actor, form())).rejects.toBeInstanceOf(ForbiddenError);
      await expect(deactivateUser(actor, target.userName)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(userNameExists(actor, target.userName)).rejects.toBeInstanceOf(ForbiddenError);
    }
  });

  it('treats another client’s user exactly like a missing one', async () => {
    const a = await signedIn(4);
    const b = await signedIn(4);
    const theirs = await makeUser({ clientId: b.clientId, firstName: 'Theirs' });
    expect(await getUser(a.actor, theirs.id)).toBeNull();
    expect(await getUser(a.actor, 2_000_000_000)).toBeNull();
    expect(await saveUser(a.actor, form({ UserId: theirs.id, UserName: `x.${uid()}`, ChangePassword: false }))).toEqual(
      { status: 'not-found' },
    );
    expect(await deactivateUser(a.actor, theirs.userName)).toEqual({ status: 'not-found' });
    const after = await row(theirs.id);
    expect(after?.firstName).toBe('Theirs');
    expect(after?.isActive).toBe(true);
  });

  it('creates a user of the admin’s client who must change the password at first sign-in, audited', async () => {
    const { actor, clientId } = await signedIn(4);
    const r = await saveUser(actor, form({ UserName: `Nora.${uid()}`, Role: 7 }));
    expect(r.status).toBe('created');
    if (r.status !== 'created') return;
    const u = await row(r.userId);
    expect(u).toMatchObject({
      clientId,
      role: 7,
      firstName: 'Nora',
      timeZone: 'Australia/Perth',
      mustChangePassword: true,
      isActive: true,
      createdById: actor.userId,
    });
    expect(await verifyPassword(u?.passwordHash ?? '', PW[0])).toBe(true);
    expect(await t.db().$count(passwordHistory, eq(passwordHistory.userId, r.userId))).toBe(1);
    const rows = await audits(r.userId);
    expect(rows.map((a) => a.action).sort()).toEqual(['password.changed', 'user.created']);
    expect(rows.find((a) => a.action === 'user.created')).toMatchObject({
      actorUserId: actor.userId,
      clientId,
      details: { userName: u?.userName, role: 7 },
    });
    // The sign-in sends the new user to the forced change, not the OTP.
    expect((await signInWithPassword({ userName: u?.userName ?? '', password: PW[0] })).status).toBe('change-password');
  });

  it('applies the password rules on create, in the schema and again on the server (client name)', async () => {
    const { actor } = await signedIn(4);
    const parsed = userFormSchema.safeParse({ ...form(), NewPassword: 'abc12345', ConfirmPassword: 'abc12345' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(PASSWORD_MSG.tooShort);
    const missing = userFormSchema.safeParse({ ...form(), NewPassword: '', ConfirmPassword: '' });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['NewPassword', 'ConfirmPassword']),
    );
    expect((await saveUser(actor, form({ NewPassword: PW[1], ConfirmPassword: PW[1] }))).status).toBe('created');
    // The client's name is known only to the server.
    const named = await makeClient({ name: `Wombat Partners ${uid()}` });
    const admin = await signedIn(4, named.id);
    const r = await saveUser(admin.actor, form({ NewPassword: 'Wombat#9zq7', ConfirmPassword: 'Wombat#9zq7' }));
    expect(r).toEqual({ status: 'invalid', fields: { NewPassword: [PASSWORD_MSG.personalOfUser] } });
  });

  it('edits a user without touching the password unless the toggle is on; a reset refuses the last 10', async () => {
    const { actor, clientId } = await signedIn(4);
    const made = await saveUser(actor, form());
    if (made.status !== 'created') throw new Error('not created');
    const id = made.userId;
    const before = await row(id);
    const edit = (over: Partial<UserFormInput>) =>
      saveUser(
        actor,
        form({
          UserId: id,
          UserName: before?.userName,
          EmailId: 'nora.q@example.com',
          LastName: 'Quillon',
          Role: 6,
          ChangePassword: false,
          NewPassword: '',
          ConfirmPassword: '',
          ...over,
        }),
      );

    expect(await edit({})).toEqual({ status: 'updated', userId: id });
    const after = await row(id);
    expect(after).toMatchObject({
      lastName: 'Quillon',
      email: 'nora.q@example.com',
      role: 6,
      clientId,
      passwordHash: before?.passwordHash,
      updatedById: actor.userId,
    });
    const updated = (await audits(id)).find((a) => a.action === 'user.updated');
    expect(updated).toMatchObject({ actorUserId: actor.userId, details: { changed: ['lastName', 'email', 'role'] } });

    // The password section on: the user's sessions end, the account unlocks, the new password must be changed.
    const session = await createSession(t.db(), id);
    expect(await resolveSession(session.id)).not.toBeNull();
    await t
      .db()
      .update(users)
      .set({ mustChangePassword: false, isLocked: true, failedLoginAttempts: 5 })
      .where(eq(users.id, id));
    expect(await edit({ ChangePassword: true, NewPassword: PW[0], ConfirmPassword: PW[0] })).toEqual({
      status: 'reused',
    });
    expect(await edit({ ChangePassword: true, NewPassword: PW[1], ConfirmPassword: PW[1] })).toEqual({
      status: 'updated',
      userId: id,
    });
    const reset = await row(id);
    expect(await verifyPassword(reset?.passwordHash ?? '', PW[1])).toBe(true);
    expect(reset).toMatchObject({ mustChangePassword: true, isLocked: false, failedLoginAttempts: 0 });
    // Unlocked again, yet the session is gone: it was revoked.
    expect(await resolveSession(session.id)).toBeNull();
    expect(await edit({ ChangePassword: true, NewPassword: PW[0], ConfirmPassword: PW[0] })).toEqual({
      status: 'reused',
    });
    expect(await edit({ ChangePassword: true, NewPassword: PW[2], ConfirmPassword: PW[2] })).toEqual({
      status: 'updated',
      userId: id,
    });
    expect(MSG.passwordReused).toBe(PASSWORD_MSG.reused);
  });

  it('checks duplicate user names (portal-wide, case-insensitive) and e-mails (active users), also inside the save', async () => {
    const a = await signedIn(4);
    const b = await signedIn(4);
    const s = uid();
    const taken = await makeUser({ clientId: b.clientId, userName: `Taken.${s}`, email: `Taken.${s}@Example.com` });
    const gone = await makeUser({
      clientId: a.clientId,
      userName: `gone.${s}`,
      email: `gone.${s}@example.com`,
      isActive: false,
    });
    expect(await userNameExists(a.actor, `TAKEN.${s}`)).toBe(true);
    expect(await userNameExists(a.actor, ` taken.${s} `)).toBe(true);
    expect(await userNameExists(a.actor, gone.userName)).toBe(true);
    expect(await userNameExists(a.actor, `free.${s}`)).toBe(false);
    expect(await userEmailExists(a.actor, `taken.${s}@example.COM`)).toBe(true);
    expect(await userEmailExists(a.actor, gone.email)).toBe(false);

    expect(await saveUser(a.actor, form({ UserName: `taken.${s}`, EmailId: `taken.${s}@example.com` }))).toEqual({
      status: 'duplicate',
      fields: { UserName: [USER_MSG.userNameExists], EmailId: [USER_MSG.emailExists] },
    });
    // Editing: the user's own name and address do not count; another client's user id is not excluded.
    const mine = await makeUser({ clientId: a.clientId, userName: `Mine.${s}` });
    expect(await userNameExists(a.actor, `mine.${s}`, mine.id)).toBe(false);
    expect(await userNameExists(a.actor, `taken.${s}`, taken.id)).toBe(true);
    expect(
      await saveUser(
        a.actor,
        form({ UserId: mine.id, UserName: `MINE.${s}`, EmailId: mine.email, ChangePassword: false }),
      ),
    ).toEqual({ status: 'updated', userId: mine.id });

    // Two saves of the same new name at once: exactly one wins, the other is a duplicate (never a 500).
    const race = await Promise.all([
      saveUser(a.actor, form({ UserName: `race.${s}` })),
      saveUser(a.actor, form({ UserName: `RACE.${s}`, EmailId: `race2.${s}@example.com` })),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual(['created', 'duplicate']);
    // The final guard: the unique index on lower(user_name), recognised whichever driver wraps the error.
    const clash = await makeUser({ clientId: a.clientId, userName: `RACE.${s}` }).catch((e: unknown) => e);
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('refuses to deactivate or demote oneself', async () => {
    const { actor } = await signedIn(4);
    expect(await deactivateUser(actor, actor.userName.toUpperCase())).toEqual({ status: 'self' });
    const me = await row(actor.userId);
    const r = await saveUser(
      actor,
      form({ UserId: actor.userId, UserName: actor.userName, EmailId: me?.email, Role: 3, ChangePassword: false }),
    );
    expect(r).toEqual({ status: 'invalid', fields: { Role: [USER_MSG.cannotDemoteSelf] } });
    expect((await row(actor.userId))?.role).toBe(4);
    expect((await row(actor.userId))?.isActive).toBe(true);
  });

  it('deactivates a user: sessions end at once, sign-in refused, gone from the list, audited', async () => {
    const { actor, clientId } = await signedIn(4);
    const target = await makeUser({ clientId, password: PW[3] });
    const s1 = await createSession(t.db(), target.id);
    const s2 = await createSession(t.db(), target.id);
    expect(await resolveSession(s1.id)).not.toBeNull();

    expect(await deactivateUser(actor, target.userName)).toEqual({ status: 'deactivated', userId: target.id });
    expect(await resolveSession(s1.id)).toBeNull();
    expect(await resolveSession(s2.id)).toBeNull();
    const u = await row(target.id);
    expect(u?.isActive).toBe(false);
    expect(u?.deactivatedAt).toBeInstanceOf(Date);
    // Refused: no OTP, no session; its own password learns 'Credential does not exist.' (docs/decisions/007-sign-in-messages-and-feedback.md).
    expect((await signInWithPassword({ userName: target.userName, password: PW[3] })).status).toBe('deactivated');
    expect((await listUsers(actor, q(), all)).rows.map((r) => r.id)).not.toContain(target.id);
    expect(await getUser(actor, target.id)).toBeNull();
    expect(await deactivateUser(actor, target.userName)).toEqual({ status: 'not-found' });
    expect((await audits(target.id)).filter((a) => a.action.startsWith('user.'))).toEqual([
      expect.objectContaining({ action: 'user.deactivated', actorUserId: actor.userId, clientId }),
    ]);
  });
});
