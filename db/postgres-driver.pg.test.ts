/**
 * The postgres driver alone, on real PostgreSQL, while the server terminates all its connections every second
 * (as a failover, a pooler restart or a network blip does) under 8 callers: callers get errors during the cuts,
 * never an uncaught exception, and the pool serves queries again within seconds of the last cut.
 * The driver is patched for this (patches/, applied by `npm install`): unpatched, a connection whose socket
 * closed with a write pending keeps a stale write timer and never flushes again, so every later query on it,
 * and each reconnect's start-up message, waits out the connect time-out; and a write to a closed socket throws an
 * uncaught TypeError, which this test catches.
 *
 * The patch also makes a connection forget what it read from a socket that closed: unpatched, the server's error
 * for a terminated connection (57P01) stays behind and fails the first query of the next connection, which is
 * healthy; and a connection cut while it fetches the array types (its start-up query) drops that rejection
 * unhandled, fails its first query with the old error and never fetches the types, so array parameters break. Two
 * cases below cut at exactly those moments (the second through a TCP proxy that terminates the backend when the
 * types query passes).
 *
 * The pool has the portal's connect time-out (DB_CONNECT_TIMEOUT_SECONDS, 10 s), its other settings are the driver's.
 * Recovery is allowed the connect time-out plus 10 s: a reservation (the test's own probe; the portal does not
 * reserve connections) can still wait out the time-out when its connection is cut while it starts.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import '@/test/env';
import { config } from '@/lib/config';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const appName = `jms_driver_cut_${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Recovery allowed after the last cut: a reservation cut while its connection starts can wait out the connect time-out. */
const RECOVERY_MS = config().DB_CONNECT_TIMEOUT_SECONDS * 1000 + 10_000;

const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => uncaught.push(e);
process.on('uncaughtException', onUncaught);
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
process.on('unhandledRejection', onUnhandled);

// The driver as it ships (plus the patch), with the portal's connect time-out (see above).
const sql = postgres(url, {
  max: 4,
  connect_timeout: config().DB_CONNECT_TIMEOUT_SECONDS,
  connection: { application_name: appName },
  onnotice: () => undefined,
});
const admin = postgres(url, { max: 1, onnotice: () => undefined });

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUnhandled);
  await sql.end({ timeout: 1 });
  await admin.end({ timeout: 1 });
});

/** One query that answers 'ok', the error code, or 'hung' when it takes longer than `ms`. */
function probe(ms: number): Promise<string> {
  return Promise.race([
    sql`select 1 as one, ${'x'.repeat(64)} as pad`.then(
      () => 'ok',
      (e: { code?: string }) => e.code ?? 'error',
    ),
    sleep(ms).then(() => 'hung'),
  ]);
}

/** Reserves all 4 connections at once and runs a query on each: 'ok', or 'hung' when that takes longer than `ms`. */
async function wholePool(ms: number): Promise<string> {
  const reserving = Array.from({ length: 4 }, () => sql.reserve());
  const work = Promise.all(
    reserving.map(async (r) => {
      const conn = await r;
      try {
        await conn`select 1 as one`;
      } finally {
        conn.release();
      }
    }),
  ).then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? 'error',
  );
  const answer = await Promise.race([work, sleep(ms).then(() => 'hung')]);
  // A reservation still pending when the time ran out is released as soon as it arrives.
  if (answer !== 'ok')
    for (const r of reserving)
      void r.then(
        (c) => c.release(),
        () => undefined,
      );
  return answer;
}

