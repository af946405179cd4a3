/**
 * api/Authentication/GetUserDetailsByUsername and GetUserByEmailId (spec §7): the user model of §3.
 *
 * In the old portal these answered anyone, which let a stranger find accounts and see whether they
 * were locked. Here they answer only signed-in callers, about themselves, or (a client administrator)
 * about users of their own client; anything else is null, exactly like an unknown user
 * (docs/security.md). Never a password hash or history.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { allowed } from '@/lib/core/authorize';
import { tenantScope } from '@/lib/core/tenancy';
import { userPolicy } from '@/lib/core/user-policy';

export interface LegacyUser {
  UserId: number;
  FirstName: string;
  LastName: string;
  EmailId: string;
  Phone: string;
  UserName: string;
  Role: number;
  TimeZoneId: string;
  FailedLoginAttempt: number;
  IsAccountLocked: boolean;
  ResetPassword: boolean;
  ClientId: number | null;
}

type UserRow = typeof users.$inferSelect;

export function presentUser(u: UserRow): LegacyUser {
  return {
    UserId: u.id,
    FirstName: u.firstName,
    LastName: u.lastName,
    EmailId: u.email,
    Phone: u.phone,
    UserName: u.userName,
    Role: u.role,
    TimeZoneId: u.timeZone,
    FailedLoginAttempt: u.failedLoginAttempts,
    IsAccountLocked: u.isLocked,
    ResetPassword: u.mustChangePassword,
    ClientId: u.clientId,
  };
}

/** Which users the actor may look up: themselves; a client administrator, their client's users. */
function visibleTo(actor: Actor): SQL | undefined {
  return allowed(actor, 'manage', userPolicy) ? tenantScope(users.clientId, actor) : eq(users.id, actor.userId);
}

async function findOne(actor: Actor, match: SQL): Promise<LegacyUser | null> {
  const db = await getDb();
  const [u] = await db
    .select()
    .from(users)
    .where(and(match, visibleTo(actor)))
    // Among several users sharing an address, the caller's own account first.
    .orderBy(sql`${users.id} <> ${actor.userId}`, asc(users.id))
    .limit(1);
  return u ? presentUser(u) : null;
}

export function getUserDetailsByUserName(actor: Actor, userName: string): Promise<LegacyUser | null> {
  return findOne(actor, sql`lower(${users.userName}) = ${userName.trim().toLowerCase()}`);
}

export function getUserByEmailId(actor: Actor, email: string): Promise<LegacyUser | null> {
  return findOne(actor, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
}
