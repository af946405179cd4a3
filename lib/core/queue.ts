/**
 * The one queue under the background work: the claim / lease / attempts / backoff / give-up
 * bookkeeping of a work table, and the running of "tasks" (drain what is due) by three triggers — the in-process
 * timer of a long-running server, `after()` right after the request that queued work, and the cron route of a
 * serverless platform (app/api/cron/run). Each domain keeps its own table and its own work function; this file
 * holds the mechanism once.
 *
 * A work table has the columns id, status ('pending' → 'sending' → a final status, or back to 'pending'),
 * attempts, next_attempt_at and locked_until (its key and due columns may have other names: `WorkTable`). `claimDue` takes the due rows FOR UPDATE SKIP LOCKED and leases
 * them in one statement, so any number of instances can claim at once and never take the same row; a crashed
 * claimer's rows are taken again when the lease runs out. Leases are short and renewed while the claimer works
 * (`whileLeased`), so a claimer that dies holds its rows for one short lease, not for the longest possible send. `settle` says what a row becomes after an attempt.
 *
 * This is the floor under the domains (lib/core): it imports no domain folder. The tasks are registered by the
 * composition above the domains (lib/server/tasks.ts); the registry lives on globalThis, because the instrumentation
 * bundle that registers them and the route bundles that kick them are separate module graphs of one process.
 */
import { sql, type SQL } from 'drizzle-orm';
import { after } from 'next/server';
import { rowsOf, type Queryable } from '@/db/client';
import { now } from '@/lib/clock';
import { log } from '@/lib/log';
import { inSpan } from '@/lib/telemetry';

// ---------------------------------------------------------------- claim, lease, attempts, backoff, give-up

/** A work table and its lease (see the file comment for the columns it must have). */
export interface WorkTable {
  /** The table's name (an SQL identifier, never user input). */
  table: string;
  /** How long a claim holds; after it, another claimer may take the row again. */
  leaseMs: number;
  /** The row's key column, when it is not `id` (a digest is keyed by its user). */
  idColumn?: string;
  /** The column that says when the row is due, when it is not `next_attempt_at` (a digest's `due_at`). */
  dueColumn?: string;
}

export interface ClaimOptions {
  batch: number;
  /** Extra joins, with the work table aliased `d` (e.g. only rows of an active endpoint). */
  join?: SQL;
  /** An extra condition on `d`. */
  where?: SQL;
  /** The claim order (default d.id). */
  orderBy?: SQL;
}

export interface Claimed {
  id: number;
  /** The attempt this claim is (1 for the first). */
  attempts: number;
}

/**
 * Claims up to `batch` due rows: status pending (or sending with an expired lease), next_attempt_at reached,
 * not leased. Each claimed row becomes 'sending', leased until now + leaseMs, its attempts counted.
 */
