/**
 * Backups of the embedded database (PGlite). A backup is a gzip tarball of the data directory taken by the process
 * that has the database open (PGlite is single-process: no second process may open a data directory in use).
 * PGlite takes it while no statement runs (its query lock), so it is the files of one instant: restored, the
 * database starts as after a crash at that instant (PostgreSQL replays its write-ahead log), with every transaction
 * committed before the backup began and none half-applied.
 */
import type { PGlite } from '@electric-sql/pglite';
import { PGlite as PGliteClass } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The backup of the open embedded database as a gzip tarball. It waits for the database to be ready first: PGlite's
 * dump takes the query lock and then waits for readiness, which a client that has run no query yet never reaches
 * (its start waits for the same lock), so the dump would never finish.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.waitReady;
  return client.dumpDataDir('gzip');
}

/** Writes a backup of the open embedded database to `file` (whole or not at all: a temporary file renamed). */
export async function backupPglite(client: PGlite, file: string): Promise<{ file: string; bytes: number }> {
  const blob = await dumpPglite(client);
  const bytes = Buffer.from(await blob.arrayBuffer());
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.part`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  return { file, bytes: bytes.length };
}

export class RestoreError extends Error {}

/**
 * Restores a backup into `dataDir`, which must not exist or be empty (the caller moves the old one aside). The
 * database is started once from the backup, to check it opens, before it takes the directory's name.
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreError(`${dataDir} is not empty: move it aside first.`);
  }
  const bytes = await readFile(file);
  const staging = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  const db = new PGliteClass(staging, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([new Uint8Array(bytes)]),
  });
  try {
    await db.query('select 1');
  } catch (e) {
    await db.close().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    throw new RestoreError(`${file} is not a backup of the embedded database: ${(e as Error).message}`);
  }
  await db.close();
  if (existsSync(dataDir)) await rm(dataDir, { recursive: true, force: true });
  await rename(staging, dataDir);
}
