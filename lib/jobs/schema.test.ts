import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OrderTypeId } from '@/lib/reference';
import { FIELD_MSG } from '@/lib/validation';
import { defaultDueInputs, defaultReadyInputs } from './rules';
import {
  applyOrderTypeEffects,
  copiesRule,
  defaultJobOrder,
  JOB_MSG,
  makeJobOrderSchema,
  makeJobStepOneSchema,
  STEP_ONE_FIELDS,
  type JobOrder,
  type JobOrderInput,
  type JobOrderSchemaOptions,
} from './schema';

const SYD = 'Australia/Sydney';
const NOW = new Date('2025-03-03T23:00:00Z'); // Tuesday 4 March 2025, 10:00 in Sydney (business hours)

/** A valid consulting order (type 7: no copies, no what-to-collect); tests override what they examine. */
function order(overrides: Partial<JobOrderInput> = {}): JobOrderInput {
  return {
    orderType: 7,
    contactName: 'Ann Lee',
    email: 'ann@example.com.au',
    contactPhone: '(02)9999-0000',
    matterReference: 'M-1001',
    clientBranchAddressId: '3',
    dateReadyInput: '04/03/2025',
    timeReadyInput: '10:30 AM',
    dateDueInput: '04/03/2025',
    timeDueInput: '12:00 PM',
    ...overrides,
  };
}

