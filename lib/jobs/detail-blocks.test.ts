/** Appeal book (type 1) and court copy (type 2) detail blocks: spec §3, §4, §5. */
import { describe, expect, it } from 'vitest';
import { FIELD_MSG } from '@/lib/validation';
import {
  courtContext,
  courtCopyVisibility,
  JOB_MSG,
  joinFileNumber,
  joinMatterName,
  makeJobOrderSchema,
  splitFileNumber,
  splitMatterName,
  type AppealBookInput,
  type CourtCopyInput,
  type JobOrderInput,
} from './schema';

const NOW = new Date('2025-03-03T23:00:00Z'); // Tue 4 Mar 2025 10:00 Sydney
const schema = makeJobOrderSchema({ now: NOW, timeZone: 'Australia/Sydney' });
const step: JobOrderInput = {
  contactName: 'Ann Lee',
  email: 'ann@example.com',
  contactPhone: '0299990000',
  matterReference: 'M-1',
  clientBranchAddressId: 1,
  dateReadyInput: '04/03/2025',
  timeReadyInput: '10:30 AM',
  dateDueInput: '04/03/2025',
  timeDueInput: '12:00 PM',
};

function run(input: JobOrderInput) {
  const r = schema.safeParse(input);
  const errors = r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  return { errors, data: r.success ? r.data : undefined };
}

describe('appeal book (§4, §5)', () => {
  const ab = (appealBook: AppealBookInput, extra: Partial<JobOrderInput> = {}) =>
    run({ ...step, orderType: 1, appealBook, ...extra });
  const draft = { prepare: 1, location: 4, appealBookCourt: 2, appealBookType: 1 };

  it('requires the prepare choice', () => {
    expect(ab({}).errors).toEqual({ 'appealBook.prepare': FIELD_MSG.required });
    expect(ab({ prepare: 3 }).errors).toEqual({ 'appealBook.prepare': FIELD_MSG.invalidChoice });
  });

  it('draft: location, court and appeal book type required; other court text when court is 6', () => {
    expect(ab({ prepare: 1 }).errors).toEqual({
      'appealBook.location': FIELD_MSG.required,
      'appealBook.appealBookCourt': FIELD_MSG.required,
      'appealBook.appealBookType': FIELD_MSG.required,
    });
    expect(ab({ ...draft, appealBookCourt: 6 }).errors).toEqual({ 'appealBook.otherAppealCourt': FIELD_MSG.required });
    expect(
      ab({ ...draft, appealBookCourt: 6, otherAppealCourt: 'Land Court' }).data?.appealBook?.otherAppealCourt,
    ).toBe('Land Court');
    expect(
      ab({ ...draft, appealBookCourt: 5, otherAppealCourt: 'stale' }).data?.appealBook?.otherAppealCourt,
    ).toBeUndefined();
  });

  it('draft: additional tasks 1 index, 2 cover, 3 filing', () => {
    expect(ab({ ...draft, additionalTasks: ['3', 1, 1] }).data?.appealBook?.additionalTasks).toEqual([1, 3]);
    expect(ab({ ...draft, additionalTasks: [4] }).errors).toEqual({
      'appealBook.additionalTasks': FIELD_MSG.invalidChoice,
    });
    expect(ab({ ...draft, additionalTasks: false }).data?.appealBook?.additionalTasks).toEqual([]);
  });

  it('final copies: number of copies required; service address once any recipient is chosen', () => {
    expect(ab({ prepare: 2 }).errors).toEqual({ numberOfCopies: JOB_MSG.copiesRequired });
    expect(ab({ prepare: 2, serviceTo: [] }, { numberOfCopies: 3 }).errors).toEqual({});
    expect(ab({ prepare: 2, serviceTo: [2, 4] }, { numberOfCopies: 3 }).errors).toEqual({
      'appealBook.serviceAddress': FIELD_MSG.required,
    });
    expect(ab({ prepare: 2, serviceTo: [5] }, { numberOfCopies: 3 }).errors).toEqual({
      'appealBook.serviceTo': FIELD_MSG.invalidChoice,
    });
    const ok = ab({ prepare: 2, serviceTo: [1], serviceAddress: '1 George St' }, { numberOfCopies: 3 });
    expect(ok.data?.appealBook).toMatchObject({ serviceTo: [1], serviceAddress: '1 George St' });
    expect(ok.data?.numberOfCopies).toBe(3);
  });

  it('clears the section that is not shown', () => {
    const final = ab({ ...draft, prepare: 2, additionalTasks: [1], otherAppealCourt: 'x' }, { numberOfCopies: 2 }).data
      ?.appealBook;
    expect(final).toMatchObject({
      location: undefined,
      appealBookCourt: undefined,
      appealBookType: undefined,
      additionalTasks: [],
    });
    const d = ab({ ...draft, serviceTo: [1], serviceAddress: 'x' }, { numberOfCopies: 2 }).data;
    expect(d?.appealBook).toMatchObject({ serviceTo: [], serviceAddress: undefined });
    expect(d?.numberOfCopies).toBeUndefined();
  });

  it('file number and matter name parts: one part asks for the other, no separator inside a part', () => {
    expect(ab({ ...draft, fileNumberA: '123' }).errors).toEqual({ 'appealBook.fileNumberB': FIELD_MSG.required });
    expect(ab({ ...draft, matterNameB: 'Jones' }).errors).toEqual({ 'appealBook.matterNameA': FIELD_MSG.required });
    expect(ab({ ...draft, matterNameA: 'Smith vs Brown', matterNameB: 'Jones' }).errors).toEqual({
      'appealBook.matterNameA': JOB_MSG.partSeparator(' vs '),
    });
    expect(ab({ ...draft, fileNumberA: '<b>1</b>', fileNumberB: '2025' }).errors).toEqual({
      'appealBook.fileNumberA': FIELD_MSG.htmlTags,
    });
  });

  it.each([
    ['123', '2025', '123 of 2025'],
    ['Smith', 'Jones', undefined],
  ])('joins and splits file numbers (%s, %s)', (a, b, joined) => {
    if (joined) expect(joinFileNumber(a, b)).toBe(joined);
    expect(splitFileNumber(joinFileNumber(a, b))).toEqual([a, b]);
    expect(splitMatterName(joinMatterName(a, b))).toEqual([a, b]);
  });

  it('splits legacy values', () => {
    expect(joinMatterName('Smith', 'Jones')).toBe('Smith vs Jones');
    expect(splitMatterName('Smith vs Jones vs Brown')).toEqual(['Smith', 'Jones vs Brown']);
    expect(splitFileNumber('123')).toEqual(['123', '']);
    expect(splitFileNumber(null)).toEqual(['', '']);
    expect(joinFileNumber(undefined, undefined)).toBeUndefined();
  });
});