export async function claimDue(q: Queryable, w: WorkTable, o: ClaimOptions): Promise<Claimed[]> {
  const t = now();
  const at = t.toISOString();
  const until = new Date(t.getTime() + w.leaseMs).toISOString();
  const table = sql.identifier(w.table);
  const id = sql.identifier(w.idColumn ?? 'id');
  const due = sql.identifier(w.dueColumn ?? 'next_attempt_at');
  const res = await q.execute(sql`
    with due as (
      select d.${id} as id from ${table} d ${o.join ?? sql``}
      where d.status in ('pending', 'sending')
        and d.${due} <= ${at}::timestamptz
        and (d.locked_until is null or d.locked_until <= ${at}::timestamptz)
        ${o.where ? sql`and ${o.where}` : sql``}
      order by ${o.orderBy ?? sql`d.${id}`}
      limit ${o.batch}
      for update of d skip locked)
    update ${table} w set status = 'sending', locked_until = ${until}::timestamptz, attempts = w.attempts + 1
    from due where w.${id} = due.id
    returning w.${id} as id, w.attempts`);
  return rowsOf<{ id: string | number; attempts: string | number }>(res)
    .map((r) => ({ id: Number(r.id), attempts: Number(r.attempts) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Renews the lease of rows this claimer still holds (until now + leaseMs), so a claim can be short and still
 * cover work that takes longer: a claimer that dies stops renewing and its rows are free within one lease.
 * A row counts as held while it is 'sending' with the attempt count of this claim (the claim's fencing token: a
 * later claim by anyone counts one more attempt). Answers the ids still held.
 */
export async function renewLeases(q: Queryable, w: WorkTable, claims: readonly Claimed[]): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const until = new Date(now().getTime() + w.leaseMs).toISOString();
  const table = sql.identifier(w.table);
  const pairs = sql.join(
    claims.map((c) => sql`(${c.id}::bigint, ${c.attempts}::int)`),
    sql`, `,
  );
  const res = await q.execute(sql`
    update ${table} w set locked_until = ${until}::timestamptz
    where w.status = 'sending' and (w.id, w.attempts) in (${pairs})
    returning w.id`);
  return new Set(rowsOf<{ id: string | number }>(res).map((r) => Number(r.id)));
}

/**
 * Keeps the leases of `claims` while `work` runs: renews every third of the lease those not yet released by
 * `work` (through the `release` it is given, once a row is settled). A renewal that fails (the database briefly
 * away) is logged and tried again at the next beat; the lease still covers that long.
 */
export async function whileLeased<T>(
  q: Queryable,
  w: WorkTable,
  claims: readonly Claimed[],
  work: (release: (id: number) => void) => Promise<T>,
): Promise<T> {
  const open = new Map(claims.map((c) => [c.id, c]));
  let renewing: Promise<unknown> | undefined;
  const beat = setInterval(
    () => {
      if (renewing || open.size === 0) return;
      renewing = renewLeases(q, w, [...open.values()])
        .catch((e: unknown) => log().warn({ err: e, table: w.table }, 'lease renewal failed'))
        .finally(() => (renewing = undefined));
    },
    Math.max(100, Math.floor(w.leaseMs / 3)),
  );
  beat.unref();
  try {
    return await work((id) => open.delete(id));
  } finally {
    clearInterval(beat);
    await renewing;
  }
}

/**
 * Puts one row back in line, due now, whatever its state (a person's "send again": a failed, delivered or waiting
 * row): the next claim of `claimDue`, by whichever trigger, takes it with the queue's lease, attempt count and
 * backoff. Answers false when the row is missing or another claimer holds it (a live lease, or its claim still
 * open: SKIP LOCKED), so a row is never sent twice at once. `set`: the domain's own columns, written with it.
 */
export async function requeueNow(q: Queryable, w: WorkTable, id: number, o: { set?: SQL } = {}): Promise<boolean> {
  const at = now().toISOString();
  const table = sql.identifier(w.table);
  const res = await q.execute(sql`
    with one as (
      select d.id from ${table} d
      where d.id = ${id} and (d.locked_until is null or d.locked_until <= ${at}::timestamptz)
      for update of d skip locked)
    update ${table} w set status = 'pending', next_attempt_at = ${at}::timestamptz, locked_until = null ${o.set ? sql`, ${o.set}` : sql``}
    from one where w.id = one.id
    returning w.id`);
  return rowsOf(res).length === 1;
}

/** What waits in a work table: its rows not yet settled, and how long the longest-due of them has been due. */
export interface Backlog {
  depth: number;
  /** Seconds since the oldest due row became due (0 when none is due). */
  oldestAgeSeconds: number;
}

/** The backlog of a work table (read for the queue gauges of lib/server/telemetry.ts, by its due index). */
export async function queueBacklog(q: Queryable, w: WorkTable): Promise<Backlog> {
  const at = now().toISOString();
  const table = sql.identifier(w.table);
  const due = sql.identifier(w.dueColumn ?? 'next_attempt_at');
  const res = await q.execute(sql`
    select count(*) as depth,
      coalesce(extract(epoch from ${at}::timestamptz - min(d.${due}) filter (where d.${due} <= ${at}::timestamptz)), 0)
        as age
    from ${table} d where d.status in ('pending', 'sending')`);
  const [row] = rowsOf<{ depth: string | number; age: string | number }>(res);
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
}

/** How often a row is tried, and how long to wait after a failed attempt. */
export interface RetryPolicy {
  maxAttempts: number;
  /** The wait after the `attempts`-th failed attempt (1 for the first). */
  waitMs(attempts: number): number;
}

/** Doubling waits from `firstMs`, at most `capMs`. */
export function exponentialWaits(firstMs: number, capMs: number): (attempts: number) => number {
  return (attempts) => Math.min(2 ** Math.max(0, attempts - 1) * firstMs, capMs);
}

/** A fixed list of waits (the last one repeats). */
export function scheduledWaits(waitsMs: readonly number[]): (attempts: number) => number {
  return (attempts) => waitsMs[Math.min(Math.max(attempts, 1), waitsMs.length) - 1] ?? 0;
}

/** The bookkeeping columns of a row after an attempt, for the domain to write with its own columns. */
export interface Settlement {
  status: string;
  lockedUntil: null;
  /** Set when the row is tried again. */
  nextAttemptAt?: Date;
  /** The row will not be tried again (done, or given up). */
  final: boolean;
  gaveUp: boolean;
}

/**
 * What a claimed row becomes: `doneStatus` when the attempt succeeded; else 'pending' with the next attempt after
 * the policy's wait, or 'failed' once `attempts` reached the policy's maximum.
 */
export function settle(attempts: number, ok: boolean, policy: RetryPolicy, doneStatus: string): Settlement {
  if (ok) return { status: doneStatus, lockedUntil: null, final: true, gaveUp: false };
  if (attempts >= policy.maxAttempts) return { status: 'failed', lockedUntil: null, final: true, gaveUp: true };
  return {
    status: 'pending',
    lockedUntil: null,
    nextAttemptAt: new Date(now().getTime() + policy.waitMs(attempts)),
    final: false,
    gaveUp: false,
  };
}

// ---------------------------------------------------------------- tasks and their triggers

/** A piece of background work: one run handles what is due (or a batch of it) and says how many items. */
export interface Task {
  name: string;
  /** One run; answers how many items it handled (0: nothing was due). */
  run(): Promise<number>;
  /** The in-process timer's period, or null when the timer must not run it (its worker is off). */
  intervalMs(): number | null;
  /** Run again while a run handled something (a queue), or once per drain (a sweep). Default true. */
  repeat?: boolean;
}

interface TaskState {
  running?: Promise<number>;
  again?: boolean;
  lastRunAt?: number;
}

interface Registry {
  tasks: Map<string, Task>;
  state: Map<string, TaskState>;
  timer?: NodeJS.Timeout;
}

const registryKey = Symbol.for('jms.queue.tasks');

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[registryKey] ??= { tasks: new Map(), state: new Map() });
}

/** Registers (or replaces) a task by name. */
export function registerTask(task: Task): void {
  registry().tasks.set(task.name, task);
}

export function registeredTasks(): Task[] {
  return [...registry().tasks.values()];
}

/** How many rounds one drain makes at most (a guard against a run that always reports work). */
const MAX_ROUNDS = 1000;

/**
 * Drains one task: runs it until nothing is due, the deadline (epoch ms) passes, or after one run for a task that
 * does not repeat. One drain per task at a time in this process: a drain asked for meanwhile makes the running one
 * go round once more (so work queued during a run is not left for the timer) and waits for it.
 */
export function drainTask(name: string, deadline = Number.POSITIVE_INFINITY): Promise<number> {
  const task = registry().tasks.get(name);
  if (!task) return Promise.resolve(0);
  const reg = registry();
  let s = reg.state.get(name);
  if (!s) reg.state.set(name, (s = {}));
  const st = s;
  if (st.running) {
    st.again = true;
    return st.running;
  }
  st.running = (async () => {
    let total = 0;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        st.again = false;
        // A span per run, named by the task (lib/telemetry.ts; nothing while telemetry is off).
        const n = await inSpan(`task ${name}`, { 'jms.task.name': name }, () => task.run());
        total += n;
        if (Date.now() >= deadline) break;
        if (!st.again && (n === 0 || task.repeat === false)) break;
      }
    } finally {
      st.lastRunAt = Date.now();
      st.running = undefined;
    }
    return total;
  })();
  return st.running;
}

