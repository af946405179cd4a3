/**
 * The legacy job endpoints over HTTP with a bearer token (issue 5): the list query and answer, malformed
 * bodies, and the tenant boundary — Northgate's user never sees a Harbour & Vale job, in any answer.
 */
import { expect, test } from '@playwright/test';
import { apiToken } from './support/auth';
import { csvText } from './support/csv';

interface ListAnswer {
  Jobs: { JobId: number; JMSNumber: string; MatterReference: string; JobStatusId: number; Status: string }[];
  TotalCount: number;
  ItemsPerPage: number;
}

test.describe('legacy job API', () => {
  let hv = '';
  let ng = '';
  test.beforeAll(async ({ request }) => {
    hv = await apiToken(request, 'hv.user');
    ng = await apiToken(request, 'ng.user');
  });
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  test('JobsList answers Jobs, TotalCount and ItemsPerPage of the caller’s client', async ({ request }) => {
    const res = await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/10', { headers: auth(hv), data: {} });
    expect(res.status()).toBe(200);
    const body: ListAnswer = await res.json();
    expect(body.TotalCount).toBe(156);
    expect(body.ItemsPerPage).toBe(10);
    expect(body.Jobs).toHaveLength(10);
    expect(body.Jobs.every((j) => j.MatterReference.startsWith('HV-'))).toBe(true);

    const filtered = await request.post('/api/Job/JobsList/CurrentPage/2/PageSize/5', {
      headers: auth(hv),
      data: { MatterReference: 'hv-20', JobStatusModel: [{ JobStatusId: 8 }], SortBy: 1, SortOrder: 1 },
    });
    const f: ListAnswer = await filtered.json();
    expect(f.TotalCount).toBe(12);
    expect(f.Jobs).toHaveLength(5);
    expect(
      f.Jobs.every((j) => j.JobStatusId === 8 && j.Status === 'Delivered' && j.MatterReference.startsWith('HV-20')),
    ).toBe(true);
    const numbers = f.Jobs.map((j) => Number(j.JMSNumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  test('malformed requests answer 400 with field messages; no token answers 401', async ({ request }) => {
    const bad = await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/10', {
      headers: auth(hv),
      data: { SortBy: 'newest', Extra: 1, JobStatusModel: [99] },
    });
    expect(bad.status()).toBe(400);
    const err = await bad.json();
    expect(Object.keys(err.error.fields)).toEqual(expect.arrayContaining(['SortBy', 'JobStatusModel.0']));
    expect(
      (await request.post('/api/Job/JobsList/CurrentPage/0/PageSize/10', { headers: auth(hv), data: {} })).status(),
    ).toBe(400);
    expect((await request.get('/api/Job/abc', { headers: auth(hv) })).status()).toBe(400);
    expect((await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/10', { data: {} })).status()).toBe(401);
    // An array nested 2,000 deep: a 400, never a stack overflow.
    const nested = `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    for (const path of [
      '/api/Job/JobsList/CurrentPage/1/PageSize/10',
      '/api/Job/ExportCSVJobs',
      '/api/Job/JobFeedBack',
      '/api/Job/Add',
      '/api/User/SaveUserPreference',
    ]) {
      const res = await request.post(path, {
        headers: { ...auth(hv), 'content-type': 'application/json' },
        data: nested,
      });
      expect(res.status(), path).toBe(400);
    }
  });

  test('tenant boundary: ng.user sees no Harbour & Vale job in the list, the job, the slip, feedback or the export', async ({
    request,
  }) => {
    const hvList: ListAnswer = await (
      await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/0', { headers: auth(hv), data: {} })
    ).json();
    const hvIds = new Set(hvList.Jobs.map((j) => j.JobId));
    const hvNumbers = new Set(hvList.Jobs.map((j) => j.JMSNumber));
    const ngList: ListAnswer = await (
      await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/0', { headers: auth(ng), data: {} })
    ).json();
    expect(ngList.TotalCount).toBe(156);
    expect(ngList.Jobs.some((j) => hvIds.has(j.JobId) || hvNumbers.has(j.JMSNumber))).toBe(false);

    const target = hvList.Jobs[0];
    if (!target) throw new Error('no HV job');
    for (const path of [
      `/api/Job/${target.JobId}`,
      `/api/Job/JobSlip/${target.JobId}`,
      `/api/Job/JobFeedback/${target.JobId}`,
      `/api/CommentHistory/CommentHistoryDetail/${target.JobId}`,
    ]) {
      expect((await request.get(path, { headers: auth(ng) })).status(), path).toBe(404);
      expect((await request.get(path, { headers: auth(hv) })).status(), path).toBe(200);
    }
    const mine = await (await request.get(`/api/Job/${target.JobId}`, { headers: auth(hv) })).json();
    expect(mine).toMatchObject({ JobId: target.JobId, JMSNumber: target.JMSNumber });
    expect(mine.InternalInstructions).toBeUndefined();
    expect(
      (
        await request.post('/api/Job/JobFeedBack', { headers: auth(ng), data: { JobId: target.JobId, FeedBack: 5 } })
      ).status(),
    ).toBe(404);

    const csv = csvText(await (await request.post('/api/Job/ExportCSVJobs', { headers: auth(ng), data: {} })).body());
    const exported = csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0] ?? '');
    expect(exported).toHaveLength(156);
    expect(exported.some((n) => hvNumbers.has(n))).toBe(false);
  });
});
