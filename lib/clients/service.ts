/**
 * Client onboarding by staff (/Ops/Clients): the list of every client, one client with its
 * branches, processing cities, cost estimates and users; create; invite its first administrator; suspend and
 * reinstate; delete (role 1 only, policy 'clients.delete').
 *
 * Policy 'clients.manage' (lib/core/staff-policy.ts) for everything but delete; each change is one transaction with
 * its audit row (lib/core/audit.ts). Suspending ends the sessions of the client's users in the same
 * transaction, and lib/auth/client-active.ts keeps them from signing in; nothing is deleted.
 *
 * Deleting (docs/decisions/011-client-onboarding.md): only a client with no jobs and no invoices, and it is a
 * soft delete: the client is suspended, its users deactivated, and it disappears from the staff lists; its
 * rows stay for the audit trail, and its name and account number stay taken.
 */
import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import {
  clientBranchAddresses,
  clients,
  costEstimates,
  invoices,
  jobs,
  processingCities,
  sessions,
  users,
} from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { INVITE_MAIL_SUBJECT, INVITE_TTL_HOURS, INVITED_PASSWORD, sendInvitation } from '@/lib/auth/invite';
import { now } from '@/lib/clock';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { USER_TAKEN_MSG } from '@/lib/core/user-messages';
import { createUser, identityKey, UserTakenError, userFieldsOf } from '@/lib/core/users';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/core/errors';
import { containsPattern } from '@/lib/lists/contains';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { CLIENT_MSG, type ClientForm, type ClientStatusFilter, type InviteAdmin } from './schema';

/** The invitation link of a new client administrator works this long, and once. */
export { INVITE_MAIL_SUBJECT, INVITE_TTL_HOURS };

export interface ClientListItem {
  id: number;
  name: string;
  accountNumber: string;
  isActive: boolean;
  suspendedAt: Date | null;
  createdAt: Date;
  userCount: number;
}

export interface ClientListQuery {
  text: string;
  status: ClientStatusFilter;
}

function listWhere(q: ClientListQuery): SQL | undefined {
  const pattern = q.text ? containsPattern(q.text) : null;
  return and(
    isNull(clients.deletedAt),
    pattern ? or(ilike(clients.name, pattern), ilike(clients.accountNumber, pattern)) : undefined,
    q.status === 'active'
      ? eq(clients.isActive, true)
      : q.status === 'suspended'
        ? eq(clients.isActive, false)
        : undefined,
  );
}

/** Every client (not deleted), by name, with the number of its active users. */
export async function listClients(actor: Actor, q: ClientListQuery, page: Page): Promise<ListResult<ClientListItem>> {
  authorize(actor, 'clients.manage', staffPolicy);
  const db = await getDb();
  const where = listWhere(q);
  const { limit, offset } = limitOffset(page);
  const [total] = await db.select({ n: count() }).from(clients).where(where);
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      accountNumber: clients.accountNumber,
      isActive: clients.isActive,
      suspendedAt: clients.suspendedAt,
      createdAt: clients.createdAt,
      userCount: sql<number>`(select count(*)::int from ${users} where ${users.clientId} = ${clients.id} and ${users.isActive})`,
    })
    .from(clients)
    .where(where)
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(limit)
    .offset(offset);
  return { rows, totalCount: total?.n ?? 0, pageSize: page.size };
}

/** Clients for a choice list (invoice form): active and suspended, not deleted, by name. */
export async function clientChoices(actor: Actor): Promise<{ id: number; name: string; accountNumber: string }[]> {
  authorize(actor, 'ops.open', staffPolicy);
  const db = await getDb();
  return db
    .select({ id: clients.id, name: clients.name, accountNumber: clients.accountNumber })
    .from(clients)
    .where(isNull(clients.deletedAt))
    .orderBy(asc(clients.name))
    .limit(5000);
}

export interface ClientDetail extends ClientListItem {
  branches: { id: number; label: string; address: string; extClientBranchId: string | null; isDefault: boolean }[];
  cities: { id: number; name: string }[];
  costEstimates: { id: number; number: string; description: string | null; amount: string | null }[];
  users: {
    id: number;
    userName: string;
    name: string;
    email: string;
    role: number;
    isActive: boolean;
    invited: boolean;
  }[];
  jobCount: number;
  invoiceCount: number;
}

