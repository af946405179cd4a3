/**
 * Extra users for e2e specs that change a user's state (failed attempts, captcha, password
 * changes), so they never disturb the demo users other specs sign in with, and a third client
 * whose orderer creates jobs, so the demo clients' job counts stay what the job-list specs
 * expect. Created through the real database after the demo seed, before the server starts.
 * Their password is the demo one.
 */
import { eq } from 'drizzle-orm';
import { getHandle } from '@/db/client';
import { DEMO_CLIENTS } from '@/db/seed/demo';
import { clientBranchAddresses, clients, costEstimates, matterReferences, processingCities } from '@/db/schema';
import { config } from '@/lib/config';
import { makeUser } from '@/test/factories';

export const E2E_USERS = [
  { userName: 'e2e.failures', role: 6, firstName: 'Failing', lastName: 'Attempts' },
  { userName: 'e2e.captcha', role: 7, firstName: 'Captcha', lastName: 'Solver' },
  { userName: 'e2e.otp', role: 5, firstName: 'One-Time', lastName: 'Passcode' },
  { userName: 'e2e.settings', role: 3, firstName: 'Settings', lastName: 'Changer' },
] as const;

async function main() {
  const handle = await getHandle();
  const [hv] = await handle.db.select().from(clients).where(eq(clients.accountNumber, DEMO_CLIENTS[0].accountNumber));
  if (!hv) throw new Error('demo data missing');
  for (const u of E2E_USERS) {
    await makeUser({ ...u, clientId: hv.id, email: `${u.userName}@example.com`, password: config().DEMO_PASSWORD }, handle.db);
  }
  await orderingClient(handle.db);
  await handle.close();
}

/** Coastline Legal: the client whose user (e2e.orderer, role 6) places the e2e orders. */
async function orderingClient(db: Awaited<ReturnType<typeof getHandle>>['db']) {
  const [c] = await db.insert(clients).values({ name: 'Coastline Legal', accountNumber: 'CL3003' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values([
    { clientId: c.id, label: 'Sydney office', address: 'Level 3, 10 Bridge Street, Sydney NSW 2000', isDefault: true, extClientBranchId: 'CL3003-B1' },
    { clientId: c.id, label: 'Newcastle office', address: '45 Hunter Street, Newcastle NSW 2300', extClientBranchId: 'CL3003-B2' },
  ]);
  await db.insert(processingCities).values([{ clientId: c.id, name: 'Sydney' }]);
  await db.insert(costEstimates).values([5000, 5007, 5014].map((n) => ({ clientId: c.id, number: String(n) })));
  await db.insert(matterReferences).values(Array.from({ length: 12 }, (_, i) => ({ clientId: c.id, reference: `CL-2024-${String(100 + i * 17).padStart(4, '0')}` })));
  await makeUser({ userName: 'e2e.orderer', role: 6, firstName: 'Olive', lastName: 'Orderer', clientId: c.id, email: 'e2e.orderer@example.com', password: config().DEMO_PASSWORD }, db);
  // The user whose job alerts the staff workflow e2e (ops-workflow.spec.ts) checks.
  await makeUser({ userName: 'e2e.alerts', role: 3, firstName: 'Alert', lastName: 'Watcher', clientId: c.id, email: 'e2e.alerts@example.com', password: config().DEMO_PASSWORD }, db);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
