/**
 * `npm run db:move -- postgres://…`: copies the embedded database (PGlite) into an EMPTY PostgreSQL
 * database, the way out of the embedded default.
 *
 * 1. The target must be empty (no table, view or sequence outside the system schemas): otherwise nothing is done.
 * 2. Both get the schema through the migrations (the source's pending ones too), and their tables and columns
 *    must then match.
 * 3. In one transaction on the target: the user triggers are switched off (the counters and the change feed are
 *    copied as data, not recomputed), what the migrations wrote is emptied, and every table is copied with COPY
 *    (text format, from PGlite's COPY TO into the driver's COPY FROM STDIN stream), parents before children,
 *    large tables in id ranges. The sequences are set to the source's values. The row count of every table is
 *    compared on both sides before the commit: a difference rolls everything back.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openDatabase, type DbHandle } from '@/db/client';

export const MOVE_MSG = {
  notEmpty: (n: number, examples: string[]) =>
    `The target database is not empty (${n} ${n === 1 ? 'object' : 'objects'}, e.g. ${examples.join(', ')}). db:move copies only into an empty database: create a new one (e.g. createdb jms) and give its URL.`,
  schemaDiffers: (what: string) => `After the migrations the two databases still differ (${what}); nothing was copied.`,
  countsDiffer: (tables: string[]) =>
    `Row counts differ after the copy (${tables.join(', ')}); the copy was rolled back.`,
} as const;

export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface MoveReport {
  tables: TableCount[];
  rows: number;
  sequences: number;
  ms: number;
}

/** Rows per COPY of a table with an integer id (keeps memory flat on large tables). */
const CHUNK_ROWS = 50_000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableInfo {
  name: string;
  columns: string[];
  /** The single integer primary key column "id", when the table has one (copied in ranges). */
  idRange: boolean;
}

async function pgliteRows<T>(client: PGlite, query: string): Promise<T[]> {
  return (await client.query<T>(query)).rows;
}

const TABLES_SQL = `select c.relname as name,
    array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum) as columns,
    exists(select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
           where i.indrelid = c.oid and i.indisprimary and i.indnatts = 1 and a.attname = 'id' and a.atttypid in ('int4'::regtype, 'int8'::regtype)) as "idRange"
  from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by c.relname`;

const FKS_SQL = `select conrelid::regclass::text as child, confrelid::regclass::text as parent
  from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`;

/** Parents before children (the foreign keys have no cycle; a self-reference is checked at the end of its COPY). */
function copyOrder(tables: TableInfo[], fks: { child: string; parent: string }[]): TableInfo[] {
  const unquote = (s: string) => s.replace(/^"|"$/g, '');
  const edges = fks
    .map((f) => ({ child: unquote(f.child), parent: unquote(f.parent) }))
    .filter((f) => f.child !== f.parent);
  const done = new Set<string>();
  const order: TableInfo[] = [];
  for (let progress = true; progress;) {
    progress = false;
    for (const t of tables) {
      if (done.has(t.name) || !edges.filter((e) => e.child === t.name).every((e) => done.has(e.parent))) continue;
      done.add(t.name);
      order.push(t);
      progress = true;
    }
  }
  const left = tables.filter((t) => !done.has(t.name));
  if (left.length) throw new MoveError(`foreign keys form a cycle between ${left.map((t) => t.name).join(', ')}`);
  return order;
}

