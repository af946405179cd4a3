/**
 * A firm's billing contacts: the people its invoices, receipts, credit notes and payment reminders go to.
 *
 * By default the firm's active administrators. The firm's administrator may choose other addresses instead (in
 * Settings): its users' addresses or any other mailbox, such as an accounts-payable address that is not a portal
 * user. An address chosen that belongs to a deactivated user of the firm is left out (they have left); when nothing
 * chosen is left, the administrators again, so a firm's invoice always reaches someone. A firm that is not active
 * has none. The choice is the firm's: the service takes the client from the session (lib/core/tenancy.ts), and
 * each change is audited with the lists before and after.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clientBillingContacts, clients, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { fieldErrors, ValidationError } from '@/lib/core/errors';
import { userPrincipal } from '@/lib/core/principal';
import { userPolicy } from '@/lib/core/user-policy';
import { CLIENT_ADMIN_ROLE, CLIENT_ROLES } from '@/lib/reference';
import { BILLING_CONTACTS_MSG, billingContactsSchema } from './billing-contacts-schema';

export interface BillingContact {
  email: string;
  /** The first name of the firm's user with this address; null for another mailbox. */
  firstName: string | null;
}

async function administrators(q: Queryable, clientId: number): Promise<BillingContact[]> {
  return q
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, CLIENT_ADMIN_ROLE), eq(users.isActive, true)))
    .orderBy(asc(users.id));
}

/** The addresses the firm's administrator chose, in order ([]: the administrators). */
async function chosen(q: Queryable, clientId: number): Promise<string[]> {
  const rows = await q
    .select({ email: clientBillingContacts.email })
    .from(clientBillingContacts)
    .where(eq(clientBillingContacts.clientId, clientId))
    .orderBy(asc(clientBillingContacts.position));
  return rows.map((r) => r.email);
}

/** The firm's billing contacts, each once, with the first name of those who are its users. */
export async function billingContacts(q: Queryable, clientId: number): Promise<BillingContact[]> {
  const [client] = await q
    .select({ isActive: clients.isActive, deletedAt: clients.deletedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client?.isActive || client.deletedAt) return [];
  const addresses = await chosen(q, clientId);
  if (addresses.length === 0) return administrators(q, clientId);
  const known = await q
    .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        inArray(users.role, [...CLIENT_ROLES]),
        inArray(
          sql`lower(${users.email})`,
          addresses.map((a) => a.toLowerCase()),
        ),
      ),
    );
  const out: BillingContact[] = [];
  for (const email of addresses) {
    const same = known.filter((u) => u.email.toLowerCase() === email.toLowerCase());
    const active = same.find((u) => u.isActive);
    if (same.length && !active) continue;
    out.push({ email, firstName: active?.firstName ?? null });
  }
  return out.length ? out : administrators(q, clientId);
}

/** The addresses of the firm's billing contacts (see the file comment), in order, each once. */
export async function billingContactEmails(q: Queryable, clientId: number): Promise<string[]> {
  return (await billingContacts(q, clientId)).map((c) => c.email);
}

export interface BillingContactsView {
  /** The addresses chosen ([]: the administrators receive the firm's billing mail). */
  chosen: string[];
  /** Who receives it now. */
  current: string[];
}

/** The Billing contacts section of Settings (the firm's administrators only). */
export async function getBillingContactsForAdmin(actor: Actor): Promise<BillingContactsView> {
  const a = authorize(actor, 'billing.manage', userPolicy);
  const db = await getDb();
  const [list, current] = await Promise.all([chosen(db, a.clientId), billingContactEmails(db, a.clientId)]);
  return { chosen: list, current };
}

/**
 * Saves the firm's choice (the form's own schema parses the input): the addresses replace the previous ones, in
 * the order given; none: the administrators. Audited when it changed. Answers whether it changed.
 */
export async function updateBillingContacts(actor: Actor, input: unknown): Promise<{ changed: boolean }> {
  const a = authorize(actor, 'billing.manage', userPolicy);
  const parsed = billingContactsSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error), BILLING_CONTACTS_MSG.notSaved);
  const next = parsed.data.BillingContacts;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await chosen(tx, a.clientId);
    if (JSON.stringify(before) === JSON.stringify(next)) return { changed: false };
    const t = now();
    await tx.delete(clientBillingContacts).where(eq(clientBillingContacts.clientId, a.clientId));
    if (next.length)
      await tx
        .insert(clientBillingContacts)
        .values(next.map((email, position) => ({ clientId: a.clientId, position, email, updatedAt: t })));
    await recordAudit(tx, userPrincipal(a), {
      action: 'billing.contacts_updated',
      clientId: a.clientId,
      targetType: 'client',
      targetId: String(a.clientId),
      details: { before, after: next },
    });
    return { changed: true };
  });
}
