/**
 * GET /api/ready against a database that accepts connections and never answers (a hung server, a wedged pool):
 * it answers 503 within DB_READY_TIMEOUT_MS, not after the pool's connect time-out. And 200 on a database that
 * answers.
 */
import '@/test/env';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET } from '@/app/api/ready/route';
import { bindDatabase, currentHandle, openDatabase, type DbHandle } from '@/db/client';
import { resetConfigForTests } from '@/lib/config';

let silent: Server;
const sockets: Socket[] = [];
let hung: DbHandle;
let previous: DbHandle | undefined;

beforeAll(async () => {
  process.env.DB_READY_TIMEOUT_MS = '1000';
  resetConfigForTests();
  silent = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const { port } = silent.address() as AddressInfo;
  // A connect time-out far beyond the readiness time-out: only readiness's own limit can answer in time.
  hung = openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none`, max: 1, connectTimeout: 60 });
  previous = currentHandle();
});

afterAll(async () => {
  if (previous) bindDatabase(previous);
  if (hung.raw.kind === 'postgres') await hung.raw.client.end({ timeout: 0 });
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
  delete process.env.DB_READY_TIMEOUT_MS;
  resetConfigForTests();
});

const ready = () => GET(new Request('http://localhost/api/ready'));

it('answers 503 within its time-out while the database does not answer', async () => {
  bindDatabase(hung);
  const started = Date.now();
  const res = await ready();
  const ms = Date.now() - started;
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ status: 'not ready', reason: 'database not answering' });
  expect(ms).toBeGreaterThanOrEqual(900);
  expect(ms).toBeLessThan(5_000);
});

it('answers 200 when the database answers', async () => {
  const ok = openDatabase({ dataDir: 'memory://' });
  await ok.db.execute(sql`select 1`); // the embedded database has started (it can take seconds on a busy machine)
  bindDatabase(ok);
  try {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  } finally {
    await ok.close();
  }
});
