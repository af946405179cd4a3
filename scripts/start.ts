/**
 * npm start: checks the configuration, applies pending migrations, seeds the demo data when the
 * database has no client yet, prints the URL and the demo sign-in, then serves on PORT.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { getHandle } from '@/db/client';
import { seedDemo, demoSeeded } from '@/db/seed/demo';
import { seedReference } from '@/db/seed/reference';
import { config, ConfigError } from '@/lib/config';

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
  if (!existsSync(path.join(process.cwd(), c.NEXT_DIST_DIR, 'BUILD_ID'))) {
    console.error('No production build found: run `npm run build` first.');
    process.exit(2);
  }
  const handle = await getHandle();
  await handle.migrate();
  const fresh = !(await demoSeeded(handle.db));
  await handle.db.transaction(async (tx) => {
    await seedReference(tx);
    if (fresh) await seedDemo(tx, c.DEMO_PASSWORD);
  });
  // PGlite is single-process: release it before the server opens it.
  await handle.close();

  console.log('');
  console.log(`JMS Portal: ${c.appUrl}`);
  console.log(`Database: ${c.embedded ? `embedded PGlite in ${path.join(c.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`);
  if (fresh) console.log('Demo data seeded.');
  console.log(`Demo sign-in: hv.user (client user) or hv.admin (client administrator), password ${c.DEMO_PASSWORD}`);
  console.log('Staff sign-in (the staff area, /Ops): staff.admin (provider administrator) or staff.operator (provider operator), same password');
  console.log(c.SMTP_URL ? 'One-time passcodes are e-mailed through SMTP_URL.' : 'No SMTP_URL: one-time passcodes and other e-mails are printed in this log.');
  console.log('');

  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(c.PORT)], {
    stdio: 'inherit',
    env: { ...process.env, NEXTAUTH_URL: c.appUrl },
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
