/**
 * `db:seed -- --jobs N`: N generated jobs spread over the demo clients and generated clients.
 * Harbour & Vale gets a quarter (at least 200,000 of a million), Northgate 5%, the rest is spread
 * over generated clients of about 15,000 jobs each. Set-based, in batches. Each delivered generated job gets an
 * invoice (Harbour & Vale about 19,000 of them), and Harbour & Vale gets BULK_USERS more users, so the invoice
 * and user lists are measured at the same scale as the job list (npm run bench -- jobs-list).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '@/db/client';
import {
  clientBranchAddresses,
  clients,
  costEstimates,
  jobs,
  matterReferences,
  passwordHistory,
  users,
} from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { DEMO_CLIENTS } from './demo';
import { generateJobs } from './jobs';

const BATCH = 50_000;
/** Extra users of Harbour & Vale (a large firm's staff), named hv.bulk0001…. */
export const BULK_USERS = 500;

interface Target {
  clientId: number;
  count: number;
}

async function clientContext(q: Queryable, clientId: number) {
  const userRows = await q.select({ id: users.id }).from(users).where(eq(users.clientId, clientId));
  const branchRows = await q
    .select({ id: clientBranchAddresses.id, address: clientBranchAddresses.address })
    .from(clientBranchAddresses)
    .where(eq(clientBranchAddresses.clientId, clientId));
  const refs = await q
    .select({ r: matterReferences.reference })
    .from(matterReferences)
    .where(eq(matterReferences.clientId, clientId));
  const ests = await q
    .select({ n: costEstimates.number })
    .from(costEstimates)
    .where(eq(costEstimates.clientId, clientId));
  return {
    userIds: userRows.map((u) => u.id),
    branches: branchRows,
    matterReferences: refs.map((r) => r.r),
    costEstimates: ests.map((e) => e.n),
  };
}

async function ensureGeneratedClients(q: Queryable, count: number, password: string): Promise<number[]> {
  const existing = await q
    .select({ id: clients.id, account: clients.accountNumber })
    .from(clients)
    .where(sql`${clients.accountNumber} like 'GEN%'`)
    .orderBy(clients.accountNumber);
  const ids = existing.map((e) => e.id);
  const hash = await hashPassword(password);
  for (let i = existing.length; i < count; i++) {
    const n = String(i + 1).padStart(4, '0');
    const [c] = await q
      .insert(clients)
      .values({ name: `Generated Client ${n}`, accountNumber: `GEN${n}` })
      .returning({ id: clients.id });
    if (!c) throw new Error('client not created');
    await q.insert(clientBranchAddresses).values([
      { clientId: c.id, label: 'Head office', address: `${i + 1} George Street, Sydney NSW 2000`, isDefault: true },
      { clientId: c.id, label: 'Branch office', address: `${i + 1} Pitt Street, Sydney NSW 2000` },
    ]);
    await q.insert(matterReferences).values(
      Array.from({ length: 50 }, (_, k) => ({
        clientId: c.id,
        reference: `GEN${n}-M${String(k + 1).padStart(4, '0')}`,
      })),
    );
    await q.insert(costEstimates).values([{ clientId: c.id, number: `9${n}` }]);
    const [u] = await q
      .insert(users)
      .values({
        clientId: c.id,
        userName: `gen${n}.user`,
        firstName: 'Generated',
        lastName: `User ${n}`,
        email: `gen${n}.user@example.com`,
        role: 3,
        passwordHash: hash,
      })
      .returning({ id: users.id, passwordChangedAt: users.passwordChangedAt });
    // The starting password is in the history, as the first of the user's last 10.
    if (u) await q.insert(passwordHistory).values({ userId: u.id, passwordHash: hash, createdAt: u.passwordChangedAt });
    ids.push(c.id);
  }
  return ids;
}