function errorsOf(input: unknown, options: Partial<JobOrderSchemaOptions> = {}): Record<string, string> {
  const r = makeJobOrderSchema({ now: NOW, timeZone: SYD, ...options }).safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function parsed(input: unknown, options: Partial<JobOrderSchemaOptions> = {}) {
  return makeJobOrderSchema({ now: NOW, timeZone: SYD, ...options }).parse(input);
}

describe('job form step one (§5)', () => {
  it('accepts a complete order and computes the ready and due instants in the user zone', () => {
    const o = parsed(order({ timeReadyInput: '10:30 am', costEstimateNumber: '4711' }));
    expect(o).toMatchObject({
      orderType: 7,
      clientBranchAddressId: 3,
      timeReadyInput: '10:30 AM',
      costEstimateNumber: '4711',
      timeZone: SYD,
    });
    expect(o.readyAt.toISOString()).toBe('2025-03-03T23:30:00.000Z');
    expect(o.dueAt.toISOString()).toBe('2025-03-04T01:00:00.000Z');
  });

  it('requires order type, contact name, e-mail, contact phone, matter reference, address, ready and due', () => {
    expect(errorsOf({})).toEqual({
      orderType: FIELD_MSG.required,
      contactName: FIELD_MSG.required,
      email: FIELD_MSG.required,
      contactPhone: FIELD_MSG.required,
      matterReference: FIELD_MSG.required,
      clientBranchAddressId: FIELD_MSG.required,
      dateReadyInput: FIELD_MSG.required,
      timeReadyInput: FIELD_MSG.required,
      dateDueInput: FIELD_MSG.required,
      timeDueInput: FIELD_MSG.required,
    });
  });

  it.each<[string, Partial<JobOrderInput>, Record<string, string>]>([
    ['invalid e-mail', { email: 'ann@example' }, { email: FIELD_MSG.invalidEmail }],
    ['contact phone with letters', { contactPhone: 'abcd' }, { contactPhone: FIELD_MSG.invalidPhone }],
    ['contact phone too short', { contactPhone: '123' }, { contactPhone: FIELD_MSG.invalidPhone }],
    // Spaces and dots are taken out before the pattern is checked: 17 digits are too many however they are grouped.
    [
      'contact phone too long once its spaces go',
      { contactPhone: '02 9999 0000 1234 567' },
      { contactPhone: FIELD_MSG.invalidPhone },
    ],
    ['unknown order type', { orderType: 9 }, { orderType: FIELD_MSG.invalidChoice }],
    ['whitespace-only name', { contactName: '   ' }, { contactName: FIELD_MSG.whitespaceOnly }],
    ['HTML in the matter reference', { matterReference: '<b>M</b>' }, { matterReference: FIELD_MSG.htmlTags }],
    ['HTML in the instructions', { instructions: 'see <script>x</script>' }, { instructions: FIELD_MSG.htmlTags }],
    [
      'whitespace-only alternate pickup',
      { alternatePickupDelivery: '  ' },
      { alternatePickupDelivery: FIELD_MSG.whitespaceOnly },
    ],
    ['instructions over 1000', { instructions: 'x'.repeat(1001) }, { instructions: FIELD_MSG.tooLong(1000) }],
    ['instructions of 1000', { instructions: 'x'.repeat(1000) }, {}],
    ['non-numeric cost estimate', { costEstimateNumber: '12A' }, { costEstimateNumber: JOB_MSG.costEstimateNumeric }],
    ['numeric cost estimate as a number', { costEstimateNumber: 4711 }, {}],
    [
      'invalid after-hours phone in business hours',
      { afterHourContactNumber: 'call me' },
      { afterHourContactNumber: FIELD_MSG.invalidPhone },
    ],
    ['invalid ready date', { dateReadyInput: '2025-03-04' }, { dateReadyInput: JOB_MSG.invalidDate }],
    ['time off the 15-minute step', { timeDueInput: '12:10 PM' }, { timeDueInput: JOB_MSG.invalidTime }],
    ['ready date in the past', { dateReadyInput: '03/03/2025' }, { dateReadyInput: JOB_MSG.readyDateInPast }],
    ['ready time in the past', { timeReadyInput: '09:45 AM' }, { timeReadyInput: JOB_MSG.readyTimeInPast }],
    ['due date in the past', { dateDueInput: '03/03/2025' }, { dateDueInput: JOB_MSG.dueDateInPast }],
    [
      'due date before ready',
      { dateReadyInput: '06/03/2025', dateDueInput: '05/03/2025' },
      { dateDueInput: JOB_MSG.dueDateBeforeReady },
    ],
    ['due not after ready', { timeDueInput: '10:30 AM' }, { timeDueInput: JOB_MSG.dueNotAfterReady }],
    ['due time in the past', { timeDueInput: '09:45 AM' }, { timeDueInput: JOB_MSG.dueTimeInPast }],
    ['address 0', { clientBranchAddressId: 0 }, { clientBranchAddressId: FIELD_MSG.nonZero }],
  ])('%s', (_label, overrides, expected) => {
    expect(errorsOf(order(overrides))).toEqual(expected);
  });

  it('takes the instructions limit from settings', () => {
    expect(errorsOf(order({ instructions: 'x'.repeat(11) }), { maxInstructions: 10 })).toEqual({
      instructions: FIELD_MSG.tooLong(10),
    });
  });

  it.each<[string, unknown, string | undefined]>([
    ['2', 2, undefined],
    ['007', 7, undefined],
    ['0', undefined, FIELD_MSG.nonZero],
    ['1.5', undefined, FIELD_MSG.digitsOnly],
    ['-3', undefined, FIELD_MSG.digitsOnly],
    ['2 ', undefined, FIELD_MSG.digitsOnly],
    ['1234567', undefined, FIELD_MSG.tooManyDigits(6)],
  ])('number of copies %j', (value, copies, message) => {
    const input = order({ orderType: 5, numberOfCopies: String(value) });
    expect(errorsOf(input).numberOfCopies).toBe(message);
    if (!message) expect(parsed(input).numberOfCopies).toBe(copies);
  });
});

describe('after-hours contact number (decision 001)', () => {
  // Sydney is UTC+11 in March 2025: 19:59Z Mon = 06:59 Tue.
  it.each([
    ['weekday 06:59', '2025-03-03T19:59:00Z', true],
    ['weekday 07:00', '2025-03-03T20:00:00Z', false],
    ['weekday 15:59', '2025-03-04T04:59:00Z', false],
    ['weekday 16:00', '2025-03-04T05:00:00Z', true],
    ['Saturday 10:00', '2025-03-07T23:00:00Z', true],
  ])('%s → required: %s', (_label, iso, required) => {
    const now = new Date(iso);
    const ready = defaultReadyInputs(now, SYD);
    const input = order({ ...ready, ...defaultDueInputs(ready.dateReadyInput, ready.timeReadyInput) });
    expect(errorsOf(input, { now }).afterHourContactNumber).toBe(required ? JOB_MSG.afterHoursRequired : undefined);
    expect(errorsOf({ ...input, afterHourContactNumber: '0412-345-678' }, { now })).toEqual({});
    expect(errorsOf({ ...input, afterHourContactNumber: '0412 345 678' }, { now })).toEqual({});
    expect(errorsOf({ ...input, afterHourContactNumber: '0412 abc' }, { now }).afterHourContactNumber).toBe(
      FIELD_MSG.invalidPhone,
    );
  });

  it("evaluates the window in the user's zone: Monday 09:30 in Sydney is Sunday 22:30 in UTC", () => {
    const now = new Date('2025-01-05T22:30:00Z');
    const input = order({
      dateReadyInput: '06/01/2025',
      timeReadyInput: '10:00 AM',
      dateDueInput: '06/01/2025',
      timeDueInput: '11:00 AM',
    });
    expect(errorsOf(input, { now })).toEqual({});
    expect(errorsOf(input, { now, timeZone: 'UTC' })).toEqual({ afterHourContactNumber: JOB_MSG.afterHoursRequired });
  });

  it('reads a clock function at each parse', () => {
    let t = new Date('2025-03-04T04:45:00Z'); // 15:45 Sydney
    const schema = makeJobOrderSchema({ now: () => t, timeZone: SYD });
    const input = order({ dateReadyInput: '05/03/2025', dateDueInput: '05/03/2025' });
    expect(schema.safeParse(input).success).toBe(true);
    t = new Date('2025-03-04T05:00:00Z'); // 16:00 Sydney
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe('order-type effects (§4)', () => {
  const blocks: Partial<JobOrderInput> = {
    appealBook: { prepare: 2 },
    courtCopy: {
      location: 1,
      courtNew: 2,
      actingFor: 1,
      fileNumberA: '12',
      fileNumberB: '2025',
      matterNameA: 'Smith',
      matterNameB: 'Jones',
      courtMethods: [1, 2, 3],
      copyMethod: 1,
    },
  };
  it.each([
    [1, true, false],
    [2, true, false],
    [3, true, true],
    [4, false, false],
    [5, true, false],
    [6, false, true],
    [7, false, false],
    [8, false, false],
  ])('type %i: copies required %s, what-to-collect required %s', (orderType, copies, collect) => {
    const errors = errorsOf(order({ orderType, ...blocks }));
    expect(errors.numberOfCopies).toBe(copies ? JOB_MSG.copiesRequired : undefined);
    expect(errors.whatToCollect).toBe(collect ? JOB_MSG.whatToCollectRequired : undefined);
    const complete = order({ orderType, ...blocks, numberOfCopies: '2', whatToCollect: 'Two boxes' });
    expect(errorsOf(complete)).toEqual({});
  });

  it.each<[string, Partial<JobOrderInput>, string]>([
    ['appeal book, final copies', { orderType: 1, appealBook: { prepare: 2 } }, 'required'],
    ['appeal book, draft', { orderType: 1, appealBook: { prepare: 1 } }, 'hidden'],
    ['court copy, method 1', { orderType: 2, courtCopy: { courtMethods: [1, 2, 3], copyMethod: 1 } }, 'required'],
    ['court copy, method 2', { orderType: 2, courtCopy: { courtMethods: [1, 2, 3], copyMethod: '2' } }, 'hidden'],
    ['court copy, method 3', { orderType: 2, courtCopy: { courtMethods: [1, 2, 3], copyMethod: 3 } }, 'required'],
    ['court copy, court without methods', { orderType: 2, courtCopy: { courtMethods: [] } }, 'required'],
    ['copy', { orderType: 3 }, 'required'],
    ['print', { orderType: 5 }, 'required'],
    ['scan', { orderType: 6 }, 'optional'],
    ['consulting', { orderType: 7 }, 'optional'],
  ])('copies rule: %s → %s', (_label, values, rule) => {
    expect(copiesRule(values)).toBe(rule);
  });

  it('clears hidden copies (appeal book draft) and keeps only the chosen type block', () => {
    const o = parsed(
      order({
        orderType: 1,
        numberOfCopies: '4',
        appealBook: { prepare: 1, location: 2, appealBookCourt: 1, appealBookType: 1 },
        copyInstructions: { accordionOpen: true, paperSize: 1 },
        ePrintInstructions: { accordionOpen: true },
        collectionDescription: 'ignored',
      }),
    );
    expect(o.numberOfCopies).toBeUndefined();
    expect(o.appealBook?.location).toBe(2);
    expect([
      o.copyInstructions,
      o.courtCopy,
      o.ePrintInstructions,
      o.eScanInstructions,
      o.collectionDescription,
    ]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('does not validate the blocks of other order types', () => {
    expect(
      errorsOf(
        order({ orderType: 7, appealBook: { prepare: 9, location: 'x' }, copyInstructions: { accordionOpen: true } }),
      ),
    ).toEqual({});
  });

  it('keeps the collection description for types 4, 7 and 8 and checks it as text', () => {
    expect(parsed(order({ orderType: 8, collectionDescription: ' Pick up at reception ' })).collectionDescription).toBe(
      'Pick up at reception',
    );
    expect(errorsOf(order({ orderType: 4, collectionDescription: '<p>x</p>' }))).toEqual({
      collectionDescription: FIELD_MSG.htmlTags,
    });
  });

  it('choosing type 3 starts from clear copy instructions, copy-as-original and section flags', () => {
    const before = order({
      orderType: 5,
      copyAsOriginal: true,
      copyInstructions: { accordionOpen: true, paperSize: 2 },
    });
    const after = applyOrderTypeEffects(before, 3);
    expect(after.orderType).toBe(3);
    expect(after.copyAsOriginal).toBe(false);
    expect(after.copyInstructions).toEqual({ accordionOpen: false, excludeFromNumbering: expect.any(Array) });
    expect(applyOrderTypeEffects(before, 6).copyInstructions).toEqual(before.copyInstructions);
  });
});

describe('step-one schema, defaults and the async cost-estimate check', () => {
  it('validates step one alone (Next) and lists its fields', () => {
    const stepOne = makeJobStepOneSchema({ now: NOW, timeZone: SYD });
    expect(stepOne.safeParse(order({ orderType: 3, whatToCollect: 'Box' })).success).toBe(true);
    const r = stepOne.safeParse(order({ orderType: 6 }));
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['whatToCollect']);
    expect(STEP_ONE_FIELDS).toEqual(
      expect.arrayContaining(['orderType', 'dateDueInput', 'numberOfCopies', 'whatToCollect']),
    );
  });

  it('pre-fills the contact and the default ready and due times', () => {
    const values = defaultJobOrder({
      now: new Date('2025-03-03T23:07:00Z'),
      timeZone: SYD,
      contact: { contactName: 'Ann', email: 'a@b.com', contactPhone: '0299' },
    });
    expect(values).toMatchObject({
      contactName: 'Ann',
      dateReadyInput: '04/03/2025',
      timeReadyInput: '10:15 AM',
      dateDueInput: '04/03/2025',
      timeDueInput: '12:00 PM',
    });
  });

  it('checks that the cost estimate exists when given a lookup', async () => {
    const known = new Set(['4711']);
    const schema = makeJobOrderSchema({ now: NOW, timeZone: SYD, costEstimateExists: async (n) => known.has(n) });
    expect((await schema.safeParseAsync(order({ costEstimateNumber: '4711' }))).success).toBe(true);
    const r = await schema.safeParseAsync(order({ costEstimateNumber: '9999', contactName: '' }));
    expect(r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      contactName: FIELD_MSG.required,
      costEstimateNumber: JOB_MSG.costEstimateInvalid,
    });
  });

  it('infers the stored order type from the schema (checked by tsc)', () => {
    expectTypeOf<JobOrder['orderType']>().toEqualTypeOf<OrderTypeId>();
    expectTypeOf<JobOrder['readyAt']>().toEqualTypeOf<Date>();
    expectTypeOf<JobOrder['contactName']>().toEqualTypeOf<string>();
    expectTypeOf<JobOrder['numberOfCopies']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<JobOrder['eScanInstructions']>['physicalMediaType']>().toEqualTypeOf<
      1 | 2 | 3 | undefined
    >();
  });

  it('refuses an unknown time zone when the schema is made', () => {
    expect(() => makeJobOrderSchema({ now: NOW, timeZone: 'Sydney' })).toThrow(RangeError);
  });

  it('strips fields a client may never write', () => {
    const o = parsed({ ...order(), ClientId: 9, status: 8, internalInstructions: 'x', clientId: 9 });
    for (const key of ['ClientId', 'status', 'internalInstructions', 'clientId']) expect(o).not.toHaveProperty(key);
  });
});
