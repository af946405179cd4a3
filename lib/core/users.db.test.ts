/** createUser and the uniqueness rule (lib/core/users.ts) on their own: trimmed, case-insensitive, one row. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeUser } from '@/test/factories';
import {
  createUser,
  identityKey,
  takenFields,
  USER_TAKEN_MSG,
  userEmailTaken,
  userNameTaken,
  UserTakenError,
} from './users';

const uid = () => Math.random().toString(36).slice(2, 8);
const newUser = (userName: string, email: string) => ({
  clientId: null,
  userName,
  firstName: ' Sam ',
  lastName: 'Core',
  email,
  phone: '',
  role: 2,
  timeZone: 'Australia/Sydney',
  passwordHash: '!',
  mustChangePassword: true,
  createdById: null,
});

describe('createUser and the one uniqueness rule', () => {
  const t = useTestDatabase();

  it('compares trimmed and case-insensitively', () => {
    expect(identityKey('  Ann.Lee@Example.COM \t')).toBe('ann.lee@example.com');
  });

  it('stores the names and address trimmed, and refuses the same user name or address in another form', async () => {
    const s = uid();
    const id = await createUser(t.db(), newUser(`  Core.${s} `, ` core.${s}@Example.com `));
    const [row] = await t.db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      userName: `Core.${s}`,
      email: `core.${s}@Example.com`,
      firstName: 'Sam',
      updatedById: null,
    });
    expect(await userNameTaken(t.db(), ` CORE.${s}`)).toBe(true);
    expect(await userNameTaken(t.db(), ` CORE.${s}`, { userId: id, clientId: null })).toBe(false);
    // Another client's id does not excuse the user.
    expect(await userNameTaken(t.db(), `core.${s}`, { userId: id, clientId: 1 })).toBe(true);
    expect(await userEmailTaken(t.db(), `CORE.${s}@example.com  `)).toBe(true);
    expect(await takenFields(t.db(), { userName: `free.${s}`, email: `free.${s}@example.com` })).toBeNull();
    const refused = createUser(t.db(), newUser(`core.${s}`, `CORE.${s}@EXAMPLE.COM`));
    await expect(refused).rejects.toBeInstanceOf(UserTakenError);
    await expect(refused).rejects.toMatchObject({
      fields: { UserName: [USER_TAKEN_MSG.userName], EmailId: [USER_TAKEN_MSG.email] },
    });
  });

  it('a deactivated user keeps the user name but frees the address', async () => {
    const gone = await makeUser({ isActive: false });
    expect(await userNameTaken(t.db(), gone.userName.toUpperCase())).toBe(true);
    expect(await userEmailTaken(t.db(), gone.email)).toBe(false);
  });
});
