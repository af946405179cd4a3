import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { ForbiddenError } from '@/lib/core/errors';
import { JOB_STATUSES, PAGE_SIZES } from '@/lib/reference';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn, type JobRow } from '@/test/factories';
import { DEFAULT_JOB_QUERY, type JobListQuery } from './list-schema';
import { listJobs } from './queries';

const q = (over: Partial<JobListQuery> = {}): JobListQuery => ({ ...DEFAULT_JOB_QUERY, statuses: [], ...over });
const all = { page: 1, size: 0 };
const ids = (r: { rows: { id: number }[] }) => r.rows.map((x) => x.id);
const H = 3_600_000;
const BASE = Date.parse('2026-02-01T00:00:00Z');
const at = (hours: number) => new Date(BASE + hours * H);

/** A client with seven jobs whose every listed column differs, and a second client with look-alike jobs. */
async function fixture() {
  const me = await signedIn(3);
  const other = await makeClient();
  const rows: JobRow[] = [];
  const spec = [
    {
      matterReference: 'HV-ALPHA-7',
      description: 'court book bundle',
      contactName: 'olivia chen',
      status: 8,
      createdAt: at(5),
      dueAt: at(50),
      deliveredAt: at(40),
    },
    {
      matterReference: 'HV-BRAVO-3',
      description: 'affidavit exhibits',
      contactName: 'james wright',
      status: 12,
      createdAt: at(1),
      dueAt: at(30),
      deliveredAt: null,
    },
    {
      matterReference: 'HV-CHARLIE_1',
      description: 'trial folders 100%',
      contactName: 'priya natarajan',
      status: 15,
      createdAt: at(9),
      dueAt: at(20),
      deliveredAt: null,
    },
    {
      matterReference: 'HV-DELTA-4',
      description: 'discovery bundle',
      contactName: 'noah williams',
      status: 10,
      createdAt: at(3),
      dueAt: at(60),
      deliveredAt: null,
    },
    {
      matterReference: 'HV-ECHO-2',
      description: 'expert reports',
      contactName: 'mei tanaka',
      status: 8,
      createdAt: at(7),
      dueAt: at(10),
      deliveredAt: at(8),
    },
    {
      matterReference: 'HV-FOXTROT-6',
      description: 'pleadings',
      contactName: 'liam oconnor',
      status: 1,
      createdAt: at(2),
      dueAt: at(70),
      deliveredAt: null,
    },
    {
      matterReference: 'HV-GOLF-5',
      description: 'witness statements',
      contactName: 'sofia rossi',
      status: 8,
      createdAt: at(8),
      dueAt: at(40),
      deliveredAt: at(45),
    },
  ];
  for (const s of spec) rows.push(await makeJob({ clientId: me.clientId, orderType: 3, ...s }));
  // Another client's jobs match every filter used below; none may ever show.
  for (const s of spec) await makeJob({ clientId: other.id, ...s });
  return { me, other, rows };
}