describe('court copy (§4, §5)', () => {
  const base: CourtCopyInput = {
    location: 1,
    courtNew: 2,
    actingFor: 1,
    fileNumberA: '12',
    fileNumberB: '2025',
    matterNameA: 'Smith',
    matterNameB: 'Jones',
    courtMethods: [],
    courtNeedsSolicitor: false,
  };
  const cc = (courtCopy: CourtCopyInput, extra: Partial<JobOrderInput> = { numberOfCopies: 1 }) =>
    run({ ...step, orderType: 2, courtCopy, ...extra });

  it('requires location, court, acting-for, both file number parts and both matter name parts', () => {
    expect(cc({}).errors).toEqual(
      Object.fromEntries(
        ['location', 'courtNew', 'actingFor', 'fileNumberA', 'fileNumberB', 'matterNameA', 'matterNameB'].map((f) => [
          `courtCopy.${f}`,
          FIELD_MSG.required,
        ]),
      ),
    );
    expect(cc(base).errors).toEqual({});
  });

  it.each([
    [16, 'otherCourt', true],
    [11, 'otherCourt', false],
  ])('court %i asks for the other-court text: %s', (courtNew, field, asked) => {
    expect(cc({ ...base, courtNew }).errors[`courtCopy.${field}`]).toBe(asked ? FIELD_MSG.required : undefined);
  });

  it('keeps WCC access orders only for court 11 and the other texts only when chosen', () => {
    expect(cc({ ...base, courtNew: 11, accessOrdersForWCC: true, otherCourt: 'stale' }).data?.courtCopy).toMatchObject({
      accessOrdersForWCC: true,
      otherCourt: undefined,
    });
    expect(
      cc({ ...base, courtNew: 16, otherCourt: 'Coroners', accessOrdersForWCC: true }).data?.courtCopy,
    ).toMatchObject({ otherCourt: 'Coroners', accessOrdersForWCC: undefined });
    expect(cc({ ...base, actingFor: 3 }).errors).toEqual({ 'courtCopy.otherActingFor': FIELD_MSG.required });
    expect(cc({ ...base, actingFor: 2, otherActingFor: 'x' }).data?.courtCopy?.otherActingFor).toBeUndefined();
  });

  it('copy method: required (and one of those offered) when the court offers methods', () => {
    const offered = { ...base, courtMethods: [1, 2] };
    expect(cc(offered, {}).errors).toEqual({ 'courtCopy.copyMethod': FIELD_MSG.required });
    expect(cc({ ...offered, copyMethod: 3 }).errors).toEqual({ 'courtCopy.copyMethod': FIELD_MSG.invalidChoice });
    expect(cc({ ...base, copyMethod: 1 }).data?.courtCopy?.copyMethod).toBeUndefined();
  });

  it.each([
    [1, true],
    [2, false],
    [3, true],
  ])('method %i asks for copies: %s', (copyMethod, asked) => {
    const r = cc({ ...base, courtMethods: [1, 2, 3], copyMethod, dateProduced: '01/02/2025' }, {});
    expect(r.errors.numberOfCopies).toBe(asked ? JOB_MSG.copiesRequired : undefined);
    const withCopies = cc(
      { ...base, courtMethods: [1, 2, 3], copyMethod, dateProduced: '01/02/2025' },
      { numberOfCopies: 2 },
    );
    expect(withCopies.data?.numberOfCopies).toBe(asked ? 2 : undefined);
    expect(withCopies.data?.courtCopy?.dateProduced).toBe('01/02/2025');
  });

  it('dates follow the copy method: any method shows them, no method chosen hides and clears them (§4)', () => {
    const offered = { ...base, courtMethods: [1, 2, 3], dateProduced: '01/02/2025', dateAccessGranted: 'not a date' };
    expect(courtCopyVisibility({ ...offered, copyMethod: 1 })).toMatchObject({ numberOfCopies: true, dates: true });
    expect(courtCopyVisibility({ ...offered, copyMethod: 2 })).toMatchObject({ numberOfCopies: false, dates: true });
    expect(courtCopyVisibility({ ...offered, copyMethod: 3 })).toMatchObject({ numberOfCopies: true, dates: true });
    expect(courtCopyVisibility({ ...offered, copyMethod: null })).toMatchObject({
      numberOfCopies: false,
      dates: false,
    });
    expect(cc({ ...offered, copyMethod: 2 }, {}).errors).toEqual({
      'courtCopy.dateAccessGranted': JOB_MSG.invalidDate,
    });
    const none = cc({ ...offered, copyMethod: null }, {});
    expect(none.errors).toEqual({ 'courtCopy.copyMethod': FIELD_MSG.required });
    expect(cc({ ...offered, copyMethod: 2 }, {}).data).toBeUndefined();
    expect(courtCopyVisibility({ ...base, courtMethods: [] })).toMatchObject({ numberOfCopies: true, dates: true });
    const hidden = cc(
      { ...base, courtMethods: [2], copyMethod: 2, dateProduced: '01/02/2025', dateAccessGranted: '02/02/2025' },
      {},
    ).data?.courtCopy;
    expect(hidden).toMatchObject({ dateProduced: '01/02/2025', dateAccessGranted: '02/02/2025' });
  });

  it('solicitor section when the court needs it: agreement, full name, solicitor-for (+ other text if 3)', () => {
    const s = { ...base, courtNeedsSolicitor: true };
    expect(cc(s).errors).toEqual({
      'courtCopy.practiceNoteAgreement': JOB_MSG.practiceNoteAgreement,
      'courtCopy.solicitorFullName': FIELD_MSG.required,
      'courtCopy.solicitorFor': FIELD_MSG.required,
    });
    const full = { ...s, practiceNoteAgreement: true, solicitorFullName: 'Sam Poe', solicitorFor: 3 };
    expect(cc(full).errors).toEqual({ 'courtCopy.otherAsSolicitorFor': FIELD_MSG.required });
    expect(
      cc({ ...full, otherAsSolicitorFor: 'Intervener', isPracticeNoteAttached: true }).data?.courtCopy,
    ).toMatchObject({
      practiceNoteAgreement: true,
      solicitorFor: 3,
      otherAsSolicitorFor: 'Intervener',
      isPracticeNoteAttached: true,
    });
  });

  it('clears the solicitor section when the court does not need it', () => {
    const data = cc({
      ...base,
      practiceNoteAgreement: true,
      solicitorFullName: 'Sam',
      solicitorFor: 3,
      otherAsSolicitorFor: 'x',
    }).data?.courtCopy;
    expect(data).toMatchObject({
      practiceNoteAgreement: undefined,
      solicitorFullName: undefined,
      solicitorFor: undefined,
      otherAsSolicitorFor: undefined,
    });
    expect(data).not.toHaveProperty('courtMethods');
  });

  it('validates the dates and the materials text', () => {
    expect(
      cc({ ...base, dateProduced: '2025-02-01', dateAccessGranted: '30/02/2025', documentsToPhotoCopy: '  ' }).errors,
    ).toEqual({
      'courtCopy.dateProduced': JOB_MSG.invalidDate,
      'courtCopy.dateAccessGranted': JOB_MSG.invalidDate,
      'courtCopy.documentsToPhotoCopy': FIELD_MSG.whitespaceOnly,
    });
  });

  it('derives the court context from the court selection flags', () => {
    expect(
      courtContext({
        EnablePhotocopyMethod: true,
        EnableScanMethod: false,
        EnableBothPhotocopyAndScanMethod: true,
        EnableSCGen: true,
      }),
    ).toEqual({
      courtMethods: [1, 3],
      courtNeedsSolicitor: true,
    });
    expect(courtContext(null)).toEqual({ courtMethods: [], courtNeedsSolicitor: false });
  });
});
