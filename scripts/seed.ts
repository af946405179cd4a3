/**
 * npm run db:seed                 reference data + the demo data set (idempotent)
 * npm run db:seed -- --jobs N     also N generated jobs spread over the demo and generated clients
 */
import { getHandle } from '@/db/client';
import { readyToServe, seedBulkJobs } from '@/scripts/seed/bulk';
import { seedDemo } from '@/scripts/seed/demo';
import { seedReference } from '@/scripts/seed/reference';
import { config, ConfigError } from '@/lib/config';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

async function main() {
  let c;
  try {
    c = config();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const jobsArg = argValue('--jobs');
  const jobs = jobsArg === undefined ? 0 : Number(jobsArg);
  if (!Number.isInteger(jobs) || jobs < 0) {
    console.error('--jobs takes a whole number of jobs, e.g. --jobs 1000000');
    process.exit(2);
  }
  const handle = await getHandle();
  await handle.migrate();
  const started = Date.now();
  await handle.db.transaction(async (tx) => {
    await seedReference(tx);
    const added = await seedDemo(tx, c.DEMO_PASSWORD);
    console.log(added ? 'Demo data seeded.' : 'Demo data already present; nothing added.');
  });
  if (jobs > 0) {
    console.log(`Generating ${jobs} jobs…`);
    const t = Date.now();
    await seedBulkJobs(handle.db, jobs, c.DEMO_PASSWORD, (s) => console.log(s));
    await readyToServe(handle.db);
    console.log(`Generated ${jobs} jobs in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
  }
  console.log(`Seed finished in ${((Date.now() - started) / 1000).toFixed(1)} s (${handle.engine}).`);
  await handle.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