describe('listJobs', () => {
  useTestDatabase();
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('lists only the actor’s client’s jobs, newest first by default, with the total', async () => {
    const { me, rows } = await fixture();
    const r = await listJobs(me.actor, q(), { page: 1, size: 10 });
    expect(r.totalCount).toBe(7);
    expect(ids(r)).toEqual([...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((j) => j.id));
    expect(r.rows.every((x) => rows.some((j) => j.id === x.id))).toBe(true);
  });

  it('refuses an actor without a client (internal staff have no job list)', async () => {
    const staff = await makeUser({ role: 1, clientId: null });
    const actor = {
      userId: staff.id,
      clientId: null,
      role: 1 as const,
      userName: staff.userName,
      timeZone: 'UTC',
      sessionId: 'x',
    };
    await expect(listJobs(actor, q(), all)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it.each([
    ['matterReference', 'echo', ['HV-ECHO-2']],
    ['matterReference', 'hv-b', ['HV-BRAVO-3']],
    ['matterReference', '_1', ['HV-CHARLIE_1']],
    ['matterReference', '_', ['HV-CHARLIE_1']],
    ['description', 'BUNDLE', ['HV-ALPHA-7', 'HV-DELTA-4']],
    ['description', '100%', ['HV-CHARLIE_1']],
    ['description', '%', ['HV-CHARLIE_1']],
    ['contactName', 'WILL', ['HV-DELTA-4']],
    ['contactName', 'nobody', []],
  ] as const)('filters %s containing %j (case-insensitive, wildcards literal)', async (field, value, expected) => {
    const { me } = await fixture();
    const r = await listJobs(me.actor, q({ [field]: value }), all);
    expect(r.rows.map((x) => x.matterReference).sort()).toEqual([...expected].sort());
    expect(r.totalCount).toBe(expected.length);
  });

  it('filters by JMS number (contains)', async () => {
    const { me, rows } = await fixture();
    const target = rows[3];
    if (!target) throw new Error('fixture');
    const r = await listJobs(me.actor, q({ jmsNumber: target.jmsNumber.slice(1) }), all);
    expect(ids(r)).toContain(target.id);
    expect(r.rows.every((x) => x.jmsNumber.includes(target.jmsNumber.slice(1)))).toBe(true);
  });

  it('filters by the client name: the actor’s own client matches, anything else gives nothing', async () => {
    const { me, other } = await fixture();
    const mine = await listJobs(me.actor, q({ clientName: 'CLIENT' }), all);
    expect(mine.totalCount).toBe(7);
    const theirs = await listJobs(me.actor, q({ clientName: other.name }), all);
    expect(theirs.totalCount).toBe(0);
    expect(theirs.rows).toEqual([]);
  });

  it('filters by a list of statuses', async () => {
    const { me } = await fixture();
    const r = await listJobs(me.actor, q({ statuses: [8, 15] }), all);
    expect(r.rows.map((x) => x.status).sort()).toEqual([15, 8, 8, 8].sort());
    expect(r.totalCount).toBe(4);
  });

  it('combines filters (AND)', async () => {
    const { me } = await fixture();
    const r = await listJobs(me.actor, q({ statuses: [8], description: 'bundle' }), all);
    expect(r.rows.map((x) => x.matterReference)).toEqual(['HV-ALPHA-7']);
  });

  it('matches quotes and backslashes in a contains filter literally (its values are written into the statement)', async () => {
    const { me } = await fixture();
    const job = await makeJob({
      clientId: me.clientId,
      contactName: "Seán O'Brien \\ Co",
      matterReference: 'HV-QUOTE',
    });
    expect(ids(await listJobs(me.actor, q({ contactName: "o'brien \\ c" }), all))).toEqual([job.id]);
    expect(
      ids(await listJobs(me.actor, q({ contactName: "o'brien \\", matterReference: 'quote' }), { page: 1, size: 10 })),
    ).toEqual([job.id]);
    const hostile = await listJobs(me.actor, q({ description: "x'); delete from jobs; --" }), all);
    expect(hostile.rows).toEqual([]);
    expect((await listJobs(me.actor, q(), all)).totalCount).toBe(8);
  });

  it('marks jobs with feedback', async () => {
    const { me, rows } = await fixture();
    const { saveJobFeedback } = await import('./feedback');
    const delivered = rows.find((r) => r.status === 8);
    if (!delivered) throw new Error('fixture');
    await saveJobFeedback(me.actor, { jobId: delivered.id, feedBack: 4, comments: '' });
    const r = await listJobs(me.actor, q(), all);
    expect(r.rows.filter((x) => x.hasFeedback).map((x) => x.id)).toEqual([delivered.id]);
  });
});

describe('listJobs sorting', () => {
  useTestDatabase();
  const rank = (s: number) => JOB_STATUSES.findIndex((x) => x.id === s);
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  type Cmp = (a: JobRow, b: JobRow) => number;
  const byKey: Record<number, Cmp> = {
    1: (a, b) => a.jmsNumber.length - b.jmsNumber.length || text(a.jmsNumber, b.jmsNumber),
    2: (a, b) => text(a.matterReference, b.matterReference),
    3: (a, b) => text(a.description, b.description),
    4: (a, b) => text(a.contactName, b.contactName),
    5: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    6: (a, b) => a.dueAt.getTime() - b.dueAt.getTime(),
    8: (a, b) => rank(a.status) - rank(b.status),
  };
  byKey[0] = byKey[5] as Cmp;

  function expected(rows: JobRow[], sortBy: number, dir: 1 | 2): number[] {
    const sign = dir === 1 ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        if (sortBy === 7) {
          // Time delivered: undelivered jobs last in both directions.
          if (!a.deliveredAt || !b.deliveredAt) return a.deliveredAt ? -1 : b.deliveredAt ? 1 : sign * (a.id - b.id);
          return sign * (a.deliveredAt.getTime() - b.deliveredAt.getTime() || a.id - b.id);
        }
        return sign * ((byKey[sortBy] as Cmp)(a, b) || a.id - b.id);
      })
      .map((j) => j.id);
  }

  it.each(
    [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap(
      (c) =>
        [
          [c, 1],
          [c, 2],
        ] as [number, 1 | 2][],
    ),
  )('sorts by column %i, direction %i, ties broken by id', async (sortBy, dir) => {
    const { me, rows } = await fixture();
    // Ties on every column, so the id tiebreak shows.
    const twin = await makeJob({
      clientId: me.clientId,
      matterReference: 'HV-ECHO-2',
      description: 'pleadings',
      contactName: 'mei tanaka',
      status: 8,
      createdAt: at(7),
      dueAt: at(10),
      deliveredAt: at(8),
    });
    const longNumber = await makeJob({
      clientId: me.clientId,
      jmsNumber: `1${String(800000 + Math.floor(Math.random() * 99999))}`,
      status: 12,
      createdAt: at(4),
      dueAt: at(33),
    });
    const all7 = [...rows, twin, longNumber];
    const r = await listJobs(me.actor, q({ sortBy, sortOrder: dir }), { page: 1, size: 0 });
    expect(ids(r)).toEqual(expected(all7, sortBy, dir));
  });
});

describe('listJobs paging', () => {
  const t = useTestDatabase();

  // The sizes the pages offer (written into the statements) and one only a legacy caller asks for (a parameter).
  it.each([...PAGE_SIZES, 7].map((s) => [s]))(
    'pages of size %i cover the list exactly once, in order',
    async (size) => {
      const me = await signedIn(3);
      const n = 105;
      await t
        .db()
        .insert(jobs)
        .values(
          Array.from({ length: n }, (_, i) => ({
            clientId: me.clientId,
            orderType: 4,
            contactName: `contact ${i}`,
            email: 'c@example.com',
            contactPhone: '0290001234',
            matterReference: `M-${i}`,
            address: 'x',
            readyAt: at(i),
            dueAt: at(i + 2),
            createdAt: at(i % 50),
          })),
        );
      const full = ids(await listJobs(me.actor, q(), { page: 1, size: 0 }));
      expect(full).toHaveLength(n);
      if (size === 0) return;
      const seen: number[] = [];
      const pages = Math.ceil(n / size);
      for (let p = 1; p <= pages; p++) {
        const r = await listJobs(me.actor, q(), { page: p, size });
        expect(r.totalCount).toBe(n);
        expect(r.pageSize).toBe(size);
        expect(r.rows.length).toBe(p < pages ? size : n - size * (pages - 1));
        seen.push(...ids(r));
      }
      expect(seen).toEqual(full);
      const beyond = await listJobs(me.actor, q(), { page: pages + 1, size });
      expect(beyond.rows).toEqual([]);
      expect(beyond.totalCount).toBe(n);
    },
  );
});

describe('listJobs time filters (user’s time zone, fixed clock)', () => {
  useTestDatabase();
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());
  // 10 March 2026, 13:00 in Sydney (UTC+11).
  const NOW = '2026-03-10T02:00:00Z';
  const z = (s: string) => new Date(s);

  async function timeFixture() {
    restore = setClock(fixedClock(NOW));
    const me = await signedIn(3);
    const mk = (name: string, over: Partial<JobRow>) =>
      makeJob({
        clientId: me.clientId,
        matterReference: name,
        createdAt: z('2025-01-01T00:00:00Z'),
        dueAt: z('2027-01-01T00:00:00Z'),
        ...over,
      });
    await mk('today-early', { createdAt: z('2026-03-09T13:30:00Z'), dueAt: z('2026-03-10T12:00:00Z') });
    await mk('yesterday-late', {
      createdAt: z('2026-03-09T12:59:00Z'),
      dueAt: z('2026-03-10T13:00:00Z'),
      status: 8,
      deliveredAt: z('2026-03-09T12:00:00Z'),
    });
    await mk('five-days', { createdAt: z('2026-03-05T01:00:00Z'), dueAt: z('2026-03-09T05:00:00Z'), status: 2 });
    await mk('twenty-days', { createdAt: z('2026-02-18T01:00:00Z'), dueAt: z('2026-03-05T05:00:00Z'), status: 10 });
    await mk('last-month', {
      createdAt: z('2026-02-01T00:00:00Z'),
      dueAt: z('2026-03-16T01:00:00Z'),
      status: 8,
      deliveredAt: z('2026-03-10T01:00:00Z'),
    });
    await mk('old', {
      createdAt: z('2025-02-01T00:00:00Z'),
      dueAt: z('2026-04-01T00:00:00Z'),
      status: 8,
      deliveredAt: z('2026-02-20T00:00:00Z'),
    });
    return me;
  }

  const names = (r: { rows: { matterReference: string }[] }) => r.rows.map((x) => x.matterReference).sort();

  it.each([
    [1, ['today-early']],
    [2, ['yesterday-late']],
    [3, ['five-days', 'today-early', 'yesterday-late']],
    [4, ['five-days', 'today-early', 'twenty-days', 'yesterday-late']],
    [5, ['five-days', 'today-early', 'yesterday-late']],
    [6, ['last-month', 'twenty-days']],
    [7, ['five-days', 'last-month', 'today-early', 'twenty-days', 'yesterday-late']],
  ])('time created bucket %i', async (bucket, expected) => {
    const me = await timeFixture();
    expect(names(await listJobs(me.actor, q({ timeCreated: bucket }), all))).toEqual([...expected].sort());
  });

  it.each([
    [1, ['five-days']],
    [2, ['today-early']],
    [3, ['yesterday-late']],
    [4, ['last-month', 'today-early', 'yesterday-late']],
    [5, ['last-month', 'old', 'today-early', 'yesterday-late']],
    [6, ['five-days']],
    [7, ['five-days', 'today-early', 'twenty-days']],
  ])('time due bucket %i', async (bucket, expected) => {
    const me = await timeFixture();
    expect(names(await listJobs(me.actor, q({ timeDue: bucket }), all))).toEqual([...expected].sort());
  });

  it.each([
    [1, ['last-month']],
    [2, ['yesterday-late']],
    [3, ['last-month', 'yesterday-late']],
    [4, ['last-month', 'old', 'yesterday-late']],
    [5, ['last-month', 'yesterday-late']],
    [6, ['old']],
    [7, ['five-days', 'today-early', 'twenty-days']],
  ])('time delivered bucket %i', async (bucket, expected) => {
    const me = await timeFixture();
    expect(names(await listJobs(me.actor, q({ timeDelivered: bucket }), all))).toEqual([...expected].sort());
  });
});
