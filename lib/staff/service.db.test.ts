import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import { resolveSession } from '@/lib/auth/session';
import { signInWithPassword } from '@/lib/auth/signin';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { staffUserFormSchema } from './schema';
import { deactivateStaffUser, getStaffUser, listStaffUsers, saveStaffUser } from './service';

const uid = () => Math.random().toString(36).slice(2, 8);
const form = (over: Record<string, unknown> = {}) => {
  const name = `ops.${uid()}`;
  return staffUserFormSchema.parse({
    FirstName: 'Olive',
    LastName: 'Operator',
    EmailId: `${name}@example.com`,
    Phone: '(02)9000-2222',
    UserName: name,
    Role: 2,
    TimeZoneId: 'Australia/Sydney',
    NewPassword: 'Lantern#Quay4821',
    ConfirmPassword: 'Lantern#Quay4821',
    ...over,
  });
};

describe('staff users (role 1 only)', () => {
  const t = useTestDatabase();

  it('creates a staff user who signs in like everyone, first changing the password; edits and deactivates it', async () => {
    const admin = await staffActor(1);
    const f = form();
    const { userId } = await saveStaffUser(admin, f);
    expect((await signInWithPassword({ userName: f.UserName, password: 'Lantern#Quay4821' })).status).toBe(
      'change-password',
    );
    expect((await listStaffUsers(admin)).some((u) => u.id === userId && u.role === 2)).toBe(true);

    await saveStaffUser(admin, { ...f, UserId: userId, Role: 1, FirstName: 'Olivia' });
    expect(await getStaffUser(admin, userId)).toMatchObject({ role: 1, firstName: 'Olivia' });

    await deactivateStaffUser(admin, userId);
    expect(await getStaffUser(admin, userId)).toBeNull();
    // A deactivated account: only its own password learns 'Credential does not exist.' (decision 007).
    expect((await signInWithPassword({ userName: f.UserName, password: 'Lantern#Quay4821' })).status).toBe(
      'deactivated',
    );
    const actions = await t
      .db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))));
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('ops.'))).toEqual([
      'ops.staff.created',
      'ops.staff.updated',
      'ops.staff.deactivated',
    ]);
  });

  it('the same password rules; no duplicate user name; no self-deactivation', async () => {
    expect(staffUserFormSchema.safeParse({ ...form(), NewPassword: 'abc123', ConfirmPassword: 'abc123' }).success).toBe(
      false,
    );
    const admin = await staffActor(1);
    const f = form();
    await saveStaffUser(admin, f);
    await expect(saveStaffUser(admin, { ...form(), UserName: f.UserName })).rejects.toMatchObject({
      status: 400,
      fields: { UserName: [expect.any(String)] },
    });
    await expect(deactivateStaffUser(admin, admin.userId)).rejects.toMatchObject({ status: 409 });
    expect(await resolveSession(admin.sessionId)).not.toBeNull();
  });

  it('an operator (role 2) and client roles are refused', async () => {
    const operator = await staffActor(2);
    await expect(listStaffUsers(operator)).rejects.toMatchObject({ status: 403 });
    await expect(saveStaffUser(operator, form())).rejects.toMatchObject({ status: 403 });
    const client = await signedIn(4);
    await expect(saveStaffUser(client.actor, form())).rejects.toMatchObject({ status: 403 });
  });
});