export async function getClientDetail(actor: Actor, clientId: number): Promise<ClientDetail | null> {
  authorize(actor, 'clients.manage', staffPolicy);
  const db = await getDb();
  const [c] = await db
    .select({
      id: clients.id,
      name: clients.name,
      accountNumber: clients.accountNumber,
      isActive: clients.isActive,
      suspendedAt: clients.suspendedAt,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)))
    .limit(1);
  if (!c) return null;
  const [branches, cities, estimates, people, [jc], [ic]] = await Promise.all([
    db
      .select({
        id: clientBranchAddresses.id,
        label: clientBranchAddresses.label,
        address: clientBranchAddresses.address,
        extClientBranchId: clientBranchAddresses.extClientBranchId,
        isDefault: clientBranchAddresses.isDefault,
      })
      .from(clientBranchAddresses)
      .where(eq(clientBranchAddresses.clientId, clientId))
      .orderBy(desc(clientBranchAddresses.isDefault), asc(clientBranchAddresses.id)),
    db
      .select({ id: processingCities.id, name: processingCities.name })
      .from(processingCities)
      .where(eq(processingCities.clientId, clientId))
      .orderBy(asc(processingCities.name)),
    db
      .select({
        id: costEstimates.id,
        number: costEstimates.number,
        description: costEstimates.description,
        amount: costEstimates.amount,
      })
      .from(costEstimates)
      .where(eq(costEstimates.clientId, clientId))
      .orderBy(asc(costEstimates.number)),
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.clientId, clientId))
      .orderBy(asc(users.userName))
      .limit(200),
    db.select({ n: count() }).from(jobs).where(eq(jobs.clientId, clientId)),
    db.select({ n: count() }).from(invoices).where(eq(invoices.clientId, clientId)),
  ]);
  return {
    ...c,
    userCount: people.filter((p) => p.isActive).length,
    branches,
    cities,
    costEstimates: estimates,
    users: people.map((p) => ({
      id: p.id,
      userName: p.userName,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      role: p.role,
      isActive: p.isActive,
      invited: p.passwordHash === NO_PASSWORD,
    })),
    jobCount: jc?.n ?? 0,
    invoiceCount: ic?.n ?? 0,
  };
}

/** Field messages when another client (not `self`) has the name or the account number. */
async function clientDuplicates(
  q: Queryable,
  form: ClientForm,
  self?: number,
): Promise<Record<string, string[]> | null> {
  const fields: Record<string, string[]> = {};
  const other = self === undefined ? sql`true` : sql`${clients.id} <> ${self}`;
  const [byName] = await q
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`lower(${clients.name}) = ${form.Name.toLowerCase()}`, other))
    .limit(1);
  if (byName) fields.Name = [CLIENT_MSG.nameExists];
  const [byAccount] = await q
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`lower(${clients.accountNumber}) = ${form.AccountNumber.toLowerCase()}`, other))
    .limit(1);
  if (byAccount) fields.AccountNumber = [CLIENT_MSG.accountExists];
  return Object.keys(fields).length ? fields : null;
}

/** Creates a client with its branches, processing cities and cost estimates. 400 with field messages on a duplicate. */
export async function createClient(actor: Actor, form: ClientForm): Promise<{ id: number }> {
  const a = authorize(actor, 'clients.manage', staffPolicy);
  if (form.ClientId !== undefined) throw new ValidationError({ ClientId: [CLIENT_MSG.rowGone] });
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const dup = await clientDuplicates(tx, form);
      if (dup) throw new ValidationError(dup, 'A client with this name or account number already exists.');
      const t = now();
      const [c] = await tx
        .insert(clients)
        .values({ name: form.Name, accountNumber: form.AccountNumber, isActive: true, createdAt: t, updatedAt: t })
        .returning({ id: clients.id });
      if (!c) throw new Error('client not created');
      await tx.insert(clientBranchAddresses).values(
        form.Branches.map((b) => ({
          clientId: c.id,
          label: b.Label,
          address: b.Address,
          extClientBranchId: b.ExtClientBranchId || null,
          isDefault: b.IsDefault,
        })),
      );
      await tx.insert(processingCities).values(form.ProcessingCities.map((p) => ({ clientId: c.id, name: p.Name })));
      if (form.CostEstimates.length) {
        await tx.insert(costEstimates).values(
          form.CostEstimates.map((e) => ({
            clientId: c.id,
            number: e.Number,
            description: e.Description || null,
            amount: e.Amount || null,
            createdAt: t,
          })),
        );
      }
      await recordAudit(tx, userPrincipal(a), {
        action: 'ops.client.created',
        clientId: c.id,
        targetType: 'client',
        targetId: c.id,
        details: {
          name: form.Name,
          accountNumber: form.AccountNumber,
          branches: form.Branches.length,
          cities: form.ProcessingCities.length,
          costEstimates: form.CostEstimates.length,
        },
      });
      return c;
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new ValidationError(
        { AccountNumber: [CLIENT_MSG.accountExists] },
        'A client with this name or account number already exists.',
      );
    throw e;
  }
}

