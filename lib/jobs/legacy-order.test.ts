import { describe, expect, it } from 'vitest';
import { FIELD_MSG } from '@/lib/validation';
import { fromLegacyOrder, parseLegacyJobOrder, toLegacyOrder, toLegacyPath } from './legacy-order';
import { JOB_MSG, makeJobOrderSchema, type JobOrderInput } from './schema';

const options = { now: new Date('2025-03-03T23:00:00Z'), timeZone: 'Australia/Sydney' };
const schema = makeJobOrderSchema(options);
const step: JobOrderInput = {
  jobId: 0,
  contactName: 'Ann Lee',
  email: 'ann@example.com',
  contactPhone: '0299990000',
  afterHourContactNumber: '0412-345-678',
  costEstimateNumber: '4711',
  matterReference: 'M-1',
  clientBranchAddressId: 7,
  alternatePickupDelivery: 'Level 3 reception',
  dateReadyInput: '04/03/2025',
  timeReadyInput: '10:30 AM',
  dateDueInput: '05/03/2025',
  timeDueInput: '09:00 AM',
  instructions: 'Handle with care',
  numberOfCopies: 2,
  whatToCollect: 'Two boxes',
};

const byType: [string, JobOrderInput][] = [
  [
    'appeal book draft',
    {
      ...step,
      orderType: 1,
      appealBook: {
        prepare: 1,
        location: 2,
        appealBookCourt: 6,
        otherAppealCourt: 'Land Court',
        appealBookType: 1,
        additionalTasks: [1, 3],
        fileNumberA: '123',
        fileNumberB: '2025',
        matterNameA: 'Smith',
        matterNameB: 'Jones',
      },
    },
  ],
  [
    'appeal book final copies',
    { ...step, orderType: 1, appealBook: { prepare: 2, serviceTo: [1, 4], serviceAddress: '1 George St' } },
  ],
  [
    'court copy',
    {
      ...step,
      orderType: 2,
      courtCopy: {
        copyMethod: 3,
        location: 1,
        courtNew: 11,
        accessOrdersForWCC: true,
        actingFor: 3,
        otherActingFor: 'Intervener',
        fileNumberA: '7',
        fileNumberB: '2024',
        matterNameA: 'R',
        matterNameB: 'Doe',
        practiceNoteAgreement: true,
        solicitorFullName: 'Sam Poe',
        solicitorFor: 1,
        isPracticeNoteAttached: true,
        dateProduced: '01/02/2025',
        dateAccessGranted: '02/02/2025',
        documentsToPhotoCopy: 'Affidavits',
        courtMethods: [1, 2, 3],
        courtNeedsSolicitor: true,
      },
    },
  ],
  [
    'copy',
    {
      ...step,
      orderType: 3,
      copyAsOriginal: true,
      copyInstructions: {
        accordionOpen: true,
        originalContainsAnyColor: 1,
        originalPaper: 1,
        singleOrDoubleSided: 4,
        otherSingleOrDoubleSided: 'Mixed',
        paperSize: 1,
        foldersNBinding: 1,
        holePunch: 2,
        otherHolePunch: '4 holes',
        staplesClipsCopies: 1,
        staplesClipsOriginals: 2,
        dividers: 2,
        dividersInstructions: 'Blue tabs',
        documentOrder: 2,
        applyPageNumbers: 1,
        numberLocation: 3,
        startingNumber: '0001',
        numberingSequence: 4,
        otherNumberingSequence: 'By tab',
        excludeFromNumbering: [{ numberingType: 2, selectedValue: false }],
      },
    },
  ],
  ['data processing', { ...step, orderType: 4, collectionDescription: 'Load set 3' }],
  [
    'print',
    {
      ...step,
      orderType: 5,
      ePrintInstructions: {
        accordionOpen: true,
        originalFileContainsAnyColour: 1,
        singleOrDoubleSided: 2,
        paperSize: 2,
        otherPaperSize: 'A2',
        insert: [
          { insertSeprationType: 1, selectedValue: true },
          { insertSeprationType: 2, selectedValue: true },
        ],
        separatorSheetsType: 1,
        separatorSheetLocation: 2,
        tabbedDividerType: 1,
        tabbedDividerLabel: 'Numbers',
        tabbedDividerLocation: 1,
        foldersNBinding: 0,
        holePunch: 1,
        stapled: 1,
        duplicateDocuments: 1,
        attachments: 2,
        orderDocuments: 2,
        documentLocation: 1,
        unprintableFiles: 1,
        excelFiles: 2,
        applyNumbers: 1,
        numbersLocationEPrint: 2,
        startingNumber: '10',
        numberingSequenceEPrint: 1,
      },
    },
  ],
  [
    'scan',
    {
      ...step,
      orderType: 6,
      eScanInstructions: {
        accordionOpen: true,
        originalFileContainsAnyColour: 2,
        scanDetermineDocumentBreaks: 1,
        scanDetermineHostAttachment: 2,
        scanApplyPageNumbers: 1,
        numbersLocation: 1,
        startingNumber: '1',
        numberingSequence: 2,
        scanObjectiveCodingDocuments: 1,
        scanCreateIndexing: 3,
        scanCreateHyperlinks: 1,
        scanImageFileFormat: 3,
        otherImageFileFormat: 'JP2',
        scanFileNaming: 4,
        otherFileNaming: 'By date',
        otherFilesToInclude: [{ numberingType: 2, selectedValue: true }],
        deliverFiles: [{ deliverType: 2, selectedValue: true }],
        physicalMediaType: 3,
      },
    },
  ],
  ['consulting', { ...step, orderType: 7 }],
  ['court', { ...step, orderType: 8, collectionDescription: 'File at registry' }],
];

