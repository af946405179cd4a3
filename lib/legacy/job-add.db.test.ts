import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBranchAddresses, courts, jobs, locations } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { LEGACY_ADD_MSG } from './job-add';
import { JOB_MSG } from '@/lib/jobs/schema';
import { DEFAULT_PHONE_PATTERN, FIELD_MSG } from '@/lib/validation';
import { useTestDatabase } from '@/test/db';
import { makeClient, signedIn, firstBranchOf } from '@/test/factories';
import { POST } from '@/app/api/Job/Add/route';
import { GET as getJob } from '@/app/api/Job/[id]/route';
import { LEGACY_JOB_INPUT_FIELDS, LEGACY_JOB_READ_ONLY_FIELDS } from './job-add';

let restore: () => void = () => undefined;
beforeEach(() => {
  restore = setClock(fixedClock('2025-03-04T00:00:00Z')); // Tuesday 11:00 in Sydney
});
afterEach(() => restore());

const params = { params: Promise.resolve({}) };

function post(body: unknown, token: string | null, headers: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  return POST(new Request('http://localhost/api/Job/Add', init), params);
}

function payload(branchId: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OrderType: 5,
    ContactName: 'Morgan Patel',
    Email: 'morgan@example.com',
    ContactPhone: '(02)9000-1234',
    MatterReference: 'HV-API-1',
    ClientBranchAddressId: branchId,
    DateReadyInput: '04/03/2025',
    TimeReadyInput: '11:30 AM',
    DateDueInput: '05/03/2025',
    TimeDueInput: '10:00 AM',
    NumberOfCopies: 3,
    ePrintInstructions: {
      originalFileContainsAnyColour: 1,
      singleOrDoubleSided: 2,
      paperSize: 1,
      foldersNBinding: 3,
      duplicateDocuments: 1,
      attachments: 1,
      orderDocuments: 1,
      unprintableFiles: 1,
      excelFiles: 1,
      applyNumbers: 2,
    },
    ...over,
  };
}

async function errors(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(400);
  const body: unknown = await res.json();
  const fields =
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'object' &&
    body.error !== null &&
    'fields' in body.error
      ? body.error.fields
      : {};
  return fields as Record<string, string[]>;
}