/** The rows of one of a client's lists as the edit form sends them back: kept (with Id) or new (without). */
interface RowPlan<F extends { Id?: number | undefined }> {
  update: (F & { Id: number })[];
  insert: F[];
  remove: number[];
}

/**
 * Splits a submitted list against the client's stored rows. An Id that is not one of this client's rows
 * (another client's, or removed meanwhile) is refused on that row: the form never reaches into another client.
 */
function planRows<F extends { Id?: number | undefined }>(
  list: string,
  submitted: readonly F[],
  stored: readonly { id: number }[],
): RowPlan<F> {
  const ids = new Set(stored.map((r) => r.id));
  const plan: RowPlan<F> = { update: [], insert: [], remove: [] };
  const fields: Record<string, string[]> = {};
  submitted.forEach((row, i) => {
    if (row.Id === undefined) plan.insert.push(row);
    else if (ids.has(row.Id)) plan.update.push(row as F & { Id: number });
    else fields[`${list}.${i}`] = [CLIENT_MSG.rowGone];
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
  const kept = new Set(plan.update.map((r) => r.Id));
  plan.remove = stored.filter((r) => !kept.has(r.id)).map((r) => r.id);
  return plan;
}

/**
 * Saves a client's details (the edit form): name, account number, and its branches, processing cities and
 * cost estimates. Kept rows are updated in place (jobs keep pointing at them), new rows are added, rows left
 * out are removed, except a branch or processing city that jobs use (refused with a message naming it).
 * Unique names (a city's name, an estimate's number) may be swapped between rows in one save.
 */
export async function updateClient(actor: Actor, form: ClientForm): Promise<{ id: number }> {
  const a = authorize(actor, 'clients.manage', staffPolicy);
  const clientId = form.ClientId;
  if (clientId === undefined) throw new NotFoundError(CLIENT_MSG.notFound);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await lockedClient(tx, clientId);
      const dup = await clientDuplicates(tx, form, clientId);
      if (dup) throw new ValidationError(dup, 'A client with this name or account number already exists.');
      const [storedBranches, storedCities, storedEstimates] = await Promise.all([
        tx
          .select({ id: clientBranchAddresses.id, label: clientBranchAddresses.label })
          .from(clientBranchAddresses)
          .where(eq(clientBranchAddresses.clientId, clientId)),
        tx
          .select({ id: processingCities.id, name: processingCities.name })
          .from(processingCities)
          .where(eq(processingCities.clientId, clientId)),
        tx.select({ id: costEstimates.id }).from(costEstimates).where(eq(costEstimates.clientId, clientId)),
      ]);
      const branches = planRows('Branches', form.Branches, storedBranches);
      const cities = planRows('ProcessingCities', form.ProcessingCities, storedCities);
      const estimates = planRows('CostEstimates', form.CostEstimates, storedEstimates);

      const inUse: Record<string, string[]> = {};
      if (branches.remove.length) {
        const used = await tx
          .selectDistinct({ id: jobs.clientBranchAddressId })
          .from(jobs)
          .where(inArray(jobs.clientBranchAddressId, branches.remove));
        const labels = storedBranches
          .filter((b) => used.some((u) => u.id === b.id))
          .map((b) => CLIENT_MSG.branchInUse(b.label));
        if (labels.length) inUse.Branches = labels;
      }
      if (cities.remove.length) {
        const used = await tx
          .selectDistinct({ id: jobs.processingCityId })
          .from(jobs)
          .where(inArray(jobs.processingCityId, cities.remove));
        const names = storedCities
          .filter((c) => used.some((u) => u.id === c.id))
          .map((c) => CLIENT_MSG.cityInUse(c.name));
        if (names.length) inUse.ProcessingCities = names;
      }
      if (Object.keys(inUse).length)
        throw new ValidationError(inUse, 'Some entries are used by jobs and cannot be removed.');

      const t = now();
      await tx
        .update(clients)
        .set({ name: form.Name, accountNumber: form.AccountNumber, updatedAt: t })
        .where(eq(clients.id, clientId));

      if (branches.remove.length)
        await tx.delete(clientBranchAddresses).where(inArray(clientBranchAddresses.id, branches.remove));
      for (const b of branches.update) {
        await tx
          .update(clientBranchAddresses)
          .set({
            label: b.Label,
            address: b.Address,
            extClientBranchId: b.ExtClientBranchId || null,
            isDefault: b.IsDefault,
          })
          .where(eq(clientBranchAddresses.id, b.Id));
      }
      if (branches.insert.length) {
        await tx.insert(clientBranchAddresses).values(
          branches.insert.map((b) => ({
            clientId,
            label: b.Label,
            address: b.Address,
            extClientBranchId: b.ExtClientBranchId || null,
            isDefault: b.IsDefault,
          })),
        );
      }

      // Unique per client: first move every kept row out of the way, so two rows may trade names.
      if (cities.remove.length) await tx.delete(processingCities).where(inArray(processingCities.id, cities.remove));
      if (cities.update.length) {
        const kept = cities.update.map((c) => c.Id);
        await tx
          .update(processingCities)
          .set({ name: sql`'(renaming ' || ${processingCities.id} || ')'` })
          .where(inArray(processingCities.id, kept));
        for (const c of cities.update)
          await tx.update(processingCities).set({ name: c.Name }).where(eq(processingCities.id, c.Id));
      }
      if (cities.insert.length)
        await tx.insert(processingCities).values(cities.insert.map((c) => ({ clientId, name: c.Name })));

      if (estimates.remove.length) await tx.delete(costEstimates).where(inArray(costEstimates.id, estimates.remove));
      if (estimates.update.length) {
        const kept = estimates.update.map((e) => e.Id);
        await tx
          .update(costEstimates)
          .set({ number: sql`'(renaming ' || ${costEstimates.id} || ')'` })
          .where(inArray(costEstimates.id, kept));
        for (const e of estimates.update) {
          await tx
            .update(costEstimates)
            .set({ number: e.Number, description: e.Description || null, amount: e.Amount || null })
            .where(eq(costEstimates.id, e.Id));
        }
      }
      if (estimates.insert.length) {
        await tx.insert(costEstimates).values(
          estimates.insert.map((e) => ({
            clientId,
            number: e.Number,
            description: e.Description || null,
            amount: e.Amount || null,
            createdAt: t,
          })),
        );
      }

      await recordAudit(tx, userPrincipal(a), {
        action: 'ops.client.updated',
        clientId,
        targetType: 'client',
        targetId: clientId,
        details: {
          name: form.Name,
          accountNumber: form.AccountNumber,
          branches: { kept: branches.update.length, added: branches.insert.length, removed: branches.remove.length },
          cities: { kept: cities.update.length, added: cities.insert.length, removed: cities.remove.length },
          costEstimates: {
            kept: estimates.update.length,
            added: estimates.insert.length,
            removed: estimates.remove.length,
          },
        },
      });
      return { id: clientId };
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new ValidationError(
        { AccountNumber: [CLIENT_MSG.accountExists] },
        'A client with this name or account number already exists.',
      );
    throw e;
  }
}

const NO_PASSWORD = INVITED_PASSWORD;

async function lockedClient(q: Queryable, clientId: number) {
  const [c] = await q
    .select({ id: clients.id, name: clients.name, isActive: clients.isActive })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)))
    .for('update')
    .limit(1);
  if (!c) throw new NotFoundError(CLIENT_MSG.notFound);
  return c;
}

