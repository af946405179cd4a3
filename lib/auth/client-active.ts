/**
 * May this user sign in and keep a session? Active, and staff (no client) or a user of a client that is not
 * suspended (a suspended client's users cannot sign in and their sessions end; nothing is deleted).
 * One SQL expression over `users`, used by the password sign-in, the OTP step, single sign-on and the session
 * lookup of every request (a primary-key probe of clients).
 */
import { sql } from 'drizzle-orm';
import { clients, users } from '@/db/schema';

// Names written out in full: in a statement on `users` alone Drizzle leaves column names unqualified, and inside
// the subquery an unqualified name would mean the clients' column first.
export const userMaySignIn = sql<boolean>`(${users}."is_active" and (${users}."client_id" is null or exists (select 1 from ${clients} where ${clients}."id" = ${users}."client_id" and ${clients}."is_active")))`;
