/**
 * The legacy route adapter against input PostgreSQL cannot store: a NUL character (U+0000) in any string of a
 * body or a path. PostgreSQL refuses it in text ("invalid byte sequence"), so it must be answered as a 400
 * naming the field before it reaches a query, never as a 500. Called in-process like a real caller.
 */
import { describe, expect, it } from 'vitest';
import { POST as exportJobs } from '@/app/api/Job/ExportCSVJobs/route';
import { GET as checkMatter } from '@/app/api/Job/CheckClientMatterReference/[reference]/route';
import { POST as postFeedback } from '@/app/api/Job/JobFeedBack/route';
import { POST as jobsList } from '@/app/api/Job/JobsList/CurrentPage/[page]/PageSize/[size]/route';
import { POST as userList } from '@/app/api/User/UserList/CurrentPage/[page]/PageSize/[size]/route';
import { POST as signIn } from '@/app/api/Authentication/SignIn/route';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { FIELD_MSG } from '@/lib/validation-rules';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(handler: Handler, opts: { token?: string; params?: Record<string, string>; body?: unknown }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const req = new Request('http://localhost/api/test', { method: body === undefined ? 'GET' : 'POST', headers, body });
  return handler(req, { params: Promise.resolve(opts.params ?? {}) });
}

interface Envelope {
  error: { status: number; message: string; fields?: Record<string, string[]> };
}

const NUL = '\u0000';

describe('a NUL character in a request', () => {
  useTestDatabase();

  it('is a 400 naming the field, on list, export, feedback, path and anonymous endpoints', async () => {
    const me = await signedIn(4);
    const job = await makeJob({ clientId: me.clientId, status: 8 });
    const page = { page: '1', size: '10' };

    const cases: { name: string; res: Promise<Response>; field: string }[] = [
      {
        name: 'JobsList',
        res: call(jobsList, { token: me.token, params: page, body: { MatterReference: `HV${NUL}1` } }),
        field: 'MatterReference',
      },
      {
        name: 'ExportCSVJobs',
        res: call(exportJobs, { token: me.token, body: { ContactName: NUL } }),
        field: 'ContactName',
      },
      {
        name: 'JobFeedBack',
        res: call(postFeedback, { token: me.token, body: { JobId: job.id, FeedBack: 4, Comments: `fine${NUL}` } }),
        field: 'Comments',
      },
      {
        name: 'UserList',
        res: call(userList, { token: me.token, params: page, body: { FullName: NUL } }),
        field: 'FullName',
      },
      {
        name: 'CheckClientMatterReference',
        res: call(checkMatter, { token: me.token, params: { reference: `M${NUL}` } }),
        field: 'reference',
      },
      {
        name: 'SignIn (anonymous)',
        res: call(signIn, { body: { UserName: `a${NUL}`, Password: 'x' } }),
        field: 'UserName',
      },
    ];
    for (const c of cases) {
      const res = await c.res;
      expect(res.status, c.name).toBe(400);
      const body = (await res.json()) as Envelope;
      expect(body.error.fields?.[c.field], c.name).toEqual([FIELD_MSG.nulCharacter]);
    }
  });

  it('names the path of a nested string', async () => {
    const me = await signedIn(3);
    const res = await call(jobsList, {
      token: me.token,
      params: { page: '1', size: '10' },
      body: { JobStatusModel: [{ JobStatusId: 8, JobStatus: `x${NUL}` }] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Envelope).error.fields?.['JobStatusModel.0.JobStatus']).toEqual([
      FIELD_MSG.nulCharacter,
    ]);
  });
});
