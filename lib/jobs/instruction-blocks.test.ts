/** Copy (type 3), print (type 5) and scan (type 6) instruction accordions: spec §3, §4, §5. */
import { describe, expect, it } from 'vitest';
import { FIELD_MSG } from '@/lib/validation';
import {
  applySetAsOriginals,
  COPY_SECTIONS,
  copySectionStatus,
  firstIncompleteCopySection,
  firstInvalidSection,
  JOB_MSG,
  makeJobOrderSchema,
  PRINT_SECTIONS,
  SCAN_SECTIONS,
  SET_AS_ORIGINALS,
  type CopyBlockInput,
  type JobOrderInput,
  type PrintInput,
  type ScanInput,
} from './schema';

const schema = makeJobOrderSchema({ now: new Date('2025-03-03T23:00:00Z'), timeZone: 'Australia/Sydney' });
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
  numberOfCopies: 2,
  whatToCollect: 'Two lever-arch files',
};
function run(input: JobOrderInput, prefix: string) {
  const r = schema.safeParse(input);
  const errors = r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.').replace(`${prefix}.`, ''), i.message]));
  return { errors, data: r.success ? r.data : undefined };
}
const required = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, FIELD_MSG.required]));

describe('copy job (§4 copy form, §5 copy job)', () => {
  const copy = (copyInstructions: CopyBlockInput, extra: Partial<JobOrderInput> = {}) =>
    run({ ...step, orderType: 3, copyInstructions, ...extra }, 'copyInstructions');
  const complete: CopyBlockInput = {
    accordionOpen: true,
    originalContainsAnyColor: 2,
    originalPaper: 1,
    singleOrDoubleSided: 2,
    paperSize: 1,
    foldersNBinding: 3,
    staplesClipsOriginals: 1,
    dividers: 1,
    documentOrder: 1,
    applyPageNumbers: 0,
  };

  it('closed accordion: only copies and what-to-collect; nothing of the block is stored', () => {
    expect(copy({ accordionOpen: false, paperSize: 9 }, { numberOfCopies: '' }).errors).toEqual({
      numberOfCopies: JOB_MSG.copiesRequired,
    });
    const data = copy({ accordionOpen: false, paperSize: 1 }, { copyAsOriginal: true }).data;
    expect(data?.copyInstructions).toMatchObject({
      accordionOpen: false,
      paperSize: undefined,
      excludeFromNumbering: [],
    });
    expect(data?.copyAsOriginal).toBe(false);
    expect(data?.copyStatus).toBeUndefined();
  });

  it('open accordion: every section must be complete', () => {
    expect(copy({ accordionOpen: true }).errors).toEqual(
      required(
        'originalContainsAnyColor',
        'originalPaper',
        'singleOrDoubleSided',
        'paperSize',
        'foldersNBinding',
        'staplesClipsOriginals',
        'dividers',
        'documentOrder',
        'applyPageNumbers',
      ),
    );
    const ok = copy(complete).data;
    expect(ok?.copyStatus).toEqual({
      colour: true,
      paper: true,
      finishing: true,
      dividers: true,
      documentOrder: true,
      pageNumbering: true,
    });
  });

  it.each<[string, CopyBlockInput, Record<string, string>]>([
    ['sides 4 asks for other text', { singleOrDoubleSided: 4 }, required('otherSingleOrDoubleSided')],
    ['paper size 5 asks for other text', { paperSize: 5 }, required('otherPaperSize')],
    [
      'binding 0 reveals hole punch and staples on copies',
      { foldersNBinding: 0 },
      required('holePunch', 'staplesClipsCopies'),
    ],
    ['binding 1 reveals them', { foldersNBinding: 1 }, required('holePunch', 'staplesClipsCopies')],
    ['binding 2 reveals them', { foldersNBinding: 2 }, required('holePunch', 'staplesClipsCopies')],
    [
      'hole punch 2 asks for other text',
      { foldersNBinding: 1, holePunch: 2, staplesClipsCopies: 1 },
      required('otherHolePunch'),
    ],
    ['dividers 2 asks for instructions', { dividers: 2 }, required('dividersInstructions')],
    [
      'page numbers 1 reveals location, start, sequence',
      { applyPageNumbers: 1 },
      required('numberLocation', 'startingNumber', 'numberingSequence'),
    ],
    [
      'page numbers 2 reveals them',
      { applyPageNumbers: 2 },
      required('numberLocation', 'startingNumber', 'numberingSequence'),
    ],
    [
      'sequence 4 asks for other text',
      { applyPageNumbers: 1, numberLocation: 1, startingNumber: '1', numberingSequence: 4 },
      required('otherNumberingSequence'),
    ],
    [
      'starting number digits only',
      { applyPageNumbers: 1, numberLocation: 1, startingNumber: '1a', numberingSequence: 1 },
      { startingNumber: FIELD_MSG.digitsOnly },
    ],
    ['page numbers 3 is not a choice', { applyPageNumbers: 3 }, { applyPageNumbers: FIELD_MSG.invalidChoice }],
  ])('%s', (_label, change, expected) => {
    expect(copy({ ...complete, ...change }).errors).toEqual(expected);
  });

  it('binding outside 0-2 hides and clears hole punch and staples on copies', () => {
    const data = copy({ ...complete, foldersNBinding: 3, holePunch: 2, otherHolePunch: 'x', staplesClipsCopies: 1 })
      .data?.copyInstructions;
    expect(data).toMatchObject({ holePunch: undefined, otherHolePunch: undefined, staplesClipsCopies: undefined });
  });

  it('page numbers 0 hides and clears the numbering fields; 1 keeps them with the exclude options all checked by default', () => {
    const numbered = { ...complete, numberLocation: 2, startingNumber: '0001', numberingSequence: 1 };
    expect(copy({ ...numbered, applyPageNumbers: 0 }).data?.copyInstructions).toMatchObject({
      numberLocation: undefined,
      startingNumber: undefined,
      numberingSequence: undefined,
      excludeFromNumbering: [],
    });
    const on = copy({
      ...numbered,
      applyPageNumbers: 1,
      excludeFromNumbering: [{ numberingType: 4, selectedValue: false }],
    }).data?.copyInstructions;
    expect(on).toMatchObject({ numberLocation: 2, startingNumber: '0001', numberingSequence: 1 });
    expect(on?.excludeFromNumbering).toEqual([
      { numberingType: 1, selectedValue: true },
      { numberingType: 2, selectedValue: true },
      { numberingType: 3, selectedValue: true },
      { numberingType: 4, selectedValue: false },
    ]);
  });

  it('Set As Originals presets (§4) leave only the staples to choose', () => {
    expect(SET_AS_ORIGINALS).toEqual({
      originalContainsAnyColor: 1,
      originalPaper: 1,
      singleOrDoubleSided: 1,
      paperSize: 1,
      foldersNBinding: 1,
      dividers: 1,
      documentOrder: 1,
      holePunch: 3,
      applyPageNumbers: 0,
    });
    const preset = applySetAsOriginals({ paperSize: 5, otherPaperSize: 'A2' });
    expect(copy(preset, { copyAsOriginal: true }).errors).toEqual(
      required('staplesClipsOriginals', 'staplesClipsCopies'),
    );
    const data = copy({ ...preset, staplesClipsOriginals: 1, staplesClipsCopies: 2 }, { copyAsOriginal: true }).data;
    expect(data?.copyAsOriginal).toBe(true);
    expect(data?.copyInstructions).toMatchObject({ paperSize: 1, otherPaperSize: undefined, holePunch: 3 });
  });

  it('reports the first incomplete section (to open and scroll to) and the section flags', () => {
    const o = { maxInstructions: 1000 };
    expect(COPY_SECTIONS.map((s) => s.id)).toEqual([
      'colour',
      'paper',
      'finishing',
      'dividers',
      'documentOrder',
      'pageNumbering',
    ]);
    expect(firstIncompleteCopySection({}, o)).toBe('colour');
    expect(firstIncompleteCopySection({ ...complete, dividers: 2 }, o)).toBe('dividers');
    expect(firstIncompleteCopySection({ ...complete, applyPageNumbers: 1 }, o)).toBe('pageNumbering');
    expect(firstIncompleteCopySection(complete, o)).toBeNull();
    expect(copySectionStatus({ ...complete, originalPaper: null, dividers: 2 }, o)).toEqual({
      colour: false,
      paper: false,
      finishing: true,
      dividers: false,
      documentOrder: true,
      pageNumbering: true,
    });
  });
});