it('survives every backend being terminated under 8 callers and serves queries again within seconds', async () => {
  let stop = false;
  let served = 0;
  let failed = 0;
  // Callers as a server's requests are: each waits for its query, however long it takes.
  const callers = Array.from({ length: 8 }, async () => {
    while (!stop) {
      try {
        await sql`select 1 as one, ${'x'.repeat(64)} as pad`;
        served++;
      } catch {
        failed++;
      }
    }
  });

  let cuts = 0;
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    await sleep(1_000);
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${appName}`;
    cuts++;
  }
  stop = true;
  const lastCut = Date.now();
  // How soon every caller's last call settles (answered or failed) is logged, not asserted: the driver still has a
  // rarer fault of its own under cuts, where a call made just as its connection closes waits out the connect
  // time-out. The patched fault is asserted below: no uncaught exception, and the pool serving again.
  const settling = Promise.race([Promise.all(callers).then(() => true), sleep(10_000).then(() => false)]);

  // Recovery: the first moment every connection of the pool (4 reserved at once) answers within a second.
  let recoveredAfterMs: number | null = null;
  while (Date.now() - lastCut < RECOVERY_MS + 5_000) {
    if ((await wholePool(1_000)) === 'ok') {
      recoveredAfterMs = Date.now() - lastCut;
      break;
    }
    await sleep(100);
  }
  const settled = await settling;
  console.log(
    `driver cuts: ${cuts} cuts, ${served} served, ${failed} failed, callers settled within 10 s: ${settled}, pool recovered after ${recoveredAfterMs} ms`,
  );

  expect(uncaught.map(String)).toEqual([]);
  expect(served).toBeGreaterThan(0);
  expect(recoveredAfterMs).not.toBeNull();
  expect(recoveredAfterMs!).toBeLessThan(RECOVERY_MS);
  // And it stays served.
  for (let i = 0; i < 5; i++) {
    expect(await Promise.all(Array.from({ length: 8 }, () => probe(1_000)))).toEqual(Array(8).fill('ok'));
    expect(await wholePool(1_000)).toBe('ok');
  }
}, 60_000);

/** Terminates the backends of the pool named `name` (its application_name). */
async function terminate(name: string): Promise<void> {
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`;
}

/** 'ok', or the error code a query failed with. */
const outcome = (q: Promise<unknown>) =>
  q.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? 'error',
  );

it('a query cut by the server fails with its reason, and the next query answers on a new connection', async () => {
  const name = `jms_driver_stale_${randomBytes(4).toString('hex')}`;
  const one = postgres(url, { max: 1, connection: { application_name: name }, onnotice: () => undefined });
  try {
    await one`select 1 as one`;
    const running = outcome(one`select pg_sleep(5)`);
    // Terminated while the query runs (the server sends its FATAL error, then closes the connection).
    while (
      (await admin`select 1 from pg_stat_activity where application_name = ${name} and state = 'active'`).length === 0
    )
      await sleep(20);
    await terminate(name);
    expect(await running).toBe('57P01');
    expect(await outcome(one`select 1 as one`)).toBe('ok');
    expect(unhandled.map(String)).toEqual([]);
  } finally {
    await one.end({ timeout: 1 });
  }
});

it('a connection cut while it fetches the array types reconnects, answers its first query and fetches them again', async () => {
  const name = `jms_driver_types_${randomBytes(4).toString('hex')}`;
  const target = new URL(url);
  let cut = 0;
  // A TCP proxy in front of PostgreSQL: the first time the driver's array-types query passes, it holds the query
  // back and has the server terminate that backend, so the connection closes while the query is in flight.
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    server.on('data', (d) => client.write(d));
    server.on('close', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('error', () => undefined);
    client.on('error', () => undefined);
    client.on('data', (d: Buffer) => {
      if (cut === 0 && d.includes('typarray')) {
        cut++;
        void terminate(name);
        return;
      }
      server.write(d);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as net.AddressInfo).port;
  const viaProxy = postgres({
    host: '127.0.0.1',
    port,
    user: target.username || 'postgres',
    database: target.pathname.slice(1) || 'postgres',
    max: 1,
    connection: { application_name: name },
    onnotice: () => undefined,
  });
  try {
    expect(await outcome(viaProxy`select 1 as one`)).toBe('ok');
    expect(cut).toBe(1);
    // The types were fetched on the new connection: an array parameter is sent as an int[].
    const [row] = await viaProxy<{ a: number[] }[]>`select ${viaProxy.array([1, 2])}::int[] as a`;
    expect(row?.a).toEqual([1, 2]);
    expect(unhandled.map(String)).toEqual([]);
  } finally {
    await viaProxy.end({ timeout: 1 });
    proxy.close();
  }
});
