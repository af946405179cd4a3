import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '@/db/schema';
import { csvBatchStream, csvResponse } from '@/lib/lists/csv';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedIn } from '@/test/factories';
import { JOB_TEXT_FIELDS } from '@/lib/job-fields';
import { JOB_CSV_HEADER, jobExportBatches, jobExportRows, jobExportStream } from './export';
import { DEFAULT_JOB_QUERY, type JobListQuery } from './list-schema';
import { listJobs } from './queries';

const q = (over: Partial<JobListQuery> = {}): JobListQuery => ({ ...DEFAULT_JOB_QUERY, statuses: [], ...over });
const H = 3_600_000;
const at = (h: number) => new Date(Date.parse('2026-02-01T00:00:00Z') + h * H);

/** The headers of the optional text fields (lib/job-fields.ts) the CSV carries after its fixed columns. */
const CSV_TEXT_HEADERS = JOB_TEXT_FIELDS.flatMap((f) => (f.csv ? [f.csv] : []));

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** Jobs with ties on every sort key, microsecond timestamps, undelivered jobs and text that needs escaping. */
async function fixture() {
  const me = await signedIn(3);
  const other = await makeClient();
  const values = Array.from({ length: 23 }, (_, i) => ({
    clientId: me.clientId,
    orderType: 1 + (i % 8),
    status: [8, 12, 15, 2, 10][i % 5] ?? 12,
    contactName: ['amy', 'bob', 'cal'][i % 3] ?? 'amy',
    email: 'c@example.com',
    contactPhone: '0290001234',
    matterReference: `M-${i % 4}`,
    description:
      i === 0
        ? '=HYPERLINK("http://evil")'
        : i === 1
          ? 'copies, "urgent"\nsecond line'
          : i === 2
            ? ''
            : `desc ${i % 6}`,
    address: 'x',
    readyAt: at(i),
    dueAt: at(i % 7),
    deliveredAt: i % 5 === 0 ? at(i % 3) : null,
    // Several jobs share the same instant, down to the microsecond.
    createdAt: sql`${`2026-02-0${1 + (i % 3)} 00:00:00.${String(123456 + (i % 2)).padStart(6, '0')}+00`}::timestamptz`,
  }));
  const { getDb } = await import('@/db/client');
  await (await getDb()).insert(jobs).values(values);
  await makeJob({ clientId: other.id, matterReference: 'M-1', description: 'desc 1' });
  return me;
}

