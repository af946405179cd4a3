/**
 * POST /api/v1/jobs/{jmsNumber}/assignee through the route file, with a real API key: assign and
 * reassign a job (the answer, GET /api/v1/jobs/{jmsNumber}'s assignedTo, the job.assigned change with the key as
 * who changed it), 409 for the same owner, 400 for someone who is not staff, 403 without jobs:write; and the
 * OpenAPI document lists the route.
 */
import { describe, expect, it } from 'vitest';
import { GET as getChanges } from '@/app/api/v1/jobs/changes/route';
import { POST as postAssignee } from '@/app/api/v1/jobs/[jmsNumber]/assignee/route';
import { GET as getJob } from '@/app/api/v1/jobs/[jmsNumber]/route';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { ASSIGN_MSG } from '@/lib/jobs/assign-rules';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { createApiKey } from './api-keys';

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

function call(handler: Handler, path: string, key: string, params: Record<string, string>, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const req = new Request(`http://portal.test${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler(req, { params: Promise.resolve(params) });
}

describe('POST /api/v1/jobs/{jmsNumber}/assignee', () => {
  useTestDatabase();

  it('assigns and reassigns through the one service; refuses the same owner, a non-staff user and a read-only key', async () => {
    const admin = await staffActor(1);
    const write = (await createApiKey(admin, { name: 'Dispatch board', scopes: ['jobs:read', 'jobs:write'] })).key;
    const read = (await createApiKey(admin, { name: 'Read only board', scopes: ['jobs:read'] })).key;
    const ann = await makeUser({ role: 2, clientId: null, firstName: 'Ann', lastName: 'Api' });
    const ben = await makeUser({ role: 1, clientId: null, firstName: 'Ben', lastName: 'Api' });
    const client = await makeClient();
    const clientUser = await makeUser({ role: 3, clientId: client.id });
    const job = await makeJob({ clientId: client.id });
    const path = `/api/v1/jobs/${job.jmsNumber}/assignee`;
    const params = { jmsNumber: job.jmsNumber };
    const start = (await (await call(getChanges, '/api/v1/jobs/changes?limit=1000', read, {})).json()) as {
      nextCursor: string | null;
    };

    const first = await call(postAssignee, path, write, params, { assigneeId: ann.id });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      jmsNumber: job.jmsNumber,
      assignedToId: ann.id,
      assignedTo: 'Ann Api',
      previousAssigneeId: null,
      previousAssignee: null,
      changedBy: 'API key "Dispatch board"',
    });
    const second = await call(postAssignee, path, write, params, { assigneeId: ben.id });
    expect(await second.json()).toMatchObject({ assignedTo: 'Ben Api', previousAssignee: 'Ann Api' });
    expect(await (await call(getJob, `/api/v1/jobs/${job.jmsNumber}`, read, params)).json()).toMatchObject({
      assignedToId: ben.id,
      assignedTo: 'Ben Api',
    });

    const same = await call(postAssignee, path, write, params, { assigneeId: ben.id });
    expect(same.status).toBe(409);
    expect(((await same.json()) as { errors?: unknown }).errors).toEqual({
      assigneeId: [ASSIGN_MSG.already('Ben Api')],
    });
    const notStaff = await call(postAssignee, path, write, params, { assigneeId: clientUser.id });
    expect(notStaff.status).toBe(400);
    expect(((await notStaff.json()) as { errors?: unknown }).errors).toEqual({ assigneeId: [ASSIGN_MSG.notStaff] });
    expect((await call(postAssignee, path, read, params, { assigneeId: null })).status).toBe(403);
    expect(
      (
        await call(
          postAssignee,
          '/api/v1/jobs/999999999/assignee',
          write,
          { jmsNumber: '999999999' },
          { assigneeId: null },
        )
      ).status,
    ).toBe(404);

    const feed = (await (
      await call(
        getChanges,
        `/api/v1/jobs/changes?limit=1000${start.nextCursor ? `&cursor=${start.nextCursor}` : ''}`,
        read,
        {},
      )
    ).json()) as { changes: { kind: string; jmsNumber: string; data: Record<string, unknown> }[] };
    const assigned = feed.changes.filter((c) => c.jmsNumber === job.jmsNumber);
    expect(assigned.map((c) => c.kind)).toEqual(['job.assigned', 'job.assigned']);
    expect(assigned[1]!.data).toEqual({
      assignedToId: ben.id,
      assignedTo: 'Ben Api',
      previousAssigneeId: ann.id,
      previousAssignee: 'Ann Api',
      changedBy: 'API key "Dispatch board"',
    });

    const doc = (await (await getOpenApi(new Request('http://portal.test/api/v1/openapi.json'))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/v1/jobs/{jmsNumber}/assignee']).toHaveProperty('post');
  });
});
