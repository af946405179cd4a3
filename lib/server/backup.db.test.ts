/**
 * The backup route (GET /api/cron/backup, lib/server/backup.ts) with real parts: 404 while CRON_SECRET is unset,
 * 401 without the secret or with a wrong one; with it, on the embedded database a gzip tarball that restores into a
 * fresh data directory holding the jobs, and on PostgreSQL a 409 that points to pg_dump.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/cron/backup/route';
import { restorePglite } from '@/db/backup';
import { openDatabase, rowsOf } from '@/db/client';
import { resetConfigForTests } from '@/lib/config';
import { POSTGRES_BACKUP_MSG } from '@/lib/server/backup';
import { testEngine, useTestDatabase } from '@/test/db';
import { makeClient, makeJob } from '@/test/factories';

const SECRET = 'backup-secret-for-the-test-0123456789';
const call = (authorization?: string) =>
  GET(new Request('http://localhost/api/cron/backup', { headers: authorization ? { authorization } : {} }));
const dir = mkdtempSync(path.join(tmpdir(), 'jms-backup-route-'));

describe('GET /api/cron/backup', () => {
  useTestDatabase();
  afterAll(() => {
    delete process.env.CRON_SECRET;
    resetConfigForTests();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is disabled while CRON_SECRET is unset, and refuses a missing or wrong secret', async () => {
    delete process.env.CRON_SECRET;
    resetConfigForTests();
    expect((await call(`Bearer ${SECRET}`)).status).toBe(404);
    process.env.CRON_SECRET = SECRET;
    resetConfigForTests();
    const none = await call();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { status: 401, message: 'A valid cron secret is required.' } });
    expect((await call('Bearer not-the-secret-at-all-000000')).status).toBe(401);
  });

  it('answers a backup of the embedded database that restores with its jobs, and 409 pointing to pg_dump on PostgreSQL', async () => {
    process.env.CRON_SECRET = SECRET;
    resetConfigForTests();
    const client = await makeClient();
    const jobs = [await makeJob({ clientId: client.id }), await makeJob({ clientId: client.id })];
    const res = await call(`Bearer ${SECRET}`);
    if (testEngine() === 'postgres') {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: { status: 409, message: POSTGRES_BACKUP_MSG } });
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="pglite-.+\.tar\.gz"$/);
    const file = path.join(dir, 'route.tar.gz');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));

    const restoredDir = path.join(dir, 'restored');
    await restorePglite(file, restoredDir);
    const restored = openDatabase({ dataDir: restoredDir });
    try {
      const ids = rowsOf<{ id: number | string }>(await restored.db.execute(sql`select id from jobs`)).map((r) =>
        Number(r.id),
      );
      expect(ids).toEqual(expect.arrayContaining(jobs.map((j) => j.id)));
    } finally {
      await restored.close();
    }
  }, 120_000);
});