describe('legacy PascalCase payload of api/Job/Add', () => {
  it.each(byType)('round trip: %s', (_label, input) => {
    const order = schema.parse(input);
    const legacy = toLegacyOrder(order);
    const again = fromLegacyOrder(legacy);
    // The court context is never read from a legacy body: the server sets it from its courts table.
    if (input.courtCopy && typeof again.courtCopy === 'object' && again.courtCopy !== null) {
      Object.assign(again.courtCopy, {
        courtMethods: input.courtCopy.courtMethods,
        courtNeedsSolicitor: input.courtCopy.courtNeedsSolicitor,
      });
    }
    expect(schema.parse(again)).toEqual(order);
  });

  it('speaks the spec names, with the file number as "a of b" and the matter name as "a vs b"', () => {
    const legacy = toLegacyOrder(schema.parse(byType[0]?.[1]));
    expect(legacy).toMatchObject({
      JobId: 0,
      OrderType: 1,
      ContactName: 'Ann Lee',
      Email: 'ann@example.com',
      ContactPhone: '0299990000',
      AfterHourContactNumber: '0412-345-678',
      CostEstimateNumber: '4711',
      MatterReference: 'M-1',
      ClientBranchAddressId: 7,
      AlternatePickupDelivery: 'Level 3 reception',
      DateReadyInput: '04/03/2025',
      TimeReadyInput: '10:30 AM',
      DateDueInput: '05/03/2025',
      TimeDueInput: '09:00 AM',
      DateReady: '2025-03-03T23:30:00.000Z',
      Instructions: 'Handle with care',
      WhatToCollect: 'Two boxes',
      AppealBook: {
        prepare: 1,
        location: 2,
        appealBookCourt: 6,
        OtherAppealCourt: 'Land Court',
        AppealBookType: 1,
        AdditionalTasks: [1, 3],
        FileNumber: '123 of 2025',
        MatterName: 'Smith vs Jones',
      },
    });
    expect(legacy).not.toHaveProperty('NumberOfCopies');
    const copy = toLegacyOrder(schema.parse(byType[3]?.[1]));
    expect(copy.copyInstructions).toMatchObject({
      HasAdvancedInstructions: true,
      DividersInstructions: 'Blue tabs',
      StartingNumber: '0001',
    });
    expect(copy.CopyStatus).toMatchObject({ colour: true, pageNumbering: true });
    const print = toLegacyOrder(schema.parse(byType[5]?.[1]));
    expect(print.ePrintInstructions).toMatchObject({
      StartingNumber: '10',
      insert: [
        { insertSeprationType: 1, SelectedValue: true },
        { insertSeprationType: 2, SelectedValue: true },
      ],
    });
  });

  it('maps issue paths back to legacy names', () => {
    expect(toLegacyPath(['contactName'])).toBe('ContactName');
    expect(toLegacyPath(['appealBook', 'fileNumberB'])).toBe('AppealBook.FileNumber');
    expect(toLegacyPath(['copyInstructions', 'dividersInstructions'])).toBe('copyInstructions.DividersInstructions');
    expect(toLegacyPath(['eScanInstructions', 'deliverFiles', 1, 'selectedValue'])).toBe(
      'eScanInstructions.deliverFiles.1.SelectedValue',
    );
    expect(toLegacyPath(['somethingElse'])).toBe('somethingElse');
  });

  it('parses a legacy body and answers errors in legacy names', async () => {
    const body = {
      OrderType: 1,
      ContactName: ' ',
      Email: 'x',
      ContactPhone: '0299',
      MatterReference: 'M',
      Address: '7',
      DateReadyInput: '04/03/2025',
      TimeReadyInput: '10:30 AM',
      DateDueInput: '04/03/2025',
      TimeDueInput: '11:30 AM',
      AppealBook: { prepare: 1, FileNumber: '12 of ' },
    };
    const r = await parseLegacyJobOrder(body, options);
    expect(r).toEqual({
      success: false,
      errors: [
        { field: 'ContactName', message: FIELD_MSG.whitespaceOnly },
        { field: 'Email', message: FIELD_MSG.invalidEmail },
        { field: 'AppealBook.FileNumber', message: FIELD_MSG.required },
        { field: 'AppealBook.location', message: FIELD_MSG.required },
        { field: 'AppealBook.appealBookCourt', message: FIELD_MSG.required },
        { field: 'AppealBook.AppealBookType', message: FIELD_MSG.required },
      ],
    });
    expect(await parseLegacyJobOrder([1, 2], options)).toMatchObject({ success: false });
    expect(await parseLegacyJobOrder({ ...body, OrderType: 'x', ContactName: 5 }, options)).toMatchObject({
      success: false,
    });
  });

  it('ignores fields a client may never write and computed ones', async () => {
    const body = {
      ...toLegacyOrder(schema.parse(byType[7]?.[1])),
      ClientId: 99,
      Status: 8,
      InternalInstructions: 'x',
      DateReady: '2020-01-01T00:00:00Z',
      CopyStatus: { colour: false },
    };
    const r = await parseLegacyJobOrder(body, options);
    if (!r.success) throw new Error('expected a valid order');
    expect(r.data.readyAt.toISOString()).toBe('2025-03-03T23:30:00.000Z');
    expect(r.data.copyStatus).toBeUndefined();
    for (const key of ['ClientId', 'clientId', 'Status', 'status', 'InternalInstructions', 'internalInstructions'])
      expect(r.data).not.toHaveProperty(key);
  });

  it('treats legacy instructions sent without the accordion flag as given', async () => {
    const body = { ...toLegacyOrder(schema.parse(byType[5]?.[1])), ePrintInstructions: { paperSize: 1 } };
    const r = await parseLegacyJobOrder(body, options);
    expect(r.success).toBe(false);
    expect(r.success ? [] : r.errors.map((e) => e.field)).toContain('ePrintInstructions.originalFileContainsAnyColour');
    const empty = await parseLegacyJobOrder(
      { ...body, ePrintInstructions: { insert: [{ insertSeprationType: 1, SelectedValue: false }] } },
      options,
    );
    expect(empty.success && empty.data.ePrintInstructions?.accordionOpen).toBe(false);
  });

  it('checks the cost estimate through the given lookup', async () => {
    const body = toLegacyOrder(schema.parse(byType[7]?.[1]));
    const r = await parseLegacyJobOrder(body, { ...options, costEstimateExists: async () => false });
    expect(r).toEqual({
      success: false,
      errors: [{ field: 'CostEstimateNumber', message: JOB_MSG.costEstimateInvalid }],
    });
  });
});