export async function seedBulkJobs(
  q: Queryable,
  total: number,
  password: string,
  log: (s: string) => void = () => undefined,
): Promise<void> {
  const demo = await q.select({ id: clients.id, account: clients.accountNumber }).from(clients);
  const hv = demo.find((c) => c.account === DEMO_CLIENTS[0].accountNumber);
  const ng = demo.find((c) => c.account === DEMO_CLIENTS[1].accountNumber);
  if (!hv || !ng) throw new Error('seed the demo data first');
  const hvCount = Math.ceil(total * 0.25);
  const ngCount = Math.floor(total * 0.05);
  const rest = total - hvCount - ngCount;
  const generatedCount = rest > 0 ? Math.max(1, Math.ceil(rest / 15_000)) : 0;
  const genIds = await ensureGeneratedClients(q, generatedCount, password);
  const targets: Target[] = [
    { clientId: hv.id, count: hvCount },
    { clientId: ng.id, count: ngCount },
    ...genIds.slice(0, generatedCount).map((id, i) => ({
      clientId: id,
      count: Math.floor(rest / generatedCount) + (i < rest % generatedCount ? 1 : 0),
    })),
  ];
  const [{ maxJob } = { maxJob: 0 }] = await q
    .select({ maxJob: sql<number>`coalesce(max(${jobs.id}), 0)`.mapWith(Number) })
    .from(jobs);
  // Series values continue above what the demo used so the generated data differs.
  let offset = 1000;
  for (const t of targets) {
    if (t.count <= 0) continue;
    const ctx = await clientContext(q, t.clientId);
    for (let done = 0; done < t.count; done += BATCH) {
      const n = Math.min(BATCH, t.count - done);
      await generateJobs(q, {
        clientId: t.clientId,
        from: offset,
        to: offset + n - 1,
        spreadSeconds: 3 * 365 * 24 * 3600,
        ...ctx,
      });
      offset += n;
    }
    log(`  client ${t.clientId}: ${t.count} jobs`);
  }
  await seedBulkInvoicesAndUsers(q, hv.id, maxJob, password, log);
}

/** An invoice per delivered job with an id above `afterJobId`, and BULK_USERS more users of `clientId`. */
export async function seedBulkInvoicesAndUsers(
  q: Queryable,
  clientId: number,
  afterJobId: number,
  password: string,
  log: (s: string) => void = () => undefined,
): Promise<void> {
  // An invoice per delivered generated job, issued on its delivery day; a third paid.
  await q.execute(sql`
    insert into invoices (client_id, job_id, jms_number, matter_reference, invoice_number, amount, issue_date, due_date, is_paid)
    select j.client_id, j.id, j.jms_number, j.matter_reference, 'GEN-INV-' || lpad(j.id::text, 9, '0'),
      (50 + (j.id::bigint * 7919) % 500000 / 100.0)::numeric(12, 2),
      (j.delivered_at at time zone 'Australia/Sydney')::date, (j.delivered_at at time zone 'Australia/Sydney')::date + 30,
      j.id % 3 = 0
    from jobs j where j.id > ${afterJobId} and j.status = 8 and j.delivered_at is not null
    on conflict do nothing`);
  const hash = await hashPassword(password);
  await q.execute(sql`
    insert into users (client_id, user_name, first_name, last_name, email, phone, role, password_hash, enable_tour)
    select ${clientId}, 'hv.bulk' || lpad(g::text, 4, '0'), (${pgTextArray(FIRST_NAMES)}::text[])[1 + g % ${FIRST_NAMES.length}],
      'Bulk ' || lpad(g::text, 4, '0'), 'hv.bulk' || lpad(g::text, 4, '0') || '@example.com', '(02)9' || lpad((g * 7919 % 10000000)::text, 7, '0'),
      3 + g % 6, ${hash}, false
    from generate_series(1, ${BULK_USERS}) g
    on conflict do nothing`);
  // Their starting password is in their history, as the first of their last 10.
  await q.execute(sql`
    insert into password_history (user_id, password_hash, created_at)
    select u.id, u.password_hash, u.password_changed_at from users u
    where u.client_id = ${clientId} and u.user_name like 'hv.bulk%'
      and not exists (select 1 from password_history h where h.user_id = u.id and h.password_hash = u.password_hash)`);
  log(`  invoices for delivered jobs, ${BULK_USERS} more users of client ${clientId}`);
}

const FIRST_NAMES = ['Olivia', 'James', 'Priya', 'Liam', 'Sofia', 'Noah', 'Mei', 'Ethan', 'Amelia', 'Lucas'];
const pgTextArray = (xs: string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;

/**
 * After a bulk load: VACUUM ANALYZE, so the database is ready to serve at once. VACUUM sets the visibility map
 * (without it the list's index-only scans read the heap, and the planner prefers sequential scans) and
 * ANALYZE the statistics the plans are chosen by. Not in a transaction (VACUUM refuses one).
 */
export async function readyToServe(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