export interface DrainReport {
  ms: number;
  tasks: Record<string, { handled: number; error?: string }>;
}

/** Drains every registered task in registration order within `budgetMs`; a failing task does not stop the others. */
export async function drainAll(budgetMs: number): Promise<DrainReport> {
  const start = Date.now();
  const deadline = start + budgetMs;
  const tasks: DrainReport['tasks'] = {};
  for (const t of registeredTasks()) {
    if (Date.now() >= deadline) {
      tasks[t.name] = { handled: 0, error: 'not run: the time budget was spent' };
      continue;
    }
    try {
      tasks[t.name] = { handled: await drainTask(t.name, deadline) };
    } catch (e) {
      log().error({ err: e, task: t.name }, 'background task failed');
      tasks[t.name] = { handled: 0, error: 'failed (logged)' };
    }
  }
  return { ms: Date.now() - start, tasks };
}

/**
 * Trigger 2: drains `name` right after the current response is sent (`after()` of next/server), so work a request
 * queued leaves at once on any platform, serverless included. The rows it drains were written in the request's
 * transaction: by the time the response is sent it has committed (a rolled-back one leaves nothing to send).
 * Outside a request (scripts, tests) `after()` throws: then nothing is scheduled and the timer or the cron route
 * will send it.
 */
export function drainAfterResponse(name: string): void {
  if (!registry().tasks.has(name)) return;
  try {
    after(() =>
      drainTask(name).then(
        () => undefined,
        (e: unknown) => log().error({ err: e, task: name }, 'background task failed'),
      ),
    );
  } catch {
    // Not in a request: the timer or the cron route drains it.
  }
}

/**
 * Trigger 1: one in-process timer for a long-running server (`next start`). Every `tickMs` it drains each task whose
 * own period has passed since its last run; a task with no period (its worker switched off) is left to the other
 * triggers. Started once per process.
 */
export function startTaskTimer(tickMs: number): void {
  const reg = registry();
  if (reg.timer) return;
  const started = Date.now();
  reg.timer = setInterval(() => {
    for (const t of reg.tasks.values()) {
      const every = t.intervalMs();
      if (every === null) continue;
      const s = reg.state.get(t.name);
      if (s?.running) continue;
      if (Date.now() - (s?.lastRunAt ?? started) < every - tickMs / 2) continue;
      drainTask(t.name).catch((e: unknown) => log().error({ err: e, task: t.name }, 'background task failed'));
    }
  }, tickMs);
  reg.timer.unref();
}

export function stopTaskTimer(): void {
  const reg = registry();
  if (reg.timer) clearInterval(reg.timer);
  reg.timer = undefined;
}
