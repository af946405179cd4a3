/**
 * A backup of the embedded database taken while writers keep saving jobs, restored into a fresh data directory,
 * holds every job acknowledged before the backup began (and opens as a working database).
 */
import '@/test/env';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { backupPglite, restorePglite } from '@/db/backup';
import { bindDatabase, openDatabase, rowsOf } from '@/db/client';
import { makeClient, makeJob } from '@/test/factories';

const dir = mkdtempSync(path.join(tmpdir(), 'jms-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('backs up under writes and restores every job acknowledged before the backup began', async () => {
  // The live database in memory (migrating one on disk takes minutes on a busy machine); the restore goes to disk.
  const live = openDatabase({ dataDir: 'memory://' });
  await live.migrate();
  bindDatabase(live);
  const client = await makeClient();

  const acknowledged: { id: number; at: number }[] = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const job = await makeJob({ clientId: client.id });
      acknowledged.push({ id: job.id, at: Date.now() });
      // Requests arrive as separate events: the next write waits its turn behind timers and I/O.
      await new Promise((r) => setImmediate(r));
    }
  });
  while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));

  const startedAt = Date.now();
  const before = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id);
  if (live.raw.kind !== 'pglite') throw new Error('expected the embedded database');
  const file = path.join(dir, 'backup.tar.gz');
  await backupPglite(live.raw.client, file);
  const during = acknowledged.length;
  await new Promise((r) => setTimeout(r, 200));
  stop = true;
  await Promise.all(writers);
  expect(acknowledged.length).toBeGreaterThan(during); // writes went on after the backup
  await live.close();

  const restoredDir = path.join(dir, 'restored');
  await restorePglite(file, restoredDir);
  const restored = openDatabase({ dataDir: restoredDir });
  try {
    const ids = new Set(
      rowsOf<{ id: number | string }>(await restored.db.execute(sql`select id from jobs`)).map((r) => Number(r.id)),
    );
    const missing = before.filter((id) => !ids.has(id));
    console.log(
      `backup under writes: ${before.length} jobs acknowledged before it, ${ids.size} restored, ${acknowledged.length} written in all, ${missing.length} missing`,
    );
    expect(missing).toEqual([]);
    // The restored database takes writes.
    await restored.db.execute(sql`select count(*) from jobs`);
  } finally {
    await restored.close();
  }
}, 120_000);

it('backs up a database opened from disk before it has run any query', async () => {
  const source = path.join(dir, 'fresh');
  const first = openDatabase({ dataDir: source });
  await first.db.execute(sql`create table notes (body text)`);
  await first.db.execute(sql`insert into notes values ('kept')`);
  await first.close();

  // Opened anew, as npm run db:backup opens it, and backed up at once.
  const reopened = openDatabase({ dataDir: source });
  if (reopened.raw.kind !== 'pglite') throw new Error('expected the embedded database');
  const file = path.join(dir, 'fresh.tar.gz');
  const done = backupPglite(reopened.raw.client, file).then(() => 'written' as const);
  const timeout = new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 30_000).unref());
  expect(await Promise.race([done, timeout])).toBe('written');
  await reopened.close();

  const restoredDir = path.join(dir, 'fresh-restored');
  await restorePglite(file, restoredDir);
  const restored = openDatabase({ dataDir: restoredDir });
  try {
    expect(rowsOf<{ body: string }>(await restored.db.execute(sql`select body from notes`))).toEqual([
      { body: 'kept' },
    ]);
  } finally {
    await restored.close();
  }
}, 120_000);
