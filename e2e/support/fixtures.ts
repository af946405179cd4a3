/**
 * Extra users for e2e specs that change a user's state (failed attempts, captcha, password
 * changes), so they never disturb the demo users other specs sign in with, and a third client
 * whose orderer creates jobs, so the demo clients' job counts stay what the job-list specs
 * expect. Created through the real database after the demo seed, before the server starts.
 * Their password is the demo one.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getHandle } from '@/db/client';
import { DEMO_CLIENTS } from '@/scripts/seed/demo';
import {
  clientBranchAddresses,
  clientPrices,
  clients,
  clientSecurityPolicies,
  costEstimates,
  documents,
  matterReferences,
  processingCities,
  userJobAlerts,
} from '@/db/schema';
import { config } from '@/lib/config';
import { fileStorage, newStorageKey } from '@/lib/documents/storage';
import { makeJob, makeUser } from '@/test/factories';
import { mailFixtures } from './fixtures-mail';
import { viewsAndReportsFixtures } from './fixtures-views';
import { workingDayFixtures } from './fixtures-working-day';

export const E2E_USERS = [
  { userName: 'e2e.failures', role: 6, firstName: 'Failing', lastName: 'Attempts' },
  { userName: 'e2e.captcha', role: 7, firstName: 'Captcha', lastName: 'Solver' },
  { userName: 'e2e.otp', role: 5, firstName: 'One-Time', lastName: 'Passcode' },
  { userName: 'e2e.settings', role: 3, firstName: 'Settings', lastName: 'Changer' },
  { userName: 'e2e.triple', role: 3, firstName: 'Credential', lastName: 'Triple' },
  { userName: 'e2e.totp.api', role: 3, firstName: 'Legacy', lastName: 'Authenticator' },
  { userName: 'e2e.totp.web', role: 4, firstName: 'Browser', lastName: 'Authenticator' },
] as const;

/** A user whose password expires in 10 days (the password-expiry notice). */
export const E2E_EXPIRY_USER = {
  userName: 'e2e.expiry',
  role: 3,
  firstName: 'Expiring',
  lastName: 'Password',
  passwordAgeDays: 80,
} as const;

async function main() {
  const handle = await getHandle();
  const [hv] = await handle.db.select().from(clients).where(eq(clients.accountNumber, DEMO_CLIENTS[0].accountNumber));
  if (!hv) throw new Error('demo data missing');
  for (const u of E2E_USERS) {
    await makeUser(
      { ...u, clientId: hv.id, email: `${u.userName}@example.com`, password: config().DEMO_PASSWORD },
      handle.db,
    );
  }
  const { passwordAgeDays, ...expiring } = E2E_EXPIRY_USER;
  await makeUser(
    {
      ...expiring,
      clientId: hv.id,
      email: `${expiring.userName}@example.com`,
      password: config().DEMO_PASSWORD,
      passwordChangedAt: new Date(Date.now() - passwordAgeDays * 86_400_000),
    },
    handle.db,
  );
  await orderingClient(handle.db);
  await fuzzingClient(handle.db);
  await activityFixtures(handle.db, hv.id);
  await integrationClient(handle.db);
  await opsDayFixtures(handle.db);
  await deliveryClient(handle.db);
  await liveClients(handle.db);
  await viewsAndReportsFixtures(handle.db);
  await billingClient(handle.db);
  await idleClient(handle.db);
  await slipClient(handle.db);
  await mailFixtures(handle.db);
  await workingDayFixtures(handle.db);
  await handle.close();
}

