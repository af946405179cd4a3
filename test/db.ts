/**
 * Database tests run on a fresh database per test file: PGlite in memory (TEST_DB_ENGINE=pglite),
 * or a new database on the real PostgreSQL of TEST_DATABASE_URL (TEST_DB_ENGINE=postgres),
 * each a copy of a migrated template (test/db-template.ts), the PostgreSQL one dropped afterwards.
 * The process-wide database is bound to it, so services run unchanged.
 */
import './env';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { bindDatabase, openDatabase, type Db, type DbHandle } from '@/db/client';
import { ensurePostgresTemplate, pgliteTemplate } from './db-template';

export type Engine = 'pglite' | 'postgres';

export function testEngine(): Engine {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates and migrates a fresh database; returns its handle and a function that drops it. */
export async function createTestDatabase(
  engine: Engine = testEngine(),
): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const handle = openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const template = await ensurePostgresTemplate(adminUrl());
  const name = `jms_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => undefined });
  try {
    // A copy needs the template to itself for an instant; a parallel copy can hold it, so try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${template}"`);
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const handle = openDatabase({ url: withDatabase(adminUrl(), name), max: 4 });
  await handle.migrate();
  return {
    handle,
    drop: async () => {
      await handle.close();
      const a = postgres(adminUrl(), { max: 1, onnotice: () => undefined });
      try {
        await a.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

/**
 * Use inside a test file (or describe): a fresh, migrated database bound as the process-wide
 * database for the file's tests. Returns accessors.
 */
export function useTestDatabase(): { db: () => Db; handle: () => DbHandle } {
  let current: { handle: DbHandle; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    bindDatabase(current.handle);
  });
  afterAll(async () => {
    await current?.drop();
  });
  return {
    db: () => {
      if (!current) throw new Error('test database not ready');
      return current.handle.db;
    },
    handle: () => {
      if (!current) throw new Error('test database not ready');
      return current.handle;
    },
  };
}
