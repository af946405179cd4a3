/**
 * POST api/Job/Add over real HTTP with the bearer jwtToken (spec §7): the documented payload saves a submitted
 * job of the caller's client; a retried request with the same Idempotency-Key answers the same job; every
 * broken rule is a 400 naming the legacy fields; nothing is ever a 500.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { apiToken } from './support/auth';

const ZONE = 'Australia/Sydney';
let auth: Record<string, string> = {};
let branchId = 0;

/** Ready in about an hour and due three hours later, on the 15-minute grid in the user's zone. */
function times() {
  const quarter = 15 * 60_000;
  const ready = new Date(Math.ceil((Date.now() + 60 * 60_000) / quarter) * quarter);
  const due = new Date(ready.getTime() + 3 * 60 * 60_000);
  const d = (x: Date) => formatInTimeZone(x, ZONE, 'dd/MM/yyyy');
  const t = (x: Date) => formatInTimeZone(x, ZONE, 'hh:mm a');
  return { DateReadyInput: d(ready), TimeReadyInput: t(ready), DateDueInput: d(due), TimeDueInput: t(due) };
}

function payload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OrderType: 6,
    ContactName: 'Morgan Patel',
    Email: 'e2e.orderer@example.com',
    ContactPhone: '(02)9000-0000',
    AfterHourContactNumber: '0412345678',
    MatterReference: `API-${Date.now()}`,
    ClientBranchAddressId: branchId,
    WhatToCollect: 'One archive box from reception',
    ...times(),
    eScanInstructions: {
      originalFileContainsAnyColour: 2,
      scanDetermineDocumentBreaks: 1,
      scanDetermineHostAttachment: 1,
      scanApplyPageNumbers: 2,
      scanObjectiveCodingDocuments: 2,
      scanCreateIndexing: 1,
      scanImageFileFormat: 1,
      scanFileNaming: 1,
      deliverFiles: [{ deliverType: 1, SelectedValue: true }],
    },
    ...over,
  };
}

async function add(request: APIRequestContext, data: unknown, headers: Record<string, string> = auth) {
  return request.post('/api/Job/Add', {
    headers: { 'Content-Type': 'application/json', ...headers },
    data: typeof data === 'string' ? data : JSON.stringify(data),
  });
}

