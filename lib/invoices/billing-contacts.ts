/**
 * Who receives a firm's billing mail (void notices, adjustment notes): the firm's active administrators' e-mail
 * addresses, in the order they were added.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { clients, users } from '@/db/schema';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export async function billingContactEmails(q: Queryable, clientId: number): Promise<string[]> {
  const rows = await q
    .select({ email: users.email })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.isActive, true),
        eq(clients.isActive, true),
        eq(users.role, CLIENT_ADMIN_ROLE),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.email);
}