describe('job export', () => {
  useTestDatabase();

  it.each(
    [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap(
      (c) =>
        [
          [c, 1],
          [c, 2],
        ] as [number, 1 | 2][],
    ),
  )(
    'holds exactly the list, in its order, for sort %i direction %i (keyset batches of 4)',
    async (sortBy, sortOrder) => {
      const me = await fixture();
      const query = q({ sortBy, sortOrder });
      const list = await listJobs(me.actor, query, { page: 1, size: 0 });
      const rows = await collect(jobExportRows(me.actor, query, 4));
      expect(rows.map((r) => r[0])).toEqual(list.rows.map((r) => r.jmsNumber));
      expect(rows).toHaveLength(23);
    },
  );

  it('applies the filters of the list (and only the actor’s client)', async () => {
    const me = await fixture();
    const query = q({ matterReference: 'm-1', statuses: [8, 12, 15] });
    const list = await listJobs(me.actor, query, { page: 1, size: 0 });
    const rows = await collect(jobExportRows(me.actor, query, 2));
    expect(list.totalCount).toBeGreaterThan(0);
    expect(rows.map((r) => r[0])).toEqual(list.rows.map((r) => r.jmsNumber));
    expect(rows.every((r) => r[1] === 'M-1' && ['Delivered', 'Submitted', 'Cost Estimate'].includes(r[5] ?? ''))).toBe(
      true,
    );
  });

  it('"Only my jobs" exports exactly the viewer’s own list: the jobs they ordered and those naming them as contact', async () => {
    const me = await fixture();
    // The fixture's jobs have no creator and name someone else: none is mine.
    const colleague = await signedIn(3, me.clientId);
    const mine = await makeJob({ clientId: me.clientId, createdById: me.user.id, email: 'someone@example.com' });
    const namesMe = await makeJob({ clientId: me.clientId, createdById: colleague.user.id, email: me.user.email });
    await makeJob({ clientId: me.clientId, createdById: colleague.user.id, email: 'someone@example.com' });
    const query = q({ mine: true });
    const list = await listJobs(me.actor, query, { page: 1, size: 0 });
    const rows = await collect(jobExportRows(me.actor, query, 1));
    expect(list.rows.map((r) => r.id).sort()).toEqual([mine.id, namesMe.id].sort());
    expect(rows.map((r) => r[0])).toEqual(list.rows.map((r) => r.jmsNumber));
  });

  it('reads in batches of the given size, never more', async () => {
    const me = await fixture();
    const sizes = (await collect(jobExportBatches(me.actor, q(), 5))).map((b) => b.length);
    expect(sizes).toEqual([5, 5, 5, 5, 3]);
  });

  it('formats labels and times (dd-MMM-yyyy hh:mm AM/PM in the user’s zone) in the cells', async () => {
    const me = await signedIn(3);
    const job = await makeJob({
      clientId: me.clientId,
      orderType: 5,
      status: 8,
      createdAt: new Date('2026-03-10T02:05:00Z'),
      dueAt: new Date('2026-03-10T13:30:00Z'),
      deliveredAt: new Date('2026-03-10T00:00:00Z'),
      matterReference: 'MR-1',
      description: 'Print – bundle',
      contactName: 'Olivia Chen',
    });
    const [row] = await collect(jobExportRows(me.actor, q()));
    expect(row).toEqual([
      job.jmsNumber,
      'MR-1',
      'Print – bundle',
      'Olivia Chen',
      'Print',
      'Delivered',
      '10-Mar-2026 01:05 PM',
      '11-Mar-2026 12:30 AM',
      '10-Mar-2026 11:00 AM',
      // The optional text fields exported after the fixed columns, empty on this job.
      ...CSV_TEXT_HEADERS.map(() => ''),
    ]);
  });

  it('writes RFC 4180 CSV with formula cells neutralised, empty cells bare, and only the actor’s client', async () => {
    const me = await fixture();
    const text = await new Response(await jobExportStream(me.actor, q({ sortBy: 1, sortOrder: 1 }))).text();
    const header = [
      'JMS Number,Matter Reference,Description,Contact Name,Order Type,Status,Time Logged,Time Due,Time Delivered',
      ...CSV_TEXT_HEADERS,
    ].join(',');
    expect(text.startsWith(`${header}\r\n`)).toBe(true);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(text).toContain(`,"copies, ""urgent""\nsecond line",`);
    // Empty cells (a blank description, an undelivered job's time) are written bare, never as "".
    expect(text).not.toMatch(/(^|,)""(,|\r)/m);
    expect(text).toMatch(/,,/);
    expect(text.endsWith('\r\n')).toBe(true);
    const records = text.slice(0, -2).split('\r\n');
    expect(records).toHaveLength(24);
    const list = await listJobs(me.actor, q({ sortBy: 1, sortOrder: 1 }), { page: 1, size: 0 });
    expect(records.slice(1).map((r) => r.split(',')[0])).toEqual(list.rows.map((r) => r.jmsNumber));
  });

  it.each(
    [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap(
      (c) =>
        [
          [c, 1],
          [c, 2],
        ] as [number, 1 | 2][],
    ),
  )(
    'the download has the same bytes as the CSV writer over the list, for sort %i direction %i',
    async (sortBy, sortOrder) => {
      const me = await fixture();
      const query = q({ sortBy, sortOrder });
      const download = await new Response(await jobExportStream(me.actor, query)).text();
      const written = await new Response(csvBatchStream(JOB_CSV_HEADER, jobExportBatches(me.actor, query, 4))).text();
      expect(download).toBe(written);
    },
  );

  it('the row-by-row writer gives the same file, as a download', async () => {
    const me = await fixture();
    const res = csvResponse('Jobs.csv', JOB_CSV_HEADER, jobExportRows(me.actor, q({ sortBy: 1, sortOrder: 1 })));
    expect(res.headers.get('content-disposition')).toContain('Jobs.csv');
    expect(await res.text()).toBe(
      await new Response(await jobExportStream(me.actor, q({ sortBy: 1, sortOrder: 1 }))).text(),
    );
  });

  it('a download cancelled part way, or read to the end, gives its database connection back', async () => {
    const me = await signedIn(3);
    const { getDb } = await import('@/db/client');
    const many = Array.from({ length: 3000 }, (_, i) => ({
      clientId: me.clientId,
      orderType: 1,
      status: 12,
      contactName: `Contact ${i}`,
      email: 'c@example.com',
      contactPhone: '0290001234',
      matterReference: `MATTER-${i}`,
      description: `A description long enough to fill the chunks sooner ${i}`,
      address: 'x',
      readyAt: at(i),
      dueAt: at(i + 1),
    }));
    await (await getDb()).insert(jobs).values(many);
    for (let i = 0; i < 15; i++) {
      const reader = (await jobExportStream(me.actor, q())).getReader();
      await reader.read();
      await reader.read();
      // Let the copy run ahead until it waits for the reader (paused), then walk away.
      await new Promise((r) => setTimeout(r, 100));
      await reader.cancel();
    }
    // Downloads read to the end by a slow client give theirs back too (more of them than the pool holds).
    for (let i = 0; i < 12; i++) {
      const reader = (await jobExportStream(me.actor, q())).getReader();
      let text = '';
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(text.trimEnd().split('\r\n')).toHaveLength(3001);
    }
  });
});

describe('job export filter text', () => {
  useTestDatabase();

  it.each([`x') to stdout; drop table jobs; --`, `\\'; select 1; --`, `O'Brien \\ "quoted" %_`])(
    'is matched literally, never run: %s',
    async (text) => {
      const me = await signedIn(3);
      const mine = await makeJob({ clientId: me.clientId, matterReference: `M ${text} end`, description: 'match' });
      await makeJob({ clientId: me.clientId, matterReference: 'M plain', description: 'other' });
      const body = await new Response(await jobExportStream(me.actor, q({ matterReference: text }))).text();
      const records = body.trimEnd().split('\r\n');
      expect(records).toHaveLength(2);
      expect(records[1]?.startsWith(`${mine.jmsNumber},`)).toBe(true);
      const { getDb } = await import('@/db/client');
      expect(await (await getDb()).select({ id: jobs.id }).from(jobs).where(eq(jobs.id, mine.id))).toHaveLength(1);
    },
  );
});
