/**
 * May this user sign in and keep a session? Active, and staff (no client) or a user of a client that is not
 * suspended (issue 13: a suspended client's users cannot sign in and their sessions end; nothing is deleted).
 * One SQL expression over `users`, used by the password sign-in, the OTP step, single sign-on and the session
 * lookup of every request (a primary-key probe of clients).
 */
import { sql } from 'drizzle-orm';
import { clients, users } from '@/db/schema';

export const userMaySignIn = sql<boolean>`(${users.isActive} and (${users.clientId} is null or exists (select 1 from ${clients} where ${clients.id} = ${users.clientId} and ${clients.isActive})))`;
