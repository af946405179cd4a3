/**
 * Test data factories with overrides. Each test makes its own client (tenant), so tests never
 * depend on each other's rows. Reference data (statuses, order types...) is seeded on first use.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getDb, rowsOf, type Queryable } from '@/db/client';
import {
  clientBranchAddresses,
  clients,
  costEstimates,
  invoiceLineItems,
  invoices,
  jobs,
  matterReferences,
  users,
} from '@/db/schema';
import { seedReference } from '@/scripts/seed/reference';
import type { Actor } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/password';
import { createSession, issueLegacyToken } from '@/lib/auth/session';
import type { RoleId } from '@/lib/reference';

export const TEST_PASSWORD = 'Correct#Horse9Battery';

const uid = () => randomBytes(4).toString('hex');
const seeded = new WeakSet<object>();
let passwordHash: Promise<string> | undefined;

async function db(q?: Queryable): Promise<Queryable> {
  const d = q ?? (await getDb());
  if (!seeded.has(d)) {
    await seedReference(d);
    seeded.add(d);
  }
  return d;
}

export type ClientRow = typeof clients.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

export async function makeClient(over: Partial<typeof clients.$inferInsert> = {}, q?: Queryable) {
  const d = await db(q);
  const id = uid();
  const [client] = await d
    .insert(clients)
    .values({ name: `Client ${id}`, accountNumber: `AC${id}`, ...over })
    .returning();
  if (!client) throw new Error('client not created');
  const branches = await d
    .insert(clientBranchAddresses)
    .values([
      { clientId: client.id, label: 'Head office', address: `1 ${id} Street, Sydney NSW 2000`, isDefault: true },
      { clientId: client.id, label: 'Branch', address: `2 ${id} Road, Parramatta NSW 2150` },
    ])
    .returning();
  await d.insert(costEstimates).values([
    { clientId: client.id, number: '7001' },
    { clientId: client.id, number: '7002' },
  ]);
  await d.insert(matterReferences).values([
    { clientId: client.id, reference: `MAT-${id}-1` },
    { clientId: client.id, reference: `MAT-${id}-2` },
  ]);
  return { ...client, branches };
}

/** The client's first branch (the head office `makeClient` makes), the one order tests send their jobs from. */
export async function firstBranchOf(
  clientId: number,
  q?: Queryable,
): Promise<typeof clientBranchAddresses.$inferSelect> {
  const [branch] = await (
    await db(q)
  )
    .select()
    .from(clientBranchAddresses)
    .where(eq(clientBranchAddresses.clientId, clientId))
    .orderBy(asc(clientBranchAddresses.id))
    .limit(1);
  if (!branch) throw new Error(`client ${clientId} has no branch`);
  return branch;
}

