/**
 * The postgres driver alone, on real PostgreSQL, while the server terminates all its connections every second
 * (as a failover, a pooler restart or a network blip does) under 8 callers: callers get errors during the cuts,
 * never an uncaught exception, and the pool serves queries again within seconds of the last cut.
 * The driver is patched for this (patches/, applied by `npm install`): unpatched, a connection whose socket
 * closed with a write pending keeps a stale write timer and never flushes again, so every later query on it,
 * and each reconnect's start-up message, waits out the connect time-out; and a write to a closed socket throws an
 * uncaught TypeError, which this test catches.
 *
 * The pool has the portal's connect time-out (DB_CONNECT_TIMEOUT_SECONDS, 10 s), its other settings are the driver's.
 * The driver still has a rarer fault of its own under cuts (docs/decisions/045-fault-suite.md, "Not done"): now and
 * then a reconnect made just as its connection closes waits out that time-out. With the driver's own 30 s default
 * such a connection was still connecting when the 15 s then allowed for recovery ran out, so the test failed on the
 * known residual fault instead of the one it guards. Recovery is now allowed the connect time-out plus 10 s.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import '@/test/env';
import { config } from '@/lib/config';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const appName = `jms_driver_cut_${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Recovery allowed after the last cut: a connection caught by the residual fault waits out the connect time-out. */
const RECOVERY_MS = config().DB_CONNECT_TIMEOUT_SECONDS * 1000 + 10_000;

const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => uncaught.push(e);
process.on('uncaughtException', onUncaught);

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
