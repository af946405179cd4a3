/**
 * Extra users for e2e specs that change a user's state (failed attempts, captcha, password
 * changes), so they never disturb the demo users other specs sign in with. Created through the
 * real database after the demo seed, before the server starts. Their password is the demo one.
 */
import { eq } from 'drizzle-orm';
import { getHandle } from '@/db/client';
import { DEMO_CLIENTS } from '@/db/seed/demo';
import { clients } from '@/db/schema';
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
  await handle.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