/**
 * Invites a client administrator (role 4): creates the user without a usable password, and e-mails (through
 * the outbox, in the same transaction) a set-password link valid INVITE_TTL_HOURS and single-use, which opens
 * the first-time password page. Inviting again the same user (still without a password) sends a new link and
 * voids the old one.
 */
export async function inviteClientAdmin(actor: Actor, form: InviteAdmin): Promise<{ userId: number }> {
  const a = authorize(actor, 'clients.manage', staffPolicy);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const c = await lockedClient(tx, form.ClientId);
      if (!c.isActive) throw new ConflictError(CLIENT_MSG.suspended);
      const [sameName] = await tx
        .select({
          id: users.id,
          clientId: users.clientId,
          role: users.role,
          isActive: users.isActive,
          passwordHash: users.passwordHash,
          email: users.email,
        })
        .from(users)
        .where(sql`lower(${users.userName}) = ${identityKey(form.UserName)}`)
        .limit(1);
      let userId: number;
      const t = now();
      if (
        sameName &&
        sameName.clientId === c.id &&
        sameName.role === CLIENT_ADMIN_ROLE &&
        sameName.isActive &&
        sameName.passwordHash === NO_PASSWORD
      ) {
        // A new invitation for an administrator who has not set a password yet.
        userId = sameName.id;
        await tx
          .update(users)
          .set({
            firstName: form.FirstName,
            lastName: form.LastName,
            email: form.EmailId,
            phone: form.Phone,
            timeZone: form.TimeZoneId,
            updatedAt: t,
            updatedById: a.userId,
          })
          .where(eq(users.id, userId));
      } else {
        // Anyone else with the name, or an active user with the address: refused by the one rule.
        userId = await createUser(tx, {
          ...userFieldsOf(form),
          clientId: c.id,
          role: CLIENT_ADMIN_ROLE,
          passwordHash: NO_PASSWORD,
          mustChangePassword: true,
          createdById: a.userId,
        });
      }
      await sendInvitation(tx, {
        userId,
        to: form.EmailId,
        name: `${form.FirstName} ${form.LastName}`,
        userName: form.UserName,
        why: `You have been made the administrator of ${c.name} on the JMS Portal, where your firm orders and follows its jobs and sees its invoices.`,
        askAgain: 'ask us for a new invitation',
      });
      await recordAudit(tx, userPrincipal(a), {
        action: 'ops.client.admin_invited',
        clientId: c.id,
        targetType: 'user',
        targetId: userId,
        details: { userName: form.UserName, resent: userId === sameName?.id },
      });
      return { userId };
    });
  } catch (e) {
    if (e instanceof UserTakenError) throw new ValidationError(e.fields, USER_TAKEN_MSG.either);
    if (isUniqueViolation(e)) throw new ValidationError({ UserName: [USER_TAKEN_MSG.userName] });
    throw e;
  }
}

