/**
 * Every optional text field of lib/job-fields.ts, end to end from its one definition: sent to api/Job/Add under its
 * legacy name (spec §7), answered by api/Job/{id} and posted back, shown on the job slip, exported in Jobs.csv when
 * it has a header, and refused above its length under its legacy name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { JOB_TEXT_FIELDS, maxLengthOf } from '@/lib/job-fields';
import { JOB_CSV_HEADER, jobExportRows } from '@/lib/jobs/export';
import { DEFAULT_JOB_QUERY } from '@/lib/jobs/list-schema';
import { presentJobSlip } from '@/lib/jobs/present';
import { jobSlip } from '@/lib/jobs/slip';
import { DEFAULT_MAX_INSTRUCTIONS } from '@/lib/validation';
import { useTestDatabase } from '@/test/db';
import { signedIn, firstBranchOf } from '@/test/factories';
import { POST } from '@/app/api/Job/Add/route';
import { GET as getJob } from '@/app/api/Job/[id]/route';

let restore: () => void = () => undefined;
beforeEach(() => {
  restore = setClock(fixedClock('2025-03-04T00:00:00Z')); // Tuesday 11:00 in Sydney
});
afterEach(() => restore());

function post(body: unknown, token: string): Promise<Response> {
  return POST(
    new Request('http://localhost/api/Job/Add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
}

async function read(id: number, token: string): Promise<Record<string, unknown>> {
  const res = await getJob(
    new Request(`http://localhost/api/Job/${id}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

function payload(branchId: number, over: Record<string, unknown>): Record<string, unknown> {
  return {
    OrderType: 4,
    ContactName: 'Morgan Patel',
    Email: 'morgan@example.com',
    ContactPhone: '(02)9000-1234',
    MatterReference: 'HV-FIELDS-1',
    ClientBranchAddressId: branchId,
    DateReadyInput: '04/03/2025',
    TimeReadyInput: '11:30 AM',
    DateDueInput: '05/03/2025',
    TimeDueInput: '10:00 AM',
    CollectionDescription: 'Two archive boxes',
    ...over,
  };
}

describe('the optional text fields of lib/job-fields.ts', () => {
  useTestDatabase();

  async function caller() {
    const s = await signedIn(6);
    return { ...s, branchId: (await firstBranchOf(s.clientId)).id };
  }

  it('each is saved from api/Job/Add, answered by api/Job/{id} and posted back, on the slip and in the CSV', async () => {
    const c = await caller();
    const values = Object.fromEntries(JOB_TEXT_FIELDS.map((f, i) => [f.legacy, `${f.label} ${i + 1}`]));
    const added = await post(payload(c.branchId, values), c.token);
    expect(added.status).toBe(200);
    const { JobId } = (await added.json()) as { JobId: number };

    const job = await read(JobId, c.token);
    for (const f of JOB_TEXT_FIELDS) expect(job[f.legacy], f.legacy).toBe(values[f.legacy]);
    const again = await post({ ...job, JobId: 0 }, c.token);
    expect(again.status).toBe(200);
    const copy = await read(((await again.json()) as { JobId: number }).JobId, c.token);
    for (const f of JOB_TEXT_FIELDS) expect(copy[f.legacy], f.legacy).toBe(values[f.legacy]);

    const slip = await jobSlip(c.actor, JobId);
    expect(slip).not.toBeNull();
    const view = slip && presentJobSlip(slip, [], c.actor.timeZone);
    for (const f of JOB_TEXT_FIELDS)
      expect(view?.sections.find((s) => s.title === f.slip)?.rows, f.key).toContainEqual({
        label: f.label,
        value: values[f.legacy],
      });

    const rows: string[][] = [];
    for await (const r of jobExportRows(c.actor, DEFAULT_JOB_QUERY)) rows.push(r);
    const row = rows.find((r) => r[0] === job.JMSNumber);
    expect(row).toHaveLength(JOB_CSV_HEADER.length);
    for (const f of JOB_TEXT_FIELDS)
      if (f.csv) expect(row?.[JOB_CSV_HEADER.indexOf(f.csv)], f.csv).toBe(values[f.legacy]);
  });

  it('refuses a value over its length with a message on its legacy name, and nothing is saved', async () => {
    const c = await caller();
    for (const f of JOB_TEXT_FIELDS) {
      const res = await post(
        payload(c.branchId, { [f.legacy]: 'x'.repeat(maxLengthOf(f, DEFAULT_MAX_INSTRUCTIONS) + 1) }),
        c.token,
      );
      expect(res.status, f.legacy).toBe(400);
      const body = (await res.json()) as { error?: { fields?: Record<string, string[]> } };
      expect(Object.keys(body.error?.fields ?? {}), f.legacy).toEqual([f.legacy]);
    }
  });
});
