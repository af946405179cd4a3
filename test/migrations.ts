/**
 * Migration tests: a database migrated only up to a given migration, written to as it stood then, and the rest of
 * the migrations applied on top. On the engine of the run (test/db.ts): PGlite in memory, or a fresh database on
 * TEST_DATABASE_URL's PostgreSQL, dropped afterwards.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import './env';
import { MIGRATIONS_FOLDER, openDatabase, type DbHandle } from '@/db/client';
import { testEngine } from './db';

/** The migrations folder as it stood up to and including `lastTag`. */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jms-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return dir;
}

/** An empty database (no migration applied) on the run's engine, and a function that closes and drops it. */
export async function openEmptyDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (testEngine() === 'pglite') {
    const handle = openDatabase({ dataDir: 'memory://' });
    return { handle, drop: () => handle.close() };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `jms_mig_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const a = postgres(admin, { max: 1, onnotice: () => undefined });
  await a.unsafe(`create database "${name}"`);
  await a.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString(), max: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const b = postgres(admin, { max: 1, onnotice: () => undefined });
      await b.unsafe(`drop database if exists "${name}" with (force)`);
      await b.end();
    },
  };
}

/** Applies the migrations of `folder` not yet applied. */
export function migrateTo(handle: DbHandle, folder: string): Promise<void> {
  return handle.raw.kind === 'pglite'
    ? migratePglite(drizzlePglite(handle.raw.client), { migrationsFolder: folder })
    : migratePostgres(drizzlePostgres(handle.raw.client), { migrationsFolder: folder });
}
