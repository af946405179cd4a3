/**
 * The floor's data (bench/pages.ts): the statements the benchmark wrote to FLOOR_SPEC (bench/page-floors.ts builds
 * them with the portal's own builders), run on FLOOR_DATABASE_URL through the `postgres` driver as named prepared
 * statements: a page's ids by the sort index, then those rows by primary key, put back in the ids' order. No
 * session, no count, no formatting.
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';

type Param = postgres.ParameterOrJSON<never>;

export interface FloorStatement {
  sql: string;
  params: unknown[];
}

export interface FloorSpec {
  /** The value in a rows statement's parameters that stands for the page's ids (an int[] literal). */
  idsMarker: string;
  pages: Record<string, { ids: FloorStatement; rows: FloorStatement }>;
  strip: FloorStatement;
  /** The door of a signed-in page (the /door/* pages and proxy.ts). */
  door: FloorDoor;
}

/**
 * What a signed-in page needs before its rows: the session cookie's claims (the portal keeps the decoded cookies
 * of its callers in memory, so here they are given, by cookie value), the roles each page admits, and the portal's
 * own session statement (its session id parameter is `sessionMarker`).
 */
export interface FloorDoor {
  cookie: string;
  claims: Record<string, { sid: string; role: number }>;
  roles: Record<string, number[]>;
  session: FloorStatement;
  /** The names of the session statement's columns, in order (its SQL leaves them unnamed, as Drizzle does). */
  sessionColumns: string[];
  sessionMarker: string;
}

export type Row = Record<string, unknown>;

let spec: FloorSpec | undefined;
let driver: postgres.Sql | undefined;

export function open(): { spec: FloorSpec; driver: postgres.Sql } {
  const file = process.env.FLOOR_SPEC;
  const url = process.env.FLOOR_DATABASE_URL;
  if (!file || !url) throw new Error('FLOOR_SPEC and FLOOR_DATABASE_URL must be set (bench/pages.ts sets them)');
  spec ??= JSON.parse(readFileSync(file, 'utf8')) as FloorSpec;
  driver ??= postgres(url, { max: 10, onnotice: () => undefined });
  return { spec, driver };
}

/** The rows of one page of a list, in its order. */
export async function floorRows(name: string): Promise<Row[]> {
  const { spec, driver } = open();
  const page = spec.pages[name];
  if (!page) throw new Error(`no floor named ${name}`);
  const found = await driver.unsafe<{ id: number }[]>(page.ids.sql, page.ids.params as Param[], { prepare: true });
  if (found.length === 0) return [];
  const ids = `{${found.map((r) => r.id).join(',')}}`;
  const params = page.rows.params.map((p) => (p === spec.idsMarker ? ids : p)) as Param[];
  const rows = await driver.unsafe<Row[]>(page.rows.sql, params, { prepare: true });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return found.map((r) => byId.get(r.id)).filter((r): r is Row => r !== undefined);
}

/** The home strip's one statement (its counts as one row). */
export async function floorStrip(): Promise<Row> {
  const { spec, driver } = open();
  const [row] = await driver.unsafe<Row[]>(spec.strip.sql, spec.strip.params as Param[], { prepare: true });
  return row ?? {};
}

/** The portal's idle time-out when the firm sets none shorter (its default SESSION_IDLE_MINUTES, as the bench runs it). */
const IDLE_MINUTES = 60;

/**
 * The session row of a session id by the portal's statement, or null when it is unknown, revoked, its user may not
 * sign in, or it has run out (its absolute expiry, or the idle time-out: the firm's when shorter), as the portal checks.
 */
export async function floorSession(sid: string): Promise<Row | null> {
  const { spec, driver } = open();
  const { session, sessionColumns, sessionMarker } = spec.door;
  const params = session.params.map((p) => (p === sessionMarker ? sid : p)) as Param[];
  const [values] = await driver.unsafe(session.sql, params, { prepare: true }).values();
  const row: Row | undefined = values && Object.fromEntries(sessionColumns.map((c, i) => [c, values[i]]));
  if (!row || row.revokedAt || !row.isActive || row.isLocked) return null;
  const firm = Number(row.firmIdleMinutes) || 0;
  const idleMs = (firm > 0 ? Math.min(firm, IDLE_MINUTES) : IDLE_MINUTES) * 60_000;
  const t = Date.now();
  return (row.expiresAt as Date).getTime() > t && (row.lastSeenAt as Date).getTime() + idleMs > t ? row : null;
}
