/**
 * One database client, two engines: PostgreSQL through `postgres` when DATABASE_URL is set,
 * otherwise PGlite (embedded PostgreSQL) persisted under DATA_DIR. Both expose the same
 * Drizzle API over the same schema and migrations.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import * as schema from './schema';
import { instrumentQueries } from './telemetry';

// Every query of this module graph gets its span while telemetry is on (db/telemetry.ts).
instrumentQueries();

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

/** The rows of `db.execute(…)`: the postgres driver answers an array of rows, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');

export interface DbHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** The raw driver, for set-based bulk work (COPY, generate_series) and benchmarks. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: postgres.Sql };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined or 'memory://' keeps it in memory. */
  dataDir?: string;
  /** PGlite in memory only: start from this dumped data directory (a tar from `dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** PostgreSQL time-outs in seconds: opening a connection, an unused one's life, any one's life (0: none). */
  connectTimeout?: number;
  idleTimeout?: number;
  maxLifetime?: number;
}

/** The pool's time-outs when the caller names none (lib/config's defaults of DB_*_SECONDS). */
export const DEFAULT_POOL_TIMEOUTS = { connectTimeout: 10, idleTimeout: 20, maxLifetime: 1800 } as const;

export function openDatabase(opts: OpenOptions): DbHandle {
  if (opts.url) {
    const client = postgres(opts.url, {
      max: opts.max ?? 10,
      onnotice: () => undefined,
      prepare: true,
      connect_timeout: opts.connectTimeout ?? DEFAULT_POOL_TIMEOUTS.connectTimeout,
      idle_timeout: opts.idleTimeout ?? DEFAULT_POOL_TIMEOUTS.idleTimeout,
      max_lifetime: opts.maxLifetime ?? DEFAULT_POOL_TIMEOUTS.maxLifetime,
      // No JIT compilation: every statement here is a short request's, planned once and run many times, and
      // PostgreSQL decides to compile by the plan's estimated cost. A generic plan's estimate can pass that threshold
      // for a statement that runs in a millisecond, and the compile then costs ~100 ms on every run (the home strip's
      // statement, whose subqueries are each priced at their worst case).
      connection: { jit: 'off' },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      raw: { kind: 'postgres', client },
      migrate: () => migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dir = opts.dataDir && opts.dataDir !== 'memory://' ? opts.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir
    ? new PGlite(dir, { extensions: { pg_trgm } })
    : new PGlite({ extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  const pg = drizzlePglite(client, { schema });
  return {
    db: pg as unknown as Db,
    engine: 'pglite',
    raw: { kind: 'pglite', client },
    migrate: () => migratePglite(pg, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

// ---------------------------------------------------------------------------
// The process-wide database (one per server instance), bound lazily from config.
// ---------------------------------------------------------------------------

const g = globalThis as unknown as { __jmsDb?: DbHandle; __jmsDbReady?: Promise<void> };

/** Binds the process-wide database to a handle (used by the server at start and by tests). */
export function bindDatabase(handle: DbHandle): void {
  g.__jmsDb = handle;
  g.__jmsDbReady = undefined;
}

export function currentHandle(): DbHandle | undefined {
  return g.__jmsDb;
}

/** The process-wide handle, opened from configuration on first use. */
export async function getHandle(): Promise<DbHandle> {
  if (!g.__jmsDb) {
    const { config } = await import('@/lib/config');
    const c = config();
    g.__jmsDb = openDatabase({
      url: c.DATABASE_URL,
      dataDir: c.DATABASE_URL ? undefined : path.join(c.DATA_DIR, 'pglite'),
      connectTimeout: c.DB_CONNECT_TIMEOUT_SECONDS,
      idleTimeout: c.DB_IDLE_TIMEOUT_SECONDS,
      maxLifetime: c.DB_MAX_LIFETIME_SECONDS,
    });
  }
  return g.__jmsDb;
}

/** The process-wide Drizzle database. */
export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}