test.describe('api/Job/Add', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    auth = { Authorization: `Bearer ${await apiToken(request, 'e2e.orderer')}` };
    const session: { ClientId: number } = await (
      await request.get('/api/Authentication/Session', { headers: auth })
    ).json();
    const branches: { ClientBranchAddressId: number }[] = await (
      await request.get(`/api/Job/ClientBranchAddress/${session.ClientId}`, { headers: auth })
    ).json();
    branchId = branches[0]?.ClientBranchAddressId ?? 0;
    expect(branchId).toBeGreaterThan(0);
    await request.dispose();
  });

  test('saves the documented payload: a submitted job of the caller’s client, whatever the body claims', async ({
    request,
  }) => {
    const res = await add(request, payload({ ClientId: 999, Status: 8, InternalInstructions: 'VIP', JMSNumber: '1' }));
    expect(res.status()).toBe(200);
    const body: { JobId: number; JMSNumber: string } = await res.json();
    expect(body.JobId).toBeGreaterThan(0);
    expect(body.JMSNumber).toMatch(/^\d+$/);
    const job = await (await request.get(`/api/Job/${body.JobId}`, { headers: auth })).json();
    expect(job).toMatchObject({
      JobId: body.JobId,
      JMSNumber: body.JMSNumber,
      Status: 12,
      OrderType: 6,
      WhatToCollect: 'One archive box from reception',
    });
    expect(job.ClientId).not.toBe(999);
    expect(job).not.toHaveProperty('InternalInstructions');
    expect(job.eScanInstructions).toMatchObject({
      HasAdvancedInstructions: true,
      scanImageFileFormat: 1,
      deliverFiles: [
        { deliverType: 1, SelectedValue: true },
        { deliverType: 2, SelectedValue: false },
      ],
    });
  });

  test('takes phone numbers as people write them and stores them without spaces and dots', async ({ request }) => {
    const res = await add(request, payload({ ContactPhone: '0412 345 678', AfterHourContactNumber: '(02) 9000.1234' }));
    expect(res.status()).toBe(200);
    const { JobId } = (await res.json()) as { JobId: number };
    const job = await (await request.get(`/api/Job/${JobId}`, { headers: auth })).json();
    expect(job).toMatchObject({ ContactPhone: '0412345678', AfterHourContactNumber: '(02)90001234' });
    // Anything else outside the spec's pattern is still refused, by its legacy name.
    const bad = await add(request, payload({ ContactPhone: '0412 / 345' }));
    expect(bad.status()).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('ContactPhone');
  });

  test('a retry with the same Idempotency-Key answers the same job', async ({ request }) => {
    const key = `e2e-${Date.now()}-retry`;
    const body = payload();
    const first = await (await add(request, body, { ...auth, 'Idempotency-Key': key })).json();
    const [again, parallel] = await Promise.all([
      add(request, body, { ...auth, 'Idempotency-Key': key }),
      add(request, body, { ...auth, 'Idempotency-Key': key }),
    ]);
    expect((await again.json()).JobId).toBe(first.JobId);
    expect((await parallel.json()).JobId).toBe(first.JobId);
  });

  test('refuses bad input with a 400 naming the legacy fields, never a 500', async ({ request }) => {
    const fields = async (data: unknown) => {
      const res = await add(request, data);
      expect(res.status()).toBe(400);
      return ((await res.json()) as { error: { fields?: Record<string, string[]> } }).error.fields ?? {};
    };
    expect((await add(request, '{"OrderType": 6,')).status()).toBe(400);
    expect(Object.keys(await fields({ OrderType: 6 }))).toEqual(
      expect.arrayContaining([
        'ContactName',
        'Email',
        'ContactPhone',
        'MatterReference',
        'ClientBranchAddressId',
        'DateReadyInput',
        'WhatToCollect',
      ]),
    );
    expect(Object.keys(await fields(payload({ ContactName: 12, NumberOfCopies: [1] })))).toEqual(
      expect.arrayContaining(['ContactName', 'NumberOfCopies']),
    );
    expect(await fields(payload({ Instructions: '<img src=x onerror=alert(1)>' }))).toEqual({
      Instructions: ['HTML tags are not allowed.'],
    });
    expect(await fields(payload({ MatterReference: 'M'.repeat(10_000) }))).toEqual({
      MatterReference: ['Please enter no more than 255 characters.'],
    });
    expect(Object.keys(await fields(payload({ eScanInstructions: { HasAdvancedInstructions: true } })))).toEqual(
      expect.arrayContaining(['eScanInstructions.originalFileContainsAnyColour', 'eScanInstructions.deliverFiles']),
    );
    expect(await fields(payload({ DateDueInput: '01/01/2020' }))).toMatchObject({
      DateDueInput: ['Due date cannot be in the past.'],
    });
    // A body past api/Job/Add's 256 KiB cap: refused at the door, 413 (issue 27).
    expect((await add(request, payload({ Instructions: 'x'.repeat(400_000) }))).status()).toBe(413);
  });

  test('round trip as a legacy caller: what api/Job/{id} answers, posted back with JobId 0, saves a new job', async ({
    request,
  }) => {
    const created: { JobId: number } = await (
      await add(request, payload({ Instructions: 'Scan to one PDF per folder' }))
    ).json();
    const job: Record<string, unknown> = await (
      await request.get(`/api/Job/${created.JobId}`, { headers: auth })
    ).json();
    expect(job).toMatchObject({
      JobShortDescription: expect.any(String),
      TimeZoneId: ZONE,
      CreatedOn: expect.any(String),
      DateDelivered: null,
      CreatedByDisplay: expect.any(String),
    });
    expect(job.EPrintScanInstructions).toEqual(job.eScanInstructions);

    const res = await add(request, { ...job, JobId: 0, Role: 4 });
    expect(res.status()).toBe(200);
    const again: { JobId: number; JMSNumber: string; IgnoredFields?: string[] } = await res.json();
    expect(again.JobId).not.toBe(created.JobId);
    expect(again.IgnoredFields).toEqual(['Role']);
    const copy: Record<string, unknown> = await (
      await request.get(`/api/Job/${again.JobId}`, { headers: auth })
    ).json();
    for (const key of [
      'OrderType',
      'ContactName',
      'Email',
      'ContactPhone',
      'MatterReference',
      'Address',
      'DateReady',
      'DateDue',
      'Instructions',
      'WhatToCollect',
      'eScanInstructions',
    ]) {
      expect(copy[key], key).toEqual(job[key]);
    }
    expect(copy).toMatchObject({ Status: 12, JMSNumber: again.JMSNumber });

    // The older shape: Address as text, the scan block under EPrintScanInstructions, DateReady/TimeReady only.
    const {
      ClientBranchAddressId: _id,
      eScanInstructions: _scan,
      DateReadyInput: _d1,
      TimeReadyInput: _t1,
      DateDueInput: _d2,
      TimeDueInput: _t2,
      ...older
    } = job;
    const third = await add(request, { ...older, JobId: 0, TimeReady: job.TimeReadyInput, TimeDue: job.TimeDueInput });
    expect(third.status()).toBe(200);
    const olderCopy: Record<string, unknown> = await (
      await request.get(`/api/Job/${(await third.json()).JobId}`, { headers: auth })
    ).json();
    expect(olderCopy).toMatchObject({
      ClientBranchAddressId: job.ClientBranchAddressId,
      DateReadyInput: job.DateReadyInput,
      TimeDueInput: job.TimeDueInput,
      eScanInstructions: job.eScanInstructions,
    });
  });

  test('answers 401 without a token', async ({ request }) => {
    expect((await add(request, payload(), {})).status()).toBe(401);
  });
});
