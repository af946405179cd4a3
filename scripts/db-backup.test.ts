/**
 * npm run db:backup and npm run db:restore as a person runs them: the scripts as child processes. While a portal
 * answers on PORT (here a plain HTTP server serving the portal's own health and backup route handlers over a live
 * embedded database that writers keep saving jobs to), db:backup asks the portal for the backup and db:restore
 * refuses; without a portal, db:backup opens the data directory itself and db:restore puts a backup back, keeping
 * the database it replaces. The restored databases hold every job acknowledged before the backup began.
 */
import '@/test/env';
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as backupRoute } from '@/app/api/cron/backup/route';
import { GET as healthRoute } from '@/app/api/health/route';
import { bindDatabase, openDatabase, rowsOf, type DbHandle } from '@/db/client';
import { resetConfigForTests } from '@/lib/config';
import { makeClient, makeJob } from '@/test/factories';

const SECRET = 'backup-script-secret-0123456789abcdef';
const work = mkdtempSync(path.join(tmpdir(), 'jms-backup-script-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script as `npm run` does (tsx), without blocking this process: the portal here must keep answering. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  if (!env.CRON_SECRET) delete childEnv.CRON_SECRET;
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', `scripts/${script}.ts`, ...args], { env: childEnv, cwd: process.cwd() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function jobIds(dataDir: string): Promise<Set<number>> {
  const db = openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return new Set(
      rowsOf<{ id: number | string }>(await db.db.execute(sql`select id from jobs`)).map((r) => Number(r.id)),
    );
  } finally {
    await db.close();
  }
}

describe('npm run db:backup and db:restore', () => {
  let live: DbHandle;
  let portal: Server;
  let portalPort: number;
  let closedPort: number;
  const backupStarts: number[] = [];

  beforeAll(async () => {
    process.env.CRON_SECRET = SECRET;
    resetConfigForTests();
    // The live database in memory (migrating one on disk takes minutes on a busy machine).
    live = openDatabase({ dataDir: 'memory://' });
    await live.migrate();
    bindDatabase(live);
    const routes: Record<string, (req: Request) => Promise<Response>> = {
      '/api/health': healthRoute,
      '/api/cron/backup': backupRoute,
    };
    portal = createServer((req, res) => {
      const route = routes[req.url ?? ''];
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      if (req.url === '/api/cron/backup') backupStarts.push(Date.now());
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      void (async () => {
        const answer = await route(new Request(`http://127.0.0.1${req.url}`, { headers }));
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        if (answer.body) await pipeline(Readable.fromWeb(answer.body as WebReadableStream), res);
        else res.end();
      })();
    });
    await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r));
    portalPort = (portal.address() as AddressInfo).port;
    const spare = createServer();
    await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
    closedPort = (spare.address() as AddressInfo).port;
    await new Promise((r) => spare.close(r));
  });

  afterAll(async () => {
    await new Promise((r) => portal?.close(r));
    await live?.close();
    delete process.env.CRON_SECRET;
    resetConfigForTests();
    rmSync(work, { recursive: true, force: true });
  });

  it('says what to set when a portal runs and CRON_SECRET is missing, and writes nothing', async () => {
    const dataDir = path.join(work, 'no-secret');
    const run = await runScript('db-backup', [path.join(work, 'no-secret.tar.gz')], {
      DATA_DIR: dataDir,
      PORT: String(portalPort),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `The portal is running on port ${portalPort}. To back it up while it runs, set CRON_SECRET`,
    );
    expect(existsSync(path.join(work, 'no-secret.tar.gz'))).toBe(false);
  });

  it('says so when the portal refuses the cron secret, and writes nothing', async () => {
    const file = path.join(work, 'wrong-secret.tar.gz');
    const run = await runScript('db-backup', [file], {
      DATA_DIR: path.join(work, 'wrong-secret'),
      PORT: String(portalPort),
      CRON_SECRET: 'not-the-portal-secret-0123456789',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `The portal on port ${portalPort} refused the cron secret: set CRON_SECRET to its value.`,
    );
    expect(existsSync(file)).toBe(false);
  });

  it('backs up the running portal under writes, restores into a fresh data directory, and backs up and restores again without a portal', async () => {
    const client = await makeClient();
    const acknowledged: { id: number; at: number }[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const job = await makeJob({ clientId: client.id });
        acknowledged.push({ id: job.id, at: Date.now() });
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));

    // While the portal runs: the portal takes the backup; restoring is refused. Only this test's call to the backup
    // route counts (the refusals above called it too).
    backupStarts.length = 0;
    const file = path.join(work, 'backups', 'live.tar.gz');
    const backup = await runScript('db-backup', [file], {
      DATA_DIR: path.join(work, 'portal-data'),
      PORT: String(portalPort),
      CRON_SECRET: SECRET,
    });
    const during = acknowledged.length;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up the embedded database to ${file}`);
    expect(backup.stdout).toContain(`taken by the portal running on port ${portalPort}`);
    expect(readdirSync(path.dirname(file))).toEqual(['live.tar.gz']); // no temporary file left
    expect(backupStarts).toHaveLength(1);
    expect(acknowledged.length).toBeGreaterThan(during); // writes went on after the backup
    const startedAt = backupStarts[0] ?? 0;
    const before = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id);
    expect(before.length).toBeGreaterThanOrEqual(20);

    const refused = await runScript('db-restore', [file], {
      DATA_DIR: path.join(work, 'restored'),
      PORT: String(portalPort),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`The portal is running on port ${portalPort}: stop it first`);
    expect(existsSync(path.join(work, 'restored', 'pglite'))).toBe(false);

    // No portal: restore into a fresh data directory.
    const restoredDir = path.join(work, 'restored');
    const restore = await runScript('db-restore', [file], { DATA_DIR: restoredDir, PORT: String(closedPort) });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file} into ${path.join(restoredDir, 'pglite')}.`);
    const restored = await jobIds(restoredDir);
    const missing = before.filter((id) => !restored.has(id));
    console.log(
      `db:backup of a running portal under writes: ${before.length} jobs acknowledged before it, ${restored.size} restored, ${acknowledged.length} written in all, ${missing.length} missing`,
    );
    expect(missing).toEqual([]);

    // No portal: the script opens the restored data directory itself, and a restore over it keeps it aside.
    const second = path.join(work, 'backups', 'offline.tar.gz');
    const offline = await runScript('db-backup', [second], { DATA_DIR: restoredDir, PORT: String(closedPort) });
    expect(offline.stderr).toBe('');
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain(`Backed up the embedded database to ${second}`);
    expect(offline.stdout).toContain(`no portal was running on port ${closedPort}`);
    const over = await runScript('db-restore', [second], { DATA_DIR: restoredDir, PORT: String(closedPort) });
    expect(over.code).toBe(0);
    const kept = readdirSync(restoredDir).filter((f) => f.startsWith('pglite.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(over.stdout).toContain(`The database it replaced is in ${path.join(restoredDir, kept[0] ?? '')}.`);
    expect([...(await jobIds(restoredDir))].sort()).toEqual([...restored].sort());
  }, 300_000);
});