export async function makeUser(
  over: Partial<typeof users.$inferInsert> & { password?: string } = {},
  q?: Queryable,
): Promise<UserRow> {
  const d = await db(q);
  const { password, ...rest } = over;
  const name = rest.userName ?? `user.${uid()}`;
  const hash = password ? await hashPassword(password) : await (passwordHash ??= hashPassword(TEST_PASSWORD));
  const [user] = await d
    .insert(users)
    .values({
      userName: name,
      firstName: 'Test',
      lastName: 'User',
      email: `${name}@example.com`,
      phone: '(02)9000-1234',
      role: 3,
      timeZone: 'Australia/Sydney',
      passwordHash: hash,
      enableTour: false,
      ...rest,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/**
 * Inserts a row naming only the given columns. A migration test's database stops at an earlier migration, and it
 * lacks the columns added since, which Drizzle's insert names all of. Answers the row by property name.
 */
async function insertColumns<T extends PgTable>(
  q: Queryable,
  table: T,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const cols = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  const names = keys.map((k) => sql.identifier(cols[k]?.name ?? k));
  const params = keys.map((k) => sql`${values[k]}`);
  const [row] = rowsOf<Record<string, unknown>>(
    await q.execute(
      sql`insert into ${table} (${sql.join(names, sql`, `)}) values (${sql.join(params, sql`, `)}) returning *`,
    ),
  );
  if (!row) throw new Error('row not inserted');
  const out: Record<string, unknown> = {};
  for (const [key, c] of Object.entries(cols)) if (c.name in row) out[key] = row[c.name];
  return out;
}

/** A client on a database migrated only so far (migration tests): its name and account number. */
export async function makeClientAtMigration(q: Queryable): Promise<{ id: number }> {
  const d = await db(q);
  const id = uid();
  return (await insertColumns(d, clients, { name: `Client ${id}`, accountNumber: `AC${id}` })) as { id: number };
}

/** A user on a database migrated only so far (migration tests): the columns makeUser sets, and the overrides. */
export async function makeUserAtMigration(over: Partial<typeof users.$inferInsert>, q: Queryable): Promise<UserRow> {
  const d = await db(q);
  const name = over.userName ?? `user.${uid()}`;
  const hash = await (passwordHash ??= hashPassword(TEST_PASSWORD));
  const row = await insertColumns(d, users, {
    userName: name,
    firstName: 'Test',
    lastName: 'User',
    email: `${name}@example.com`,
    phone: '(02)9000-1234',
    role: 3,
    timeZone: 'Australia/Sydney',
    passwordHash: hash,
    enableTour: false,
    ...over,
  });
  return row as unknown as UserRow;
}

export async function makeJob(
  over: Partial<typeof jobs.$inferInsert> & { clientId: number },
  q?: Queryable,
): Promise<JobRow> {
  const d = await db(q);
  const ready = over.readyAt ?? new Date(Date.now() + 3_600_000);
  const [job] = await d
    .insert(jobs)
    .values({
      orderType: 4,
      status: 12,
      description: 'Data Processing – test job',
      contactName: 'Test Contact',
      email: 'contact@example.com',
      contactPhone: '(02)9000-1234',
      matterReference: `MAT-${uid()}`,
      address: '1 Test Street, Sydney NSW 2000',
      readyAt: ready,
      dueAt: new Date(ready.getTime() + 2 * 3_600_000),
      instructionBlock: { kind: 'collection', CollectionDescription: 'Test' },
      ...over,
    })
    .returning();
  if (!job) throw new Error('job not created');
  return job;
}

export async function makeInvoice(
  over: Partial<typeof invoices.$inferInsert> & {
    clientId: number;
    lines?: { extStockId: string; quantity: string; unitPrice: string; description?: string }[];
  },
  q?: Queryable,
) {
  const d = await db(q);
  const { lines = [{ extStockId: 'EZ999', quantity: '100', unitPrice: '0.1200' }], ...rest } = over;
  const amount = lines.reduce((s, l) => s + Number(l.quantity) * Number(l.unitPrice), 0).toFixed(2);
  const [inv] = await d
    .insert(invoices)
    .values({
      jmsNumber: `9${uid()}`,
      invoiceNumber: `INV-${uid()}`,
      amount,
      currencyCode: 'AUD',
      issueDate: new Date().toISOString().slice(0, 10),
      ...rest,
    })
    .returning();
  if (!inv) throw new Error('invoice not created');
  await d.insert(invoiceLineItems).values(
    lines.map((l) => ({
      invoiceId: inv.id,
      extStockId: l.extStockId,
      description: l.description ?? l.extStockId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: (Number(l.quantity) * Number(l.unitPrice)).toFixed(2),
    })),
  );
  return inv;
}

/** makeInvoice on a database migrated only so far (migration tests): names only the columns it sets. */
export async function makeInvoiceAtMigration(
  over: Partial<typeof invoices.$inferInsert> & {
    clientId: number;
    lines?: { extStockId: string; quantity: string; unitPrice: string; description?: string }[];
  },
  q: Queryable,
): Promise<{ id: number }> {
  const d = await db(q);
  const { lines = [{ extStockId: 'EZ999', quantity: '100', unitPrice: '0.1200' }], ...rest } = over;
  const amount = lines.reduce((s, l) => s + Number(l.quantity) * Number(l.unitPrice), 0).toFixed(2);
  const inv = (await insertColumns(d, invoices, {
    jmsNumber: `9${uid()}`,
    invoiceNumber: `INV-${uid()}`,
    amount,
    currencyCode: 'AUD',
    issueDate: new Date().toISOString().slice(0, 10),
    ...rest,
  })) as { id: number };
  for (const l of lines)
    await insertColumns(d, invoiceLineItems, {
      invoiceId: inv.id,
      extStockId: l.extStockId,
      description: l.description ?? l.extStockId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: (Number(l.quantity) * Number(l.unitPrice)).toFixed(2),
    });
  return inv;
}

/** A client with a user of the given role, signed in: the actor, a legacy bearer token. */
export async function signedIn(
  role: RoleId = 3,
  clientId?: number,
): Promise<{ actor: Actor; token: string; user: UserRow; clientId: number }> {
  const cid = clientId ?? (await makeClient()).id;
  const user = await makeUser({ clientId: cid, role });
  const d = await db();
  const session = await createSession(d, user.id);
  const token = await issueLegacyToken(session, user.role);
  return {
    actor: {
      userId: user.id,
      clientId: cid,
      role,
      userName: user.userName,
      timeZone: user.timeZone,
      sessionId: session.id,
    },
    token,
    user,
    clientId: cid,
  };
}

/** A member of the provider's staff (role 1 or 2, no client), signed in: the actor and a legacy bearer token. */
export async function signedInStaff(role: 1 | 2 = 2): Promise<{ actor: Actor; token: string; user: UserRow }> {
  const user = await makeUser({
    clientId: null,
    role,
    firstName: role === 1 ? 'Avery' : 'Oakley',
    lastName: role === 1 ? 'Admin' : 'Operator',
  });
  const session = await createSession(await db(), user.id);
  const token = await issueLegacyToken(session, user.role);
  return {
    actor: {
      userId: user.id,
      clientId: null,
      role,
      userName: user.userName,
      timeZone: user.timeZone,
      sessionId: session.id,
    },
    token,
    user,
  };
}
