/**
 * One uniqueness rule for user names and e-mail addresses on all three doors that create a user (a client
 * administrator's user form, the provider's staff form and the invitation of a client's first administrator):
 * a name or address that differs from a taken one only by surrounding spaces or letter case is refused on each,
 * with the same field messages, and no row is written.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { createClient, inviteClientAdmin } from '@/lib/clients/service';
import { clientFormSchema, inviteAdminSchema } from '@/lib/clients/schema';
import { USER_TAKEN_MSG } from '@/lib/core/user-messages';
import { staffUserFormSchema } from '@/lib/staff/schema';
import { saveStaffUser } from '@/lib/staff/service';
import { userFormSchema } from '@/lib/users/schema';
import { saveUser } from '@/lib/users/service';
import { useTestDatabase } from '@/test/db';
import { makeUser, signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';

const uid = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'Lantern#Quay4821';

function person(name: string) {
  return {
    FirstName: 'Tess',
    LastName: 'Taken',
    EmailId: `${name}@example.com`,
    Phone: '(02)9000-3333',
    UserName: name,
    TimeZoneId: 'Australia/Sydney',
  };
}

/** The three doors, each given a user name and an e-mail address as they come (not through the form's schema). */
async function doors() {
  const clientAdmin = await signedIn(4);
  const staff = await staffActor(1);
  const s = uid();
  const { id: clientId } = await createClient(
    staff,
    clientFormSchema.parse({
      Name: `Unique ${s} Lawyers`,
      AccountNumber: `UQ-${s}`,
      Branches: [
        { Label: 'Office', Address: '1 George Street, Sydney NSW 2000', ExtClientBranchId: '', IsDefault: true },
      ],
      ProcessingCities: [{ Name: 'Sydney' }],
      CostEstimates: [],
    }),
  );
  const base = `base.${s}`;
  return {
    'client user form': async (userName: string, email: string) => {
      const r = await saveUser(clientAdmin.actor, {
        ...userFormSchema.parse({ ...person(base), Role: 3, NewPassword: PASSWORD, ConfirmPassword: PASSWORD }),
        UserName: userName,
        EmailId: email,
      });
      if (r.status !== 'duplicate') throw new Error(`not refused: ${r.status}`);
      throw Object.assign(new Error('duplicate'), { fields: r.fields });
    },
    'staff form': (userName: string, email: string) =>
      saveStaffUser(staff, {
        ...staffUserFormSchema.parse({ ...person(base), Role: 2, NewPassword: PASSWORD, ConfirmPassword: PASSWORD }),
        UserName: userName,
        EmailId: email,
      }),
    'client administrator invitation': (userName: string, email: string) =>
      inviteClientAdmin(staff, {
        ...inviteAdminSchema.parse({ ClientId: clientId, ...person(base) }),
        UserName: userName,
        EmailId: email,
      }),
  } as const;
}

describe('one uniqueness rule on every door that creates a user', () => {
  const t = useTestDatabase();

  it('refuses a taken user name given with surrounding spaces or another letter case, the same way on each door', async () => {
    const d = await doors();
    for (const [door, create] of Object.entries(d)) {
      const taken = await makeUser({ userName: `taken.${uid()}` });
      for (const variant of [
        ` ${taken.userName} `,
        taken.userName.toUpperCase(),
        `\t${taken.userName.toUpperCase()}  `,
      ]) {
        await expect(
          create(variant, `free.${uid()}@example.com`),
          `${door}: ${JSON.stringify(variant)}`,
        ).rejects.toMatchObject({
          fields: { UserName: [USER_TAKEN_MSG.userName] },
        });
      }
      const [{ n } = { n: -1 }] = await t
        .db()
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(trim(${users.userName})) = ${taken.userName}`);
      expect(n, door).toBe(1);
    }
  });

  it('refuses an e-mail address of an active user given with surrounding spaces or another letter case, the same way on each door', async () => {
    const d = await doors();
    for (const [door, create] of Object.entries(d)) {
      const taken = await makeUser({ email: `mail.${uid()}@example.com` });
      for (const variant of [` ${taken.email} `, taken.email.toUpperCase()]) {
        await expect(create(`free.${uid()}`, variant), `${door}: ${JSON.stringify(variant)}`).rejects.toMatchObject({
          fields: { EmailId: [USER_TAKEN_MSG.email] },
        });
      }
      expect(await t.db().select({ id: users.id }).from(users).where(eq(users.email, taken.email)), door).toHaveLength(
        1,
      );
    }
  });
});
