/**
 * Starts the portal for e2e on a fresh database: DATA_DIR is wiped, the demo data is seeded, the e2e fixture users
 * are added, then `npm start` serves.
 *
 *   start-app.ts DATA_DIR                       the embedded database (PGlite) in DATA_DIR
 *   start-app.ts DATA_DIR --postgres ADMIN_URL  a new PostgreSQL database on ADMIN_URL's server, jms_e2e_<PORT>
 *                                               (one a run killed before it could drop it is dropped first), with its
 *                                               own AUTH_SECRET and TOTP_ENCRYPTION_KEY; dropped when the server stops
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import postgres from 'postgres';

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

async function main() {
  const [dir, flag, adminUrl] = process.argv.slice(2);
  if (!dir || (flag !== undefined && (flag !== '--postgres' || !adminUrl)))
    throw new Error('usage: start-app.ts DATA_DIR [--postgres ADMIN_URL]');
  rmSync(dir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  const database = adminUrl ? `jms_e2e_${Number(process.env.PORT)}` : null;
  if (adminUrl && database) {
    await onServer(adminUrl, `drop database if exists "${database}" with (force)`);
    await onServer(adminUrl, `create database "${database}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    Object.assign(env, {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
  }
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { stdio: 'inherit', env });
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/fixtures.ts'], { stdio: 'inherit', env });
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => {
    const dropped =
      adminUrl && database
        ? onServer(adminUrl, `drop database if exists "${database}" with (force)`)
        : Promise.resolve();
    void dropped.catch((e: unknown) => console.error(e)).finally(() => process.exit(code ?? 0));
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