/** Coastline Legal: the client whose user (e2e.orderer, role 6) places the e2e orders. */
async function orderingClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Coastline Legal', accountNumber: 'CL3003' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values([
    {
      clientId: c.id,
      label: 'Sydney office',
      address: 'Level 3, 10 Bridge Street, Sydney NSW 2000',
      isDefault: true,
      extClientBranchId: 'CL3003-B1',
    },
    {
      clientId: c.id,
      label: 'Newcastle office',
      address: '45 Hunter Street, Newcastle NSW 2300',
      extClientBranchId: 'CL3003-B2',
    },
  ]);
  await db.insert(processingCities).values([{ clientId: c.id, name: 'Sydney' }]);
  await db.insert(costEstimates).values([5000, 5007, 5014].map((n) => ({ clientId: c.id, number: String(n) })));
  await db.insert(matterReferences).values(
    Array.from({ length: 12 }, (_, i) => ({
      clientId: c.id,
      reference: `CL-2024-${String(100 + i * 17).padStart(4, '0')}`,
    })),
  );
  await makeUser(
    {
      userName: 'e2e.orderer',
      role: 6,
      firstName: 'Olive',
      lastName: 'Orderer',
      clientId: c.id,
      email: 'e2e.orderer@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  // The orderer of the order-changes and messages e2e (orders-changes.spec.ts, orders-messages.spec.ts).
  await makeUser(
    {
      userName: 'e2e.drafter',
      role: 6,
      firstName: 'Drew',
      lastName: 'Drafter',
      clientId: c.id,
      email: 'e2e.drafter@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  // The orderer of the several-files and drafts e2e (orders-files-drafts.spec.ts): its draft is its own (a job any
  // other spec orders as the same user would end that user's draft while the drafts spec runs beside it).
  await makeUser(
    {
      userName: 'e2e.drafts',
      role: 6,
      firstName: 'Dora',
      lastName: 'Drafts',
      clientId: c.id,
      email: 'e2e.drafts@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  // The orderer of the dialogs' accessibility e2e (a11y-dialogs.spec.ts): the order it starts and never saves is its own draft.
  await makeUser(
    {
      userName: 'e2e.dialogs',
      role: 6,
      firstName: 'Dee',
      lastName: 'Dialogs',
      clientId: c.id,
      email: 'e2e.dialogs@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  // The user whose job alerts the staff workflow e2e (ops-workflow.spec.ts) checks.
  await makeUser(
    {
      userName: 'e2e.alerts',
      role: 3,
      firstName: 'Alert',
      lastName: 'Watcher',
      clientId: c.id,
      email: 'e2e.alerts@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
}

/** Fuzzing Legal: the client of the API fuzzer's user (e2e.fuzzer, role 4), so whatever the fuzzer creates stays there. */
async function fuzzingClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Fuzzing Legal', accountNumber: 'FZ4004' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values([
    {
      clientId: c.id,
      label: 'Head office',
      address: '1 Test Lane, Sydney NSW 2000',
      isDefault: true,
      extClientBranchId: 'FZ4004-B1',
    },
  ]);
  await db.insert(costEstimates).values([{ clientId: c.id, number: '7000' }]);
  await makeUser(
    {
      userName: 'e2e.fuzzer',
      role: 4,
      firstName: 'Fuzz',
      lastName: 'Tester',
      clientId: c.id,
      email: 'e2e.fuzzer@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
}

/**
 * Issue 17: Kestrel Legal, whose administrator reads its user's activity; in Harbour & Vale a locked user to unlock; and
 * Riverbend Legal, whose administrator turns on "require two-factor" (a policy no other spec's client has).
 */
async function activityFixtures(db: Awaited<ReturnType<typeof getHandle>>['db'], hvId: number) {
  const password = config().DEMO_PASSWORD;
  // Kestrel Legal: the firm whose user orders and exports while its administrator reads the activity, so that
  // order never changes the demo firms' job counts other specs assert.
  const [kl] = await db.insert(clients).values({ name: 'Kestrel Legal', accountNumber: 'KL5005' }).returning();
  if (!kl) throw new Error('client not created');
  await db
    .insert(clientBranchAddresses)
    .values([{ clientId: kl.id, label: 'Head office', address: '8 Kestrel Way, Chatswood NSW 2067', isDefault: true }]);
  await makeUser(
    {
      userName: 'e2e.activity',
      role: 3,
      firstName: 'Active',
      lastName: 'Orderer',
      clientId: kl.id,
      email: 'e2e.activity@example.com',
      password,
    },
    db,
  );
  await makeUser(
    {
      userName: 'e2e.activity.admin',
      role: 4,
      firstName: 'Kestrel',
      lastName: 'Admin',
      clientId: kl.id,
      email: 'e2e.activity.admin@example.com',
      password,
    },
    db,
  );
  await makeUser(
    {
      userName: 'e2e.locked',
      role: 3,
      firstName: 'Locked',
      lastName: 'Out',
      clientId: hvId,
      email: 'e2e.locked@example.com',
      password,
      isLocked: true,
      failedLoginAttempts: 5,
      lockedAt: new Date(),
    },
    db,
  );
  const [rb] = await db.insert(clients).values({ name: 'Riverbend Legal', accountNumber: 'RB4004' }).returning();
  if (!rb) throw new Error('client not created');
  await db
    .insert(clientBranchAddresses)
    .values([{ clientId: rb.id, label: 'Head office', address: '1 River Road, Parramatta NSW 2150', isDefault: true }]);
  await makeUser(
    {
      userName: 'e2e.rb.admin',
      role: 4,
      firstName: 'River',
      lastName: 'Admin',
      clientId: rb.id,
      email: 'e2e.rb.admin@example.com',
      password,
    },
    db,
  );
  await makeUser(
    {
      userName: 'e2e.rb.user',
      role: 3,
      firstName: 'River',
      lastName: 'User',
      clientId: rb.id,
      email: 'e2e.rb.user@example.com',
      password,
    },
    db,
  );
}

/**
 * Issue 14: Osprey Legal, whose user (e2e.integrator, role 3, e-mailed when a job is Started) orders the job the
 * provider's system then moves through /api/v1 (e2e/integration.spec.ts), so no other spec's counts change.
 */
async function integrationClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Osprey Legal', accountNumber: 'OS6006' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values([
    {
      clientId: c.id,
      label: 'Head office',
      address: '6 Osprey Street, Sydney NSW 2000',
      isDefault: true,
      extClientBranchId: 'OS6006-B1',
    },
  ]);
  await db.insert(processingCities).values([{ clientId: c.id, name: 'Sydney' }]);
  const u = await makeUser(
    {
      userName: 'e2e.integrator',
      role: 3,
      firstName: 'Ivy',
      lastName: 'Integrator',
      clientId: c.id,
      email: 'e2e.integrator@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  await db.insert(userJobAlerts).values({ userId: u.id, jobStatusId: 2 });
}

/**
 * Issue 30 (e2e/ops-day.spec.ts): Bulkhead Legal with ten jobs to move at once (nine Submitted, one Delivered, whose
 * move is refused), and two staff users: e2e.ops.day, who signs in and acts, and e2e.ops.owner, who is given jobs.
 */
async function opsDayFixtures(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Bulkhead Legal', accountNumber: 'BH7007' }).returning();
  if (!c) throw new Error('client not created');
  const ready = new Date(Date.now() + 24 * 3_600_000);
  for (let i = 1; i <= 10; i++) {
    const delivered = i === 10;
    await makeJob(
      {
        clientId: c.id,
        status: delivered ? 8 : 12,
        matterReference: `BH-${String(i).padStart(2, '0')}`,
        readyAt: ready,
        dueAt: new Date(ready.getTime() + 4 * 3_600_000),
        deliveredAt: delivered ? new Date() : null,
      },
      db,
    );
  }
  const password = config().DEMO_PASSWORD;
  await makeUser(
    {
      userName: 'e2e.ops.day',
      role: 2,
      firstName: 'Dana',
      lastName: 'Dispatcher',
      clientId: null,
      email: 'e2e.ops.day@example.com',
      password,
    },
    db,
  );
  await makeUser(
    {
      userName: 'e2e.ops.owner',
      role: 2,
      firstName: 'Owen',
      lastName: 'Owner',
      clientId: null,
      email: 'e2e.ops.owner@example.com',
      password,
    },
    db,
  );
}

/**
 * e2e/keyboard.spec.ts, the staff area: Keyway Legal with four jobs Ready For Delivery and no delivered file
 * (KW-01 to KW-04), which staff.operator sets to Delivered (on the job page, after attaching a file, and in bulk) and
 * then assigns in bulk.
 */
async function deliveryClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Keyway Legal', accountNumber: 'KW7008' }).returning();
  if (!c) throw new Error('client not created');
  const ready = new Date(Date.now() + 24 * 3_600_000);
  for (let i = 1; i <= 4; i++) {
    await makeJob(
      {
        clientId: c.id,
        status: 4,
        matterReference: `KW-0${i}`,
        readyAt: ready,
        dueAt: new Date(ready.getTime() + 4 * 3_600_000),
      },
      db,
    );
  }
}

/**
 * News as it happens (e2e/live.spec.ts): Heron Legal, whose user (e2e.live, role 3) watches its jobs while staff
 * change them and whose administrator (e2e.live.colleague, following the firm's jobs) hears of the user's own
 * cancellation, and Ibis Legal, whose user (e2e.live.other) must never hear of it. Their jobs are
 * theirs alone, so no other spec's counts change.
 */
async function liveClients(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const password = config().DEMO_PASSWORD;
  for (const [name, account, userName, first] of [
    ['Heron Legal', 'HL7007', 'e2e.live', 'Harriet'],
    ['Ibis Legal', 'IB8008', 'e2e.live.other', 'Isaac'],
  ] as const) {
    const [c] = await db.insert(clients).values({ name, accountNumber: account }).returning();
    if (!c) throw new Error('client not created');
    await db
      .insert(clientBranchAddresses)
      .values([
        { clientId: c.id, label: 'Head office', address: `1 ${name} Street, Sydney NSW 2000`, isDefault: true },
      ]);
    const u = await makeUser(
      {
        userName,
        role: 3,
        firstName: first,
        lastName: 'Watcher',
        clientId: c.id,
        email: `${userName}@example.com`,
        password,
      },
      db,
    );
    // Heron Legal's administrator follows the firm's jobs: a cancellation by e2e.live rings their bell.
    if (account === 'HL7007')
      await makeUser(
        {
          userName: 'e2e.live.colleague',
          role: 4,
          firstName: 'Hugo',
          lastName: 'Colleague',
          clientId: c.id,
          email: 'e2e.live.colleague@example.com',
          jobAlertScope: 'firm',
          password,
        },
        db,
      );
    for (let i = 1; i <= 3; i++) {
      await makeJob(
        {
          clientId: c.id,
          createdById: u.id,
          email: `${userName}@example.com`,
          matterReference: `${account}-LIVE-${i}`,
          description: `Live job ${i}`,
        },
        db,
      );
    }
  }
}

/** The JMS numbers of Bayside Legal's three delivered jobs (e2e/billing.spec.ts invoices them). */
const BILLING_JOBS = ['970001', '970002', '970003'] as const;

/**
 * Issue 30: Bayside Legal, with a price list (data processing at $75.00 a unit), 14 days' payment terms and three
 * delivered jobs, whose administrator (e2e.billing.admin) downloads the invoice PDF and receives the receipts.
 */
async function billingClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db
    .insert(clients)
    .values({ name: 'Bayside Legal', accountNumber: 'BY7007', paymentTermsDays: 14 })
    .returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values([
    {
      clientId: c.id,
      label: 'Head office',
      address: '7 Bay Street, Brighton-Le-Sands NSW 2216',
      isDefault: true,
      extClientBranchId: 'BY7007-B1',
    },
  ]);
  await db
    .insert(clientPrices)
    .values({ clientId: c.id, orderType: 4, extStockId: 'DP', description: 'Data processing', unitPrice: '75.0000' });
  await makeUser(
    {
      userName: 'e2e.billing.admin',
      role: 4,
      firstName: 'Bay',
      lastName: 'Admin',
      clientId: c.id,
      email: 'e2e.billing.admin@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  for (const [i, jmsNumber] of BILLING_JOBS.entries()) {
    await makeJob(
      { clientId: c.id, jmsNumber, status: 8, numberOfCopies: [1, 2, 4][i]!, matterReference: `BY-2026-00${i + 1}` },
      db,
    );
  }
}

/**
 * Tern Legal: a firm whose security policy ends sessions after 5 idle minutes, the shortest a firm may set. Its
 * orderer (e2e.idle, role 6) is who the idle time-out warning is tested with (e2e/keyboard.spec.ts).
 */
async function idleClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Tern Legal', accountNumber: 'TL7007' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientSecurityPolicies).values({ clientId: c.id, idleTimeoutMinutes: 5 });
  await db.insert(clientBranchAddresses).values([
    {
      clientId: c.id,
      label: 'Head office',
      address: '7 Tern Street, Sydney NSW 2000',
      isDefault: true,
      extClientBranchId: 'TL7007-B1',
    },
  ]);
  await db.insert(processingCities).values([{ clientId: c.id, name: 'Sydney' }]);
  await makeUser(
    {
      userName: 'e2e.idle',
      role: 6,
      firstName: 'Idle',
      lastName: 'Orderer',
      clientId: c.id,
      email: 'e2e.idle@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
}

/**
 * Wren Legal's delivered jobs without feedback: e2e/slip-header.spec.ts reads the first one's slip and gives the
 * second (by mouse) and the third (by keyboard) their feedback, so its tests can run in any order.
 */
const SLIP_JOBS = [
  { jmsNumber: '980001', matterReference: 'WR-2026-0001' },
  { jmsNumber: '980002', matterReference: 'WR-2026-0002' },
  { jmsNumber: '980003', matterReference: 'WR-2026-0003' },
] as const;

/**
 * Wren Legal: a firm whose user (e2e.slip, role 3) opens the slips of its delivered jobs (e2e/slip-header.spec.ts).
 * Each job is as long as a real one on a phone: long instructions, five source documents, two delivered files,
 * no feedback yet.
 */
async function slipClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Wren Legal', accountNumber: 'WR9009' }).returning();
  if (!c) throw new Error('client not created');
  await db
    .insert(clientBranchAddresses)
    .values([{ clientId: c.id, label: 'Head office', address: '9 Wren Street, Sydney NSW 2000', isDefault: true }]);
  const user = await makeUser(
    {
      userName: 'e2e.slip',
      role: 3,
      firstName: 'Sasha',
      lastName: 'Slip',
      clientId: c.id,
      email: 'e2e.slip@example.com',
      password: config().DEMO_PASSWORD,
    },
    db,
  );
  const storage = fileStorage();
  const file = async (jobId: number, fileName: string, kind: 'source' | 'deliverable') => {
    const body = Buffer.from(`${fileName}\n`, 'utf8');
    const storageKey = newStorageKey();
    await storage.put(storageKey, body);
    await db.insert(documents).values({
      clientId: c.id,
      jobId,
      storageKey,
      fileName,
      contentType: 'text/plain',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      kind,
      uploadedById: user.id,
    });
  };
  const instructions = Array.from(
    { length: 12 },
    (_, i) => `Volume ${i + 1}: copy every tab in order, keep the original clips and mark any missing page.`,
  ).join('\n');
  for (const j of SLIP_JOBS) {
    const job = await makeJob(
      {
        clientId: c.id,
        ...j,
        status: 8,
        deliveredAt: new Date(),
        description: `Data Processing – ${j.matterReference}`,
        instructions,
        contactName: 'Sasha Slip',
        email: 'e2e.slip@example.com',
        createdById: user.id,
      },
      db,
    );
    for (let i = 1; i <= 5; i++) await file(job.id, `source-${j.jmsNumber}-${i}.txt`, 'source');
    for (let i = 1; i <= 2; i++) await file(job.id, `delivered-${j.jmsNumber}-${i}.txt`, 'deliverable');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