/** Ends every open session of the client's users (one statement). */
async function revokeClientSessions(q: Queryable, clientId: number): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now() })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(sessions.userId, q.select({ id: users.id }).from(users).where(eq(users.clientId, clientId))),
      ),
    );
}

/** Suspends a client: its users cannot sign in, and their sessions end now. Nothing is deleted. Idempotent. */
export async function suspendClient(actor: Actor, clientId: number): Promise<void> {
  const a = authorize(actor, 'clients.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const c = await lockedClient(tx, clientId);
    if (!c.isActive) return;
    const t = now();
    await tx.update(clients).set({ isActive: false, suspendedAt: t, updatedAt: t }).where(eq(clients.id, clientId));
    await revokeClientSessions(tx, clientId);
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.client.suspended',
      clientId,
      targetType: 'client',
      targetId: clientId,
    });
  });
}

/** Lifts a suspension: the client's active users can sign in again. Idempotent. */
export async function reinstateClient(actor: Actor, clientId: number): Promise<void> {
  const a = authorize(actor, 'clients.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const c = await lockedClient(tx, clientId);
    if (c.isActive) return;
    const t = now();
    await tx.update(clients).set({ isActive: true, suspendedAt: null, updatedAt: t }).where(eq(clients.id, clientId));
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.client.reinstated',
      clientId,
      targetType: 'client',
      targetId: clientId,
    });
  });
}

/**
 * Deletes a client (role 1 only): refused (409) while it has jobs or invoices; otherwise a soft delete (see
 * the module comment), with its users deactivated and their sessions ended.
 */
export async function deleteClient(actor: Actor, clientId: number): Promise<void> {
  const a = authorize(actor, 'clients.delete', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const c = await lockedClient(tx, clientId);
    const [hasData] = await tx
      .select({ yes: sql<boolean>`true` })
      .from(clients)
      .where(
        and(
          eq(clients.id, clientId),
          or(
            exists(
              tx
                .select({ one: sql`1` })
                .from(jobs)
                .where(eq(jobs.clientId, clientId)),
            ),
            exists(
              tx
                .select({ one: sql`1` })
                .from(invoices)
                .where(eq(invoices.clientId, clientId)),
            ),
          ),
        ),
      );
    if (hasData) throw new ConflictError(CLIENT_MSG.deleteHasData);
    const t = now();
    await tx
      .update(clients)
      .set({ isActive: false, suspendedAt: t, deletedAt: t, updatedAt: t })
      .where(eq(clients.id, clientId));
    await tx
      .update(users)
      .set({ isActive: false, deactivatedAt: t, updatedAt: t, updatedById: a.userId })
      .where(and(eq(users.clientId, clientId), eq(users.isActive, true)));
    await revokeClientSessions(tx, clientId);
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.client.deleted',
      clientId,
      targetType: 'client',
      targetId: clientId,
      details: { name: c.name },
    });
  });
}