/** The objects that make a database non-empty: tables, views, sequences outside the system schemas. */
export async function targetObjects(sql: postgres.Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
    order by 1`;
  return rows.map((r) => r.name);
}

/** A postgres:// URL with its password hidden, for printing. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * Copies `source` (an open PGlite handle) into the empty database at `targetUrl`. Throws MoveError (nothing or
 * everything copied) when the target is not empty, the schemas differ or the counts differ.
 */
export async function moveDatabase(
  source: DbHandle,
  targetUrl: string,
  log: (line: string) => void = () => undefined,
  opts: { chunkRows?: number } = {},
): Promise<MoveReport> {
  if (source.raw.kind !== 'pglite') throw new MoveError('the source must be the embedded database (PGlite)');
  const src = source.raw.client;
  const started = Date.now();
  const admin = postgres(targetUrl, { max: 1, onnotice: () => undefined });
  try {
    const objects = await targetObjects(admin);
    if (objects.length) throw new MoveError(MOVE_MSG.notEmpty(objects.length, objects.slice(0, 3)));
  } finally {
    await admin.end({ timeout: 5 });
  }

  log('Applying the migrations to both databases…');
  await source.migrate();
  const target = openDatabase({ url: targetUrl, max: 1 });
  try {
    await target.migrate();
    if (target.raw.kind !== 'postgres') throw new Error('unreachable');
    const sql = target.raw.client;

    const tables = await pgliteRows<TableInfo>(src, TABLES_SQL);
    const targetTables = (await sql.unsafe(TABLES_SQL)) as unknown as TableInfo[];
    const shape = (ts: TableInfo[]) => ts.map((t) => `${t.name}(${[...t.columns].sort().join(',')})`).join(' ');
    if (shape(tables) !== shape(targetTables)) {
      const names = new Set(targetTables.map((t) => shape([t])));
      const first = tables.find((t) => !names.has(shape([t])));
      throw new MoveError(MOVE_MSG.schemaDiffers(first ? `table ${first.name}` : 'the target has more tables'));
    }
    const order = copyOrder(tables, await pgliteRows<{ child: string; parent: string }>(src, FKS_SQL));
    const sourceCounts = new Map<string, number>();
    for (const t of order) {
      const [r] = await pgliteRows<{ n: string | number }>(src, `select count(*) as n from ${ident(t.name)}`);
      sourceCounts.set(t.name, Number(r?.n ?? 0));
    }
    const sequences = await pgliteRows<{ name: string; last: string | number | null }>(
      src,
      `select sequencename as name, last_value as last from pg_sequences where schemaname = 'public' order by sequencename`,
    );

    const counts: TableCount[] = [];
    await sql.begin(async (tx) => {
      for (const t of order) await tx.unsafe(`alter table ${ident(t.name)} disable trigger user`);
      // What the migrations wrote (e.g. the webhook cursor's row) is replaced by the source's.
      await tx.unsafe(`truncate ${order.map((t) => ident(t.name)).join(', ')}`);
      for (const t of order) {
        const n = sourceCounts.get(t.name) ?? 0;
        if (n > 0) {
          log(`  ${t.name}: ${n} rows`);
          await copyTable(src, tx, t, opts.chunkRows ?? CHUNK_ROWS);
        }
      }
      for (const t of order) await tx.unsafe(`alter table ${ident(t.name)} enable trigger user`);
      for (const s of sequences) {
        if (s.last !== null)
          await tx.unsafe(`select setval($1::regclass, $2::bigint, true)`, [`public.${ident(s.name)}`, String(s.last)]);
      }
      for (const t of order) {
        const [r] = await tx.unsafe<{ n: string }[]>(`select count(*) as n from ${ident(t.name)}`);
        counts.push({ table: t.name, source: sourceCounts.get(t.name) ?? 0, target: Number(r?.n ?? 0) });
      }
      const differ = counts.filter((c) => c.source !== c.target);
      if (differ.length)
        throw new MoveError(
          MOVE_MSG.countsDiffer(differ.map((d) => `${d.table}: ${d.source} here, ${d.target} there`)),
        );
    });
    return {
      tables: counts,
      rows: counts.reduce((s, c) => s + c.target, 0),
      sequences: sequences.filter((s) => s.last !== null).length,
      ms: Date.now() - started,
    };
  } finally {
    await target.close();
  }
}

/** One table: COPY … TO from PGlite (in id ranges when it has an integer id), into COPY … FROM STDIN on the target. */
async function copyTable(src: PGlite, tx: postgres.TransactionSql, t: TableInfo, chunkRows: number): Promise<void> {
  const cols = t.columns.map(ident).join(', ');
  const into = async (query: string) => {
    const res = await src.query(`copy (${query}) to '/dev/blob'`);
    const blob = res.blob;
    if (!blob || blob.size === 0) return;
    const writable = await tx.unsafe(`copy ${ident(t.name)} (${cols}) from stdin`).writable();
    await pipeline(Readable.fromWeb(blob.stream() as never), writable);
  };
  if (!t.idRange) {
    await into(`select ${cols} from ${ident(t.name)}`);
    return;
  }
  const [r] = await pgliteRows<{ lo: string | number | null; hi: string | number | null }>(
    src,
    `select min(id) as lo, max(id) as hi from ${ident(t.name)}`,
  );
  if (r?.lo == null || r.hi == null) return;
  for (let lo = Number(r.lo); lo <= Number(r.hi); lo += chunkRows) {
    await into(`select ${cols} from ${ident(t.name)} where id >= ${lo} and id < ${lo + chunkRows}`);
  }
}