describe('print save (§4 print form, §5 print save)', () => {
  const print = (ePrintInstructions: PrintInput, extra: Partial<JobOrderInput> = {}) =>
    run({ ...step, orderType: 5, ePrintInstructions, ...extra }, 'ePrintInstructions');
  const complete: PrintInput = {
    accordionOpen: true,
    originalFileContainsAnyColour: 1,
    singleOrDoubleSided: 1,
    paperSize: 1,
    foldersNBinding: 2,
    duplicateDocuments: 1,
    attachments: 1,
    orderDocuments: 1,
    unprintableFiles: 1,
    excelFiles: 1,
    applyNumbers: 2,
  };
  const ticked = (type: number) => ({ insert: [{ insertSeprationType: type, selectedValue: true }] });

  it('closed accordion: number of copies only', () => {
    expect(print({ accordionOpen: false }, { numberOfCopies: null }).errors).toEqual({
      numberOfCopies: JOB_MSG.copiesRequired,
    });
    expect(print({ accordionOpen: false, paperSize: 1 }).data?.ePrintInstructions).toMatchObject({
      accordionOpen: false,
      paperSize: undefined,
      insert: [],
    });
  });

  it('open accordion: every choice is required', () => {
    expect(print({ accordionOpen: true }).errors).toEqual(
      required(
        'originalFileContainsAnyColour',
        'singleOrDoubleSided',
        'paperSize',
        'foldersNBinding',
        'duplicateDocuments',
        'attachments',
        'orderDocuments',
        'unprintableFiles',
        'excelFiles',
        'applyNumbers',
      ),
    );
    expect(print(complete).errors).toEqual({});
  });

  it.each<[string, PrintInput, Record<string, string>]>([
    ['paper size 2 asks for other text', { paperSize: 2 }, required('otherPaperSize')],
    ['separator sheets need type and location', ticked(1), required('separatorSheetsType', 'separatorSheetLocation')],
    [
      'tabbed dividers need type, label and location',
      ticked(2),
      required('tabbedDividerType', 'tabbedDividerLabel', 'tabbedDividerLocation'),
    ],
    ['binding 0 reveals hole punch', { foldersNBinding: 0 }, required('holePunch')],
    ['binding 1 reveals hole punch', { foldersNBinding: 1 }, required('holePunch')],
    ['hole punch 2 asks for other text', { foldersNBinding: 1, holePunch: 2 }, required('otherHolePunch')],
    ['order 2 reveals the undated-document location', { orderDocuments: 2 }, required('documentLocation')],
    ['order 3 reveals the undated-document location', { orderDocuments: 3 }, required('documentLocation')],
    ['order 5 asks for other text', { orderDocuments: 5 }, required('otherOrderDocuments')],
    [
      'apply numbers 1 reveals location, start and sequence',
      { applyNumbers: 1 },
      required('numbersLocationEPrint', 'startingNumber', 'numberingSequenceEPrint'),
    ],
    [
      'sequence 4 asks for other text',
      { applyNumbers: 1, numbersLocationEPrint: 1, startingNumber: 5, numberingSequenceEPrint: 4 },
      required('otherNumberingSequence'),
    ],
    [
      'starting number must be valid',
      { applyNumbers: 1, numbersLocationEPrint: 1, startingNumber: '-5', numberingSequenceEPrint: 1 },
      { startingNumber: FIELD_MSG.digitsOnly },
    ],
    [
      'unknown insert type',
      { insert: [{ insertSeprationType: 3, selectedValue: true }] },
      { insert: FIELD_MSG.invalidChoice },
    ],
  ])('%s', (_label, change, expected) => {
    expect(print({ ...complete, ...change }).errors).toEqual(expected);
  });

  it('clears what is hidden: unticked inserts, finishing for other bindings, location, numbering', () => {
    const data = print({
      ...complete,
      insert: [
        { insertSeprationType: 1, selectedValue: false },
        { insertSeprationType: 2, selectedValue: true },
      ],
      separatorSheetsType: 1,
      separatorSheetLocation: 1,
      tabbedDividerType: 1,
      tabbedDividerLabel: 'Tab',
      tabbedDividerLocation: 2,
      foldersNBinding: 2,
      holePunch: 1,
      stapled: 1,
      orderDocuments: 1,
      documentLocation: 1,
      applyNumbers: 2,
      numbersLocationEPrint: 1,
      startingNumber: '1',
    }).data?.ePrintInstructions;
    expect(data).toMatchObject({
      separatorSheetsType: undefined,
      separatorSheetLocation: undefined,
      tabbedDividerType: 1,
      tabbedDividerLabel: 'Tab',
      tabbedDividerLocation: 2,
      holePunch: undefined,
      stapled: undefined,
      documentLocation: undefined,
      numbersLocationEPrint: undefined,
      startingNumber: undefined,
      insert: [
        { insertSeprationType: 1, selectedValue: false },
        { insertSeprationType: 2, selectedValue: true },
      ],
    });
  });

  it('names the first invalid section to scroll to', () => {
    expect(firstInvalidSection(PRINT_SECTIONS, ['excelFiles', 'tabbedDividerLabel'])).toBe('inserts');
    expect(firstInvalidSection(PRINT_SECTIONS, [])).toBeNull();
  });
});

