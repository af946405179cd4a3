/**
 * Migrated templates for the database tests. Migrating an empty database costs more than the tests of most files
 * (seconds on PGlite), so each run migrates once per engine and every test file starts from a copy:
 *  - PGlite: a migrated data directory dumped to a tar file in the temporary directory, loaded by each file's
 *    in-memory instance;
 *  - PostgreSQL: a migrated template database, copied by `CREATE DATABASE … TEMPLATE`.
 * Both are named by a hash of the migration files and PGlite's version, so a changed or added migration builds new
 * templates and an unchanged set is reused by the next run. Old `jms_tpl_*` databases and `jms-pglite-template-*`
 * files can be removed at any time. Each copy is still given to the migrator (test/db.ts): a no-op on an up-to-date
 * template, and the full migration if a template were stale.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { MIGRATIONS_FOLDER, openDatabase } from '@/db/client';

let key: string | undefined;

/** A short hash of every migration file (names and contents) and of the PGlite version whose dump format is used. */
export function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else hash.update(path.relative(MIGRATIONS_FOLDER, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(MIGRATIONS_FOLDER);
  hash.update(pgliteVersion());
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** The installed PGlite's version (its package.json is not exported, so it is found beside its entry point). */
function pgliteVersion(): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export function pgliteTemplatePath(): string {
  return path.join(tmpdir(), `jms-pglite-template-${templateKey()}.tar`);
}

export function postgresTemplateName(): string {
  return `jms_tpl_${templateKey()}`;
}

/** The PGlite template's bytes, built first if this machine has none for the current migrations. */
export async function pgliteTemplate(): Promise<Blob> {
  const file = pgliteTemplatePath();
  if (!existsSync(file)) {
    const handle = openDatabase({ dataDir: 'memory://' });
    try {
      await handle.migrate();
      if (handle.raw.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await handle.raw.client.dumpDataDir('none');
      // Written beside its final name and renamed: a reader never sees half a file, and two builders both succeed.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Makes sure the server of `adminUrl` has the PostgreSQL template for the current migrations. Builders take an
 * advisory lock, so parallel runs build it once; it is migrated under a temporary name and renamed when complete.
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin`select pg_advisory_lock(hashtext('jms test templates'))`;
    const [found] = await admin`select 1 as one from pg_database where datname = ${name}`;
    if (!found) {
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`create database "${building}"`);
      const handle = openDatabase({ url: withDatabase(adminUrl, building), max: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    }
    await admin`select pg_advisory_unlock(hashtext('jms test templates'))`;
  } finally {
    await admin.end();
  }
  return name;
}
