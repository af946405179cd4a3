/**
 * The legacy job endpoints called in-process like a real caller: a Request with a bearer token, the route
 * handler, the status code and the JSON (or CSV) that comes back.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as commentHistory } from '@/app/api/CommentHistory/CommentHistoryDetail/[id]/route';
import { GET as getJob } from '@/app/api/Job/[id]/route';
import { POST as exportJobs } from '@/app/api/Job/ExportCSVJobs/route';
import { POST as postFeedback } from '@/app/api/Job/JobFeedBack/route';
import { GET as getFeedback } from '@/app/api/Job/JobFeedback/[id]/route';
import { GET as getSlip } from '@/app/api/Job/JobSlip/[id]/route';
import { POST as jobsList } from '@/app/api/Job/JobsList/CurrentPage/[page]/PageSize/[size]/route';
import { GET as sendNotification } from '@/app/api/Job/SendNotification/[id]/route';
import { GET as timeCreated } from '@/app/api/Job/TimeCreatedFilters/route';
import { GET as getPreference } from '@/app/api/User/GetUserPreference/route';
import { POST as savePreference } from '@/app/api/User/SaveUserPreference/route';
import { emailOutbox } from '@/db/schema';
import { createSession, issueLegacyToken } from '@/lib/auth/session';
import { getDb } from '@/db/client';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(
  handler: Handler,
  opts: { token?: string; params?: Record<string, string>; body?: unknown; rawBody?: string; method?: string },
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const req = new Request('http://localhost/api/test', {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  return handler(req, { params: Promise.resolve(opts.params ?? {}) });
}

const page = (p: string | number, s: string | number) => ({ page: String(p), size: String(s) });

async function scenario() {
  const me = await signedIn(3);
  const other = await signedIn(3);
  const mine = await makeJob({
    clientId: me.clientId,
    status: 8,
    matterReference: 'MINE-1',
    email: 'contact@mine.example.com',
  });
  await makeJob({ clientId: me.clientId, status: 12, matterReference: 'MINE-2' });
  const theirs = await makeJob({ clientId: other.clientId, status: 8, matterReference: 'MINE-3' });
  return { me, other, mine, theirs };
}

describe('legacy job endpoints', () => {
  useTestDatabase();

  it('JobsList answers Jobs, TotalCount, ItemsPerPage of the caller’s client only', async () => {
    const { me, mine } = await scenario();
    const res = await call(jobsList, {
      token: me.token,
      params: page(1, 10),
      body: { MatterReference: 'mine', JobStatusModel: [{ JobStatusId: 8 }, 12], SortBy: 2, SortOrder: 1 },
    });
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json.TotalCount).toBe(2);
    expect(json.ItemsPerPage).toBe(10);
    expect(json.Jobs.map((j: { MatterReference: string }) => j.MatterReference)).toEqual(['MINE-1', 'MINE-2']);
    expect(json.Jobs[0]).toMatchObject({
      JobId: mine.id,
      JMSNumber: mine.jmsNumber,
      JobStatusId: 8,
      Status: 'Delivered',
    });
    const empty = await call(jobsList, { token: me.token, params: page(1, 0) });
    expect((await empty.json()).TotalCount).toBe(2);
  });

  it('401 without a token, 403 for staff (no client)', async () => {
    await scenario();
    expect((await call(jobsList, { params: page(1, 10), body: {} })).status).toBe(401);
    const staff = await makeUser({ role: 1, clientId: null });
    const token = await issueLegacyToken(await createSession(await getDb(), staff.id), 1);
    expect((await call(jobsList, { token, params: page(1, 10), body: {} })).status).toBe(403);
  });

  it.each([
    ['a wrong type', { SortBy: 'newest' }, 'SortBy'],
    ['a huge string', { MatterReference: 'x'.repeat(5000) }, 'MatterReference'],
    ['HTML', { ContactName: '<script>alert(1)</script>' }, 'ContactName'],
    ['an unknown status', { JobStatusModel: [99] }, 'JobStatusModel.0'],
    ['an unknown time bucket', { TimeDueFilter: 42 }, 'TimeDueFilter'],
    ['a sort direction of 3', { SortOrder: 3 }, 'SortOrder'],
    ['an array body', [1, 2], ''],
  ])('JobsList: %s answers 400 with field messages', async (_what, body, field) => {
    const { me } = await scenario();
    const res = await call(jobsList, { token: me.token, params: page(1, 10), body });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(Object.keys(json.error.fields)).toContain(field);
  });

  it('JobsList: keys the query does not know are ignored (callers send extra fields), also in status items', async () => {
    const { me } = await scenario();
    const plain = await (
      await call(jobsList, { token: me.token, params: page(1, 10), body: { JobStatusModel: [8] } })
    ).json();
    const res = await call(jobsList, {
      token: me.token,
      params: page(1, 10),
      body: {
        ClientId: 1,
        PageSize: 10,
        JobStatusModel: [{ JobStatusId: 8, JobStatus: 'Delivered', IsSelected: true }],
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(plain);
    expect(plain.TotalCount).toBe(1);
  });

  it('JobsList: bad JSON and bad paths answer 400', async () => {
    const { me } = await scenario();
    expect((await call(jobsList, { token: me.token, params: page(1, 10), rawBody: '{"SortBy":' })).status).toBe(400);
    for (const p of [page(0, 10), page(1, 'ten'), page(1, 999999), page(-1, 10)]) {
      expect((await call(jobsList, { token: me.token, params: p, body: {} })).status).toBe(400);
    }
  });

  it('GET Job, JobSlip, JobFeedback, CommentHistory: 200 for the caller’s job, 404 for another client’s, 400 for a non-integer id', async () => {
    const { me, mine, theirs } = await scenario();
    const job = await call(getJob, { token: me.token, params: { id: String(mine.id) } });
    expect(job.status).toBe(200);
    expect(await job.json()).toMatchObject({ JobId: mine.id, JMSNumber: mine.jmsNumber, MatterReference: 'MINE-1' });
    const slip = await call(getSlip, { token: me.token, params: { id: String(mine.id) } });
    expect(await slip.json()).toMatchObject({
      JobId: mine.id,
      StatusName: 'Delivered',
      LIONumber: null,
      DocumentId: null,
    });
    expect(
      (await (await call(getSlip, { token: me.token, params: { id: String(mine.id) } })).json()).InternalInstructions,
    ).toBeUndefined();
    expect(await (await call(getFeedback, { token: me.token, params: { id: String(mine.id) } })).json()).toBeNull();
    expect(await (await call(commentHistory, { token: me.token, params: { id: String(mine.id) } })).json()).toEqual([]);
    for (const h of [getJob, getSlip, getFeedback, commentHistory, sendNotification]) {
      expect((await call(h, { token: me.token, params: { id: String(theirs.id) } })).status).toBe(404);
      expect((await call(h, { token: me.token, params: { id: 'abc' } })).status).toBe(400);
      expect((await call(h, { params: { id: String(mine.id) } })).status).toBe(401);
    }
  });

  it('GET Job carries every field of §3: the users’ names, the CopyStatus flags, and InternalInstructions for staff only', async () => {
    const me = await signedIn(3);
    const changer = await makeUser({ clientId: me.clientId, role: 4, firstName: 'Riley', lastName: 'Stone' });
    const block = {
      kind: 'copy',
      HasAdvancedInstructions: true,
      CopyStatus: {
        colour: true,
        paper: true,
        finishing: true,
        dividers: true,
        documentOrder: true,
        pageNumbering: true,
      },
    };
    const job = await makeJob({
      clientId: me.clientId,
      orderType: 3,
      instructionBlock: block,
      internalInstructions: 'Courier via the loading dock',
      createdById: me.user.id,
      lastModifiedById: changer.id,
      statusLastModifiedById: changer.id,
    });
    const asClient = await (await call(getJob, { token: me.token, params: { id: String(job.id) } })).json();
    expect(asClient).toMatchObject({
      CreatedByDisplay: `${me.user.firstName} ${me.user.lastName}`,
      LastModifiedBy: 'Riley Stone',
      StatusLastModifiedBy: 'Riley Stone',
      CopyStatus: block.CopyStatus,
    });
    expect(asClient).not.toHaveProperty('InternalInstructions');
    const staff = await makeUser({ role: 1, clientId: null });
    const staffToken = await issueLegacyToken(await createSession(await getDb(), staff.id), 1);
    const asStaff = await (await call(getJob, { token: staffToken, params: { id: String(job.id) } })).json();
    expect(asStaff).toMatchObject({
      JobId: job.id,
      InternalInstructions: 'Courier via the loading dock',
      LastModifiedBy: 'Riley Stone',
    });
    const plain = await makeJob({ clientId: me.clientId });
    expect(await (await call(getJob, { token: staffToken, params: { id: String(plain.id) } })).json()).toMatchObject({
      InternalInstructions: null,
      CopyStatus: null,
    });
  });

  it('POST JobFeedBack: saves once on a delivered job; 409 again; 404 for another client’s job; 400 malformed', async () => {
    const { me, mine, theirs } = await scenario();
    const ok = await call(postFeedback, {
      token: me.token,
      body: { JobFeedBackId: 0, JobId: mine.id, FeedBack: 5, Comments: 'Great' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ JobId: mine.id, FeedBack: 5, Comments: 'Great' });
    expect((await call(postFeedback, { token: me.token, body: { JobId: mine.id, FeedBack: 4 } })).status).toBe(409);
    expect((await call(postFeedback, { token: me.token, body: { JobId: theirs.id, FeedBack: 4 } })).status).toBe(404);
    expect((await call(postFeedback, { token: me.token, body: { JobId: mine.id, FeedBack: 9 } })).status).toBe(400);
    expect((await call(postFeedback, { token: me.token, body: { JobId: 'x', FeedBack: 3 } })).status).toBe(400);
    const shown = await call(getFeedback, { token: me.token, params: { id: String(mine.id) } });
    expect(await shown.json()).toMatchObject({ FeedBack: 5, Comments: 'Great' });
  });

  it('SendNotification queues an e-mail to the job’s contact; nothing for another client’s job', async () => {
    const { me, mine, theirs } = await scenario();
    const res = await call(sendNotification, { token: me.token, params: { id: String(mine.id) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(true);
    const db = await getDb();
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'contact@mine.example.com'), eq(emailOutbox.kind, 'job-notification')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textBody).toContain(mine.jmsNumber);
    await call(sendNotification, { token: me.token, params: { id: String(theirs.id) } });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, theirs.email))).toHaveLength(0);
  });

  it('ExportCSVJobs: the filtered list as Jobs.csv, the caller’s rows only; 400 malformed', async () => {
    const { me, other } = await scenario();
    const res = await call(exportJobs, { token: me.token, body: { MatterReference: 'MINE', SortBy: 2, SortOrder: 2 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Jobs.csv"');
    // The UTF-8 byte-order mark first (decision 017), on both engines (PostgreSQL writes the records with COPY).
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.startsWith('JMS Number,')).toBe(true);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['MINE-2', 'MINE-1']);
    expect((await call(exportJobs, { token: me.token, body: { SortBy: -1 } })).status).toBe(400);
    const theirs = await (await call(exportJobs, { token: other.token, body: {} })).text();
    expect(theirs).toContain('MINE-3');
    expect(theirs).not.toContain('MINE-1');
  });

  it('time filters and the preference round trip', async () => {
    const { me } = await scenario();
    const filters = await (await call(timeCreated, { token: me.token })).json();
    expect(filters[0]).toEqual({ Id: 0, Text: 'Any' });
    const saved = await call(savePreference, {
      token: me.token,
      body: {
        PageSize: 50,
        JobPreferenceModel: { OrderBy: 6, OrderByDirection: 1, ContactNameFilter: 'amy', PageSize: 50 },
      },
    });
    expect(saved.status).toBe(200);
    const read = await (await call(getPreference, { token: me.token })).json();
    expect(read).toMatchObject({
      UserId: me.user.id,
      PageSize: 50,
      JobPreferenceModel: { OrderBy: 6, OrderByDirection: 1, ContactNameFilter: 'amy', PageSize: 50 },
    });
    expect(
      (await call(savePreference, { token: me.token, body: { JobPreferenceModel: { OrderBy: 'x' } } })).status,
    ).toBe(400);
  });
});