describe('scan save (§4 scan form, §5 scan save)', () => {
  const scan = (eScanInstructions: ScanInput, extra: Partial<JobOrderInput> = {}) =>
    run({ ...step, orderType: 6, eScanInstructions, ...extra }, 'eScanInstructions');
  const electronic = [{ deliverType: 1, selectedValue: true }];
  const complete: ScanInput = {
    accordionOpen: true,
    originalFileContainsAnyColour: 1,
    scanDetermineDocumentBreaks: 1,
    scanDetermineHostAttachment: 1,
    scanApplyPageNumbers: 2,
    scanObjectiveCodingDocuments: 1,
    scanCreateIndexing: 1,
    scanImageFileFormat: 1,
    scanFileNaming: 1,
    deliverFiles: electronic,
  };

  it('closed accordion: what-to-collect only, copies optional', () => {
    expect(scan({ accordionOpen: false }, { numberOfCopies: null, whatToCollect: '' }).errors).toEqual({
      whatToCollect: JOB_MSG.whatToCollectRequired,
    });
  });

  it('open accordion: every answer and at least one delivery', () => {
    expect(scan({ accordionOpen: true }).errors).toEqual({
      ...required(
        'originalFileContainsAnyColour',
        'scanDetermineDocumentBreaks',
        'scanDetermineHostAttachment',
        'scanApplyPageNumbers',
        'scanObjectiveCodingDocuments',
        'scanCreateIndexing',
        'scanImageFileFormat',
        'scanFileNaming',
      ),
      deliverFiles: JOB_MSG.deliveryRequired,
    });
    expect(scan(complete).errors).toEqual({});
  });

  it.each<[string, ScanInput, Record<string, string>]>([
    [
      'page numbers 1 reveals location, start and sequence',
      { scanApplyPageNumbers: 1 },
      required('numbersLocation', 'startingNumber', 'numberingSequence'),
    ],
    [
      'starting number must be valid',
      { scanApplyPageNumbers: 1, numbersLocation: 1, startingNumber: 'one', numberingSequence: 1 },
      { startingNumber: FIELD_MSG.digitsOnly },
    ],
    ['indexing 2 asks about hyperlinks', { scanCreateIndexing: 2 }, required('scanCreateHyperlinks')],
    ['indexing 3 asks about hyperlinks', { scanCreateIndexing: 3 }, required('scanCreateHyperlinks')],
    ['image format 3 asks for other text', { scanImageFileFormat: 3 }, required('otherImageFileFormat')],
    ['file naming 4 asks for other text', { scanFileNaming: 4 }, required('otherFileNaming')],
    [
      'no delivery ticked',
      {
        deliverFiles: [
          { deliverType: 1, selectedValue: false },
          { deliverType: 2, selectedValue: false },
        ],
      },
      { deliverFiles: JOB_MSG.deliveryRequired },
    ],
    [
      'physical media needs the media type',
      { deliverFiles: [{ deliverType: 2, selectedValue: true }] },
      required('physicalMediaType'),
    ],
    [
      'media type 1-3 only',
      { deliverFiles: [{ deliverType: 2, selectedValue: true }], physicalMediaType: 4 },
      { physicalMediaType: FIELD_MSG.invalidChoice },
    ],
    [
      'other files 1-4 only',
      { otherFilesToInclude: [{ numberingType: 5, selectedValue: true }] },
      { otherFilesToInclude: FIELD_MSG.invalidChoice },
    ],
  ])('%s', (_label, change, expected) => {
    expect(scan({ ...complete, ...change }).errors).toEqual(expected);
  });

  it('clears hidden answers and normalises the lists', () => {
    const data = scan({
      ...complete,
      scanApplyPageNumbers: 2,
      numbersLocation: 1,
      scanCreateIndexing: 1,
      scanCreateHyperlinks: 1,
      physicalMediaType: 2,
      otherFilesToInclude: [{ numberingType: 4, selectedValue: true }],
    }).data?.eScanInstructions;
    expect(data).toMatchObject({
      numbersLocation: undefined,
      scanCreateHyperlinks: undefined,
      physicalMediaType: undefined,
    });
    expect(data?.otherFilesToInclude.filter((f) => f.selectedValue)).toEqual([
      { numberingType: 4, selectedValue: true },
    ]);
    expect(data?.deliverFiles).toEqual([
      { deliverType: 1, selectedValue: true },
      { deliverType: 2, selectedValue: false },
    ]);
    const usb = scan({ ...complete, deliverFiles: [{ deliverType: '2', selectedValue: true }], physicalMediaType: '2' })
      .data?.eScanInstructions;
    expect(usb?.physicalMediaType).toBe(2);
  });

  it('names the first invalid section to scroll to', () => {
    expect(firstInvalidSection(SCAN_SECTIONS, ['physicalMediaType', 'scanFileNaming'])).toBe('fileNaming');
  });
});
