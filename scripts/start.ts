/**
 * npm start: checks the configuration, applies pending migrations, seeds the demo data when the
 * database has no client yet, serves on PORT, and prints the URL and the demo sign-in once the server answers.
 *
 * On PostgreSQL the database is made ready here, before the server starts. The embedded database is made ready by
 * the server itself, before it answers (instrumentation.ts, scripts/seed/prepare.ts): PGlite is single-process,
 * so it is opened once, by the process that serves, instead of here and then again there. This file imports only
 * the configuration for that path, so the first start does not compile the database and seed modules here either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
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
  if (!c.embedded) {
    const [{ getHandle }, { prepareDatabase }] = await Promise.all([
      import('@/db/client'),
      import('@/scripts/seed/prepare'),
    ]);
    const handle = await getHandle();
    if (await prepareDatabase(handle, c.DEMO_PASSWORD)) console.log('Demo data seeded.');
    await handle.close();
  }

  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(c.PORT)], {
    stdio: 'inherit',
    env: { ...process.env, NEXTAUTH_URL: c.appUrl },
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));

  // The URL is printed once the server answers, not before: a newcomer who opens it at once gets the page.
  if (!(await answering(c.PORT, child))) return;
  console.log('');
  console.log(`JMS Portal is ready: ${c.appUrl}`);
  console.log(
    `Database: ${c.embedded ? `embedded PGlite in ${path.join(c.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  console.log(`Demo sign-in: hv.user (client user) or hv.admin (client administrator), password ${c.DEMO_PASSWORD}`);
  console.log(
    'Staff sign-in (the staff area, /Ops): staff.admin (provider administrator) or staff.operator (provider operator), same password',
  );
  console.log(
    c.SMTP_URL
      ? 'One-time passcodes are e-mailed through SMTP_URL.'
      : 'No SMTP_URL: no e-mail is sent. Each one, with its one-time passcode, is printed below as an "E-MAIL (not sent: no SMTP_URL)" block.',
  );
  console.log('');
}

/** Waits until the server on this port answers /api/ready (true), or the server process ends first (false). */
async function answering(port: number, child: ChildProcess): Promise<boolean> {
  let ended = false;
  child.once('exit', () => (ended = true));
  for (;;) {
    if (ended) return false;
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
