/**
 * db:move (issue 31) on the real PostgreSQL of TEST_DATABASE_URL: the embedded database with the demo data and
 * generated jobs is copied into a new, empty database (created here and dropped after): every table's row count
 * is the same on both sides, the rows are the same rows, the sequences continue after the copied ids, the
 * counters' triggers work again, a demo user's password still signs in, and a second move into the now
 * non-empty database is refused with nothing written. Runs in the "postgres" vitest project only.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATA_DIR } from '@/test/env';
import { openDatabase, type DbHandle } from '@/db/client';
import { parseConfig } from '@/lib/config';
import { verifyPassword } from '@/lib/auth/password';
import { seedBulkJobs } from '@/scripts/seed/bulk';
import { seedDemo } from '@/scripts/seed/demo';
import { seedReference } from '@/scripts/seed/reference';
import { MOVE_MSG, MoveError, moveDatabase, type MoveReport } from './move';
import { nextSteps } from './next-steps';

const PASSWORD = 'Harbour#Vale2026';
const GENERATED_JOBS = 6_000;

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required (this file runs in the postgres project)');
  return url;
}

describe('db:move: the embedded database into an empty PostgreSQL database', () => {
  const name = `jms_move_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let targetUrl = '';
  let source: DbHandle;
  let target: postgres.Sql;
  let report: MoveReport;
  const log: string[] = [];
  const one = async <T>(q: Promise<T[]>): Promise<T> => (await q)[0]!;

  beforeAll(async () => {
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const u = new URL(adminUrl());
    u.pathname = `/${name}`;
    targetUrl = u.toString();
    source = openDatabase({ dataDir: 'memory://' });
    await source.migrate();
    await source.db.transaction(async (tx) => {
      await seedReference(tx);
      await seedDemo(tx, PASSWORD);
    });
    await seedBulkJobs(source.db, GENERATED_JOBS, PASSWORD);
    // Small ranges, so the large tables are copied in several COPY statements.
    report = await moveDatabase(source, targetUrl, (l) => log.push(l), { chunkRows: 1_000 });
    target = postgres(targetUrl, { max: 1, onnotice: () => undefined });
  }, 300_000);

  afterAll(async () => {
    await target?.end();
    await source?.close();
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => undefined });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const src = async <T>(query: string): Promise<T> => {
    if (source.raw.kind !== 'pglite') throw new Error('pglite expected');
    return (await source.raw.client.query<T>(query)).rows[0]!;
  };

  it('copies every table: the same row count on both sides, the demo data and the generated jobs', async () => {
    expect(report.tables.length).toBeGreaterThan(30);
    for (const t of report.tables) expect(t.target, t.table).toBe(t.source);
    const jobs = report.tables.find((t) => t.table === 'jobs');
    expect(jobs!.target).toBeGreaterThanOrEqual(GENERATED_JOBS + 300);
    expect(report.tables.find((t) => t.table === 'users')!.target).toBeGreaterThan(500);
    expect(report.rows).toBe(report.tables.reduce((s, t) => s + t.source, 0));
    // Counted again on the target, outside the move.
    const there = await one(target<{ n: string }[]>`select count(*) as n from jobs`);
    expect(Number(there.n)).toBe(jobs!.source);
    expect(log.some((l) => l.startsWith('  jobs: '))).toBe(true);
  });

  it('the rows are the same rows (ids, numbers, statuses, blocks, times, the job counters, the audit log)', async () => {
    const digest = `select md5(string_agg(id || ':' || jms_number || ':' || status || ':' || matter_reference || ':' || instruction_block::text || ':' || (extract(epoch from due_at) * 1000)::bigint, ',' order by id)) as d from jobs`;
    expect((await one(target.unsafe<{ d: string }[]>(digest))).d).toBe((await src<{ d: string }>(digest)).d);
    const counts = `select string_agg(client_id || '/' || status || '=' || n, ',' order by client_id, status) as d from job_status_counts`;
    expect((await one(target.unsafe<{ d: string }[]>(counts))).d).toBe((await src<{ d: string }>(counts)).d);
    const audit = `select count(*)::text || ':' || coalesce(max(id), 0)::text as d from audit_log`;
    expect((await one(target.unsafe<{ d: string }[]>(audit))).d).toBe((await src<{ d: string }>(audit)).d);
  });

  it('sequences continue after the copied ids, and the counters follow new jobs again (triggers back on)', async () => {
    const max = Number((await one(target<{ m: string }[]>`select max(id) as m from jobs`)).m);
    const next = Number(
      (await one(target<{ n: string }[]>`select nextval(pg_get_serial_sequence('jobs', 'id')) as n`)).n,
    );
    expect(next).toBeGreaterThan(max);
    expect(report.sequences).toBeGreaterThan(10);
    const disabled = await target<
      { n: string }[]
    >`select count(*) as n from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled = 'D'`;
    expect(Number(disabled[0]!.n)).toBe(0);
    const [client] = await target<{ id: number }[]>`select id from clients where account_number = 'HV1001'`;
    const before = Number(
      (
        await one(
          target<{ n: string | null }[]>`select sum(n) as n from job_status_counts where client_id = ${client!.id}`,
        )
      ).n,
    );
    await target.begin(async (tx) => {
      await tx`insert into jobs (client_id, order_type, status, description, contact_name, email, contact_phone, matter_reference, address, ready_at, due_at, instruction_block)
        select client_id, order_type, status, description, contact_name, email, contact_phone, matter_reference, address, ready_at, due_at, instruction_block from jobs where client_id = ${client!.id} limit 1`;
    });
    const after = Number(
      (
        await one(
          target<{ n: string | null }[]>`select sum(n) as n from job_status_counts where client_id = ${client!.id}`,
        )
      ).n,
    );
    expect(after).toBe(before + 1);
  });

  it('a demo user signs in with the same password (the hashes came across whole)', async () => {
    const [u] = await target<{ h: string }[]>`select password_hash as h from users where user_name = 'hv.user'`;
    expect(await verifyPassword(u!.h, PASSWORD)).toBe(true);
    expect(await verifyPassword(u!.h, `${PASSWORD}x`)).toBe(false);
  });

  it('refuses a database that is not empty, with a clear message, and writes nothing', async () => {
    const jobsBefore = (await one(target<{ n: string }[]>`select count(*) as n from jobs`)).n;
    const err = await moveDatabase(source, targetUrl).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MoveError);
    expect((err as Error).message).toMatch(
      /^The target database is not empty \(\d+ objects, e\.g\. .+\)\. db:move copies only into an empty database: create a new one/,
    );
    expect((err as Error).message).toBe(
      MOVE_MSG.notEmpty(
        Number((err as Error).message.match(/\((\d+) objects/)![1]),
        (err as Error).message.match(/e\.g\. (.+)\)\. db:move/)![1]!.split(', '),
      ),
    );
    expect((await one(target<{ n: string }[]>`select count(*) as n from jobs`)).n).toBe(jobsBefore);
  });

  it('tells what to set next: DATABASE_URL (password hidden), and the two secrets kept in the data directory', () => {
    const c = parseConfig({ DATA_DIR: TEST_DATA_DIR });
    const u = new URL(targetUrl);
    u.username = 'jms';
    u.password = 's3cret';
    const withPassword = u.toString();
    const lines = nextSteps(c, withPassword).join('\n');
    expect(lines).toContain('DATABASE_URL=postgres://jms:****@');
    expect(lines).not.toContain('s3cret');
    expect(lines).toContain(`AUTH_SECRET="$(cat ${path.join(TEST_DATA_DIR, 'auth-secret')})"`);
    expect(lines).toContain(`TOTP_ENCRYPTION_KEY="$(cat ${path.join(TEST_DATA_DIR, 'totp-key')})"`);
    expect(lines).not.toContain(c.authSecret);
    const set = nextSteps(parseConfig({ DATA_DIR: TEST_DATA_DIR, AUTH_SECRET: 'x'.repeat(40) }), targetUrl).join('\n');
    expect(set).toContain('AUTH_SECRET: keep the value set now');
  });
});