describe('POST api/Job/Add', () => {
  const { db } = useTestDatabase();

  async function caller() {
    const s = await signedIn(6);
    return { ...s, branchId: (await firstBranchOf(s.clientId)).id };
  }

  it('saves the documented payload and answers JobId and JMSNumber; client, status and internal instructions are the server’s', async () => {
    const c = await caller();
    const other = await makeClient();
    const res = await post(
      payload(c.branchId, { ClientId: other.id, Status: 8, InternalInstructions: 'rush', JMSNumber: '1' }),
      c.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { JobId: number; JMSNumber: string };
    expect(body).toEqual({ JobId: expect.any(Number), JMSNumber: expect.stringMatching(/^\d+$/) });
    const [row] = await db().select().from(jobs).where(eq(jobs.id, body.JobId));
    expect(row).toMatchObject({
      clientId: c.clientId,
      status: 12,
      internalInstructions: null,
      orderType: 5,
      numberOfCopies: 3,
      jmsNumber: body.JMSNumber,
    });
    expect(row?.instructionBlock).toMatchObject({
      kind: 'print',
      HasAdvancedInstructions: true,
      foldersNBinding: 3,
      applyNumbers: 2,
    });
  });

  it('takes a contact phone as people write it and stores it without spaces and dots, in the spec’s pattern', async () => {
    const c = await caller();
    const res = await post(
      payload(c.branchId, { ContactPhone: '0412 345 678', AfterHourContactNumber: '(02) 9000.1234' }),
      c.token,
    );
    expect(res.status).toBe(200);
    const { JobId } = (await res.json()) as { JobId: number };
    const [row] = await db().select().from(jobs).where(eq(jobs.id, JobId));
    expect(row).toMatchObject({ contactPhone: '0412345678', afterHourContactNumber: '(02)90001234' });
    expect(row?.contactPhone).toMatch(DEFAULT_PHONE_PATTERN);
    expect(await errors(await post(payload(c.branchId, { ContactPhone: '0412 / 345' }), c.token))).toEqual({
      ContactPhone: [FIELD_MSG.invalidPhone],
    });
  });

  it('is idempotent with an Idempotency-Key header or a RequestKey field', async () => {
    const c = await caller();
    const first = (await (
      await post(payload(c.branchId), c.token, { 'idempotency-key': 'retry-key-0001' })
    ).json()) as { JobId: number };
    const again = (await (
      await post(payload(c.branchId), c.token, { 'idempotency-key': 'retry-key-0001' })
    ).json()) as { JobId: number };
    expect(again.JobId).toBe(first.JobId);
    const a = (await (await post(payload(c.branchId, { RequestKey: 'field-key-0001' }), c.token)).json()) as {
      JobId: number;
    };
    const b = (await (await post(payload(c.branchId, { RequestKey: 'field-key-0001' }), c.token)).json()) as {
      JobId: number;
    };
    expect(b.JobId).toBe(a.JobId);
    expect((await db().select({ n: count() }).from(jobs).where(eq(jobs.clientId, c.clientId)))[0]?.n).toBe(2);
  });

  it('answers 401 without a token', async () => {
    const c = await caller();
    expect((await post(payload(c.branchId), null)).status).toBe(401);
  });

  it('answers 400 for malformed JSON, a non-object and an empty body', async () => {
    const c = await caller();
    expect((await post('{"OrderType": 5,', c.token)).status).toBe(400);
    expect(await errors(await post([1, 2], c.token))).toEqual({ '': [LEGACY_ADD_MSG.notObject] });
    expect(await errors(await post('', c.token))).toEqual({ '': [LEGACY_ADD_MSG.notObject] });
  });

  it('names the legacy fields of missing values and wrong types', async () => {
    const c = await caller();
    const missing = await errors(await post({ OrderType: 6 }, c.token));
    expect(missing).toMatchObject({
      ContactName: [FIELD_MSG.required],
      Email: [FIELD_MSG.required],
      ClientBranchAddressId: [FIELD_MSG.required],
      WhatToCollect: [JOB_MSG.whatToCollectRequired],
    });
    const types = await errors(
      await post(
        payload(c.branchId, {
          ContactName: 42,
          NumberOfCopies: true,
          ePrintInstructions: { paperSize: 'A4', HasAdvancedInstructions: true },
        }),
        c.token,
      ),
    );
    expect(Object.keys(types)).toEqual(expect.arrayContaining(['ContactName', 'NumberOfCopies']));
    const print = await errors(
      await post(payload(c.branchId, { ePrintInstructions: { HasAdvancedInstructions: true, paperSize: 7 } }), c.token),
    );
    expect(print).toMatchObject({
      'ePrintInstructions.originalFileContainsAnyColour': [FIELD_MSG.required],
      'ePrintInstructions.applyNumbers': [FIELD_MSG.required],
    });
  });

  it('refuses HTML, huge strings, a malformed DocumentModel and a body over the limit', async () => {
    const c = await caller();
    expect(
      await errors(await post(payload(c.branchId, { Instructions: '<script>alert(1)</script>' }), c.token)),
    ).toEqual({ Instructions: [FIELD_MSG.htmlTags] });
    expect(await errors(await post(payload(c.branchId, { ContactName: 'x'.repeat(5000) }), c.token))).toEqual({
      ContactName: [FIELD_MSG.tooLong(255)],
    });
    const huge = await post(payload(c.branchId, { Instructions: 'y'.repeat(300 * 1024) }), c.token);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      '': [LEGACY_ADD_MSG.tooLarge],
    });
    expect(await errors(await post(payload(c.branchId, { DocumentModel: 'file.pdf' }), c.token))).toEqual({
      DocumentModel: [LEGACY_ADD_MSG.documentModel],
    });
    expect((await db().select({ n: count() }).from(jobs).where(eq(jobs.clientId, c.clientId)))[0]?.n).toBe(0);
  });

  it('refuses another client’s branch address and a past due date', async () => {
    const c = await caller();
    const other = await makeClient();
    expect(await errors(await post(payload(other.branches[0]?.id ?? 0), c.token))).toEqual({
      ClientBranchAddressId: [FIELD_MSG.invalidChoice],
    });
    expect(await errors(await post(payload(c.branchId, { DateDueInput: '03/03/2025' }), c.token))).toEqual({
      DateDueInput: [JOB_MSG.dueDateInPast],
    });
  });

  async function read(id: number, token: string): Promise<Record<string, unknown>> {
    const res = await getJob(
      new Request(`http://localhost/api/Job/${id}`, { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({ id: String(id) }) },
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  it('round trip: what api/Job/{id} answers, posted back with JobId 0, saves a new job with the same order', async () => {
    const c = await caller();
    const first = (await (await post(payload(c.branchId, { Instructions: 'Bind in black' }), c.token)).json()) as {
      JobId: number;
    };
    const job = await read(first.JobId, c.token);
    for (const key of Object.keys(job))
      expect(LEGACY_JOB_INPUT_FIELDS.has(key) || LEGACY_JOB_READ_ONLY_FIELDS.has(key), key).toBe(true);
    const res = await post({ ...job, JobId: 0 }, c.token);
    expect(res.status).toBe(200);
    const second = (await res.json()) as Record<string, unknown>;
    expect(second).toEqual({ JobId: expect.any(Number), JMSNumber: expect.stringMatching(/^\d+$/) });
    expect(second.JobId).not.toBe(first.JobId);
    const copy = await read(Number(second.JobId), c.token);
    const same = [
      'OrderType',
      'ContactName',
      'Email',
      'ContactPhone',
      'MatterReference',
      'Address',
      'ClientBranchAddressId',
      'DateReady',
      'DateDue',
      'TimeReadyInput',
      'TimeDueInput',
      'Instructions',
      'NumberOfCopies',
      'ePrintInstructions',
      'EPrintScanInstructions',
      'JobShortDescription',
    ];
    for (const key of same) expect(copy[key], key).toEqual(job[key]);
  });

  it('Address as the text of one of the client’s branch addresses names that branch; any other text is a 400 on Address', async () => {
    const c = await caller();
    const [branch] = await db().select().from(clientBranchAddresses).where(eq(clientBranchAddresses.id, c.branchId));
    const text = `  ${(branch?.address ?? '').toUpperCase().replace(/ /g, '  ')} `;
    const res = await post(payload(0, { ClientBranchAddressId: undefined, Address: text }), c.token);
    expect(res.status).toBe(200);
    const saved = await read(((await res.json()) as { JobId: number }).JobId, c.token);
    expect(saved).toMatchObject({ ClientBranchAddressId: c.branchId, Address: branch?.address });
    const other = await makeClient();
    const theirs = other.branches[0];
    const [theirRow] = await db()
      .select()
      .from(clientBranchAddresses)
      .where(eq(clientBranchAddresses.id, theirs?.id ?? 0));
    expect(
      await errors(
        await post(payload(0, { ClientBranchAddressId: undefined, Address: theirRow?.address ?? 'x' }), c.token),
      ),
    ).toEqual({ Address: [LEGACY_ADD_MSG.addressUnknown] });
  });

  it('reads the print block under EPrintScanInstructions, and DateReady/DateDue with TimeReady/TimeDue when the *Input strings are absent', async () => {
    const c = await caller();
    const {
      ePrintInstructions,
      DateReadyInput: _dr,
      TimeReadyInput: _tr,
      DateDueInput: _dd,
      TimeDueInput: _td,
      ...rest
    } = payload(c.branchId);
    const res = await post(
      {
        ...rest,
        EPrintScanInstructions: ePrintInstructions,
        DateReady: '2025-03-04T00:30:00.000Z',
        DateDue: '2025-03-05',
        TimeDue: '14:15',
      },
      c.token,
    );
    expect(res.status).toBe(200);
    const saved = await read(((await res.json()) as { JobId: number }).JobId, c.token);
    expect(saved).toMatchObject({
      DateReadyInput: '04/03/2025',
      TimeReadyInput: '11:30 AM',
      DateDueInput: '05/03/2025',
      TimeDueInput: '02:15 PM',
    });
    expect(saved.ePrintInstructions).toMatchObject({
      HasAdvancedInstructions: true,
      foldersNBinding: 3,
      applyNumbers: 2,
    });
    expect(
      await errors(
        await post(
          { ...rest, DateReady: '2025-03-04T00:30:00.000Z', DateDue: '31/02/2025', TimeDue: '10:00 AM' },
          c.token,
        ),
      ),
    ).toMatchObject({ DateDue: [JOB_MSG.invalidDate] });
  });

  it('ignores keys the payload does not know and lists them; nothing the body claims about the server’s fields counts', async () => {
    const c = await caller();
    const res = await post(
      payload(c.branchId, { IsAdmin: true, ClientId: 1, CreatedOn: '2020-01-01T00:00:00Z', TimeZoneId: 'UTC' }),
      c.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { JobId: number; IgnoredFields: string[] };
    expect(body.IgnoredFields).toEqual(['IsAdmin']);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, body.JobId));
    expect(row).toMatchObject({ clientId: c.clientId, timeZone: c.user.timeZone });
    expect(row?.createdAt.toISOString()).toBe('2025-03-04T00:00:00.000Z');
  });

  describe('number of copies for appeal books and court copies (docs/decisions/038-number-of-copies.md)', () => {
    async function courtAt(jobType: 1 | 2, kind: 'appeal_book' | 'court_copy', court: number) {
      const [loc] = await db().select().from(locations).where(eq(locations.kind, kind)).orderBy(locations.id).limit(1);
      const [row] = await db()
        .select()
        .from(courts)
        .where(and(eq(courts.jobType, jobType), eq(courts.locationId, loc?.id ?? 0), eq(courts.code, court)));
      expect(row).toBeDefined();
      return { location: loc?.id ?? 0, court };
    }
    const noCopies = (branchId: number, over: Record<string, unknown>) => {
      const body = payload(branchId, { ePrintInstructions: undefined });
      delete body.NumberOfCopies;
      return { ...body, ...over };
    };
    const saved = async (res: Response) => {
      const body = (await res.json()) as { JobId: number };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const { JobId } = body;
      return (await db().select().from(jobs).where(eq(jobs.id, JobId)))[0];
    };

    it('appeal book: a draft is accepted without a number of copies; final copies are refused without one', async () => {
      const c = await caller();
      const at = await courtAt(1, 'appeal_book', 1);
      const draft = { prepare: 1, location: at.location, appealBookCourt: at.court, AppealBookType: 1 };
      const row = await saved(await post(noCopies(c.branchId, { OrderType: 1, AppealBook: draft }), c.token));
      expect(row).toMatchObject({ orderType: 1, numberOfCopies: null });
      // A number sent with a draft, which the form does not ask for, is not stored.
      const sent = await saved(
        await post(noCopies(c.branchId, { OrderType: 1, AppealBook: draft, NumberOfCopies: 5 }), c.token),
      );
      expect(sent?.numberOfCopies).toBeNull();
      const final = { prepare: 2 };
      expect(await errors(await post(noCopies(c.branchId, { OrderType: 1, AppealBook: final }), c.token))).toEqual({
        NumberOfCopies: [JOB_MSG.copiesRequired],
      });
      const withCopies = await saved(
        await post(noCopies(c.branchId, { OrderType: 1, AppealBook: final, NumberOfCopies: 4 }), c.token),
      );
      expect(withCopies?.numberOfCopies).toBe(4);
    });

    it('court copy: method 2 is accepted without a number of copies; methods 1 and 3 are refused without one', async () => {
      const c = await caller();
      const at = await courtAt(2, 'court_copy', 1);
      const block = (CopyMethod: number) => ({
        CopyMethod,
        Location: at.location,
        CourtNew: at.court,
        ActingFor: 1,
        FileNumber: '12 of 2025',
        MatterName: 'A vs B',
        PracticeNoteAgreement: true,
        SolicitorFullName: 'Sam Poe',
        SolicitorFor: 1,
      });
      const row = await saved(await post(noCopies(c.branchId, { OrderType: 2, CourtCopy: block(2) }), c.token));
      expect(row).toMatchObject({ orderType: 2, numberOfCopies: null });
      for (const method of [1, 3]) {
        expect(
          await errors(await post(noCopies(c.branchId, { OrderType: 2, CourtCopy: block(method) }), c.token)),
        ).toEqual({ NumberOfCopies: [JOB_MSG.copiesRequired] });
      }
    });
  });
});
