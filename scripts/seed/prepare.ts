/**
 * The database made ready to serve, as `npm start` promises: pending migrations applied, the reference data, and
 * the demo data when the database has no client yet. Run once per start: by scripts/start.ts before the server
 * for PostgreSQL, and by the server itself for the embedded database (instrumentation.ts), which is
 * single-process: the process that serves is the one that opens it, so it is opened once.
 */
import type { DbHandle } from '@/db/client';
import { demoSeeded, seedDemo } from './demo';
import { seedReference } from './reference';

/** Answers whether the demo data was seeded now. */
export async function prepareDatabase(handle: DbHandle, demoPassword: string): Promise<boolean> {
  await handle.migrate();
  const fresh = !(await demoSeeded(handle.db));
  await handle.db.transaction(async (tx) => {
    await seedReference(tx);
    if (fresh) await seedDemo(tx, demoPassword);
  });
  return fresh;
}
