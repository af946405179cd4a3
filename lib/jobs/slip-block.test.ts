import { describe, expect, it } from 'vitest';
import { toInstructionBlock } from './instruction-block';
import { makeJobOrderSchema, type JobOrderInput } from './schema';
import { blockReferences, slipBlockRows } from './slip-block';
import { NO_BLOCK_NAMES, type BlockNames } from './slip-fields';

/** The rows as [label, value] pairs, as the slip lists them. */
const rows = (orderType: number, block: Record<string, unknown>, names: Partial<BlockNames> = {}) =>
  slipBlockRows(orderType, block, { ...NO_BLOCK_NAMES, ...names }).map((r) => [r.label, r.value]);

describe('job slip: the appeal book block', () => {
  it('draft: the location and court by name, the other court with its text, tasks by name; final-copies fields hidden', () => {
    const block = {
      kind: 'appealBook',
      prepare: 1,
      FileNumber: '2024/00123 of 2025',
      MatterName: 'Harbour Holdings Pty Ltd vs Vale Constructions Ltd',
      location: 2,
      appealBookCourt: 6,
      OtherAppealCourt: 'Federal Court Sydney',
      AppealBookType: 2,
      AdditionalTasks: [1, 3],
      ServiceTo: [1],
      ServiceAddress: 'Level 12, 1 Macquarie Place',
    };
    expect(rows(1, block, { location: 'Melbourne' })).toEqual([
      ['What should we prepare?', 'Draft appeal book'],
      ['File number', '2024/00123 of 2025'],
      ['Matter name', 'Harbour Holdings Pty Ltd vs Vale Constructions Ltd'],
      ['Location', 'Melbourne'],
      ['Court', 'Other: Federal Court Sydney'],
      ['Appeal book type', 'Criminal'],
      ['Additional tasks', 'Index, Filing'],
    ]);
    expect(
      rows(1, { ...block, appealBookCourt: 1 }, { location: 'Melbourne', court: 'Court of Appeal' }),
    ).toContainEqual(['Court', 'Court of Appeal']);
  });

  it('final copies (as saved through the order schema): service recipients by name and the address; no draft fields', () => {
    const schema = makeJobOrderSchema({ now: new Date('2025-03-03T23:00:00Z'), timeZone: 'Australia/Sydney' });
    const input: JobOrderInput = {
      contactName: 'Ann Lee',
      email: 'ann@example.com',
      contactPhone: '0299990000',
      matterReference: 'M-1',
      clientBranchAddressId: 7,
      dateReadyInput: '04/03/2025',
      timeReadyInput: '10:30 AM',
      dateDueInput: '05/03/2025',
      timeDueInput: '09:00 AM',
      orderType: 1,
      numberOfCopies: 3,
      appealBook: {
        prepare: 2,
        fileNumberA: '12',
        fileNumberB: '2025',
        serviceTo: [1, 3],
        serviceAddress: '1 George St, Sydney',
        location: 2,
        appealBookCourt: 1,
      },
    };
    const stored = toInstructionBlock(schema.parse(input));
    expect(rows(1, stored, { location: 'never shown' })).toEqual([
      ['What should we prepare?', 'Copies of the final appeal book'],
      ['File number', '12 of 2025'],
      ['Serve copies on', 'Own counsel, Respondent counsel'],
      ['Service address', '1 George St, Sydney'],
    ]);
  });
});

describe('job slip: the court copy block', () => {
  const block = {
    kind: 'courtCopy',
    CopyMethod: 3,
    Location: 1,
    CourtNew: 11,
    AccessOrdersForWCC: true,
    ActingFor: 3,
    OtherActingFor: 'Interested party',
    FileNumber: '2024/456789 of 2024',
    MatterName: 'R vs Nguyen',
    DateProduced: '03/02/2025',
    DocumentsToPhotoCopy: 'Subpoenaed medical records, tabs 1 to 14.',
  };

  it('location and court by name, the WCC question, acting for other with its text, method by label', () => {
    expect(rows(2, block, { location: 'Sydney CBD', court: 'Workers Compensation Commission (WCC)' })).toEqual([
      ['Location', 'Sydney CBD'],
      ['Court', 'Workers Compensation Commission (WCC)'],
      ['Access orders have been made by the Workers Compensation Commission', 'Yes'],
      ['Acting for', 'Other: Interested party'],
      ['File number', '2024/456789 of 2024'],
      ['Matter name', 'R vs Nguyen'],
      ['Copy method', 'Photocopy and scan'],
      ['Date produced', '03/02/2025'],
      ['Material to copy', 'Subpoenaed medical records, tabs 1 to 14.'],
    ]);
  });

  it('court 16 shows the other court; the WCC answer is hidden for another court; the solicitor section', () => {
    const other = {
      ...block,
      CourtNew: 16,
      OtherCourt: 'Federal Court Sydney',
      CopyMethod: undefined,
      ActingFor: 1,
      PracticeNoteAgreement: true,
      SolicitorFullName: 'Jane Citizen',
      SolicitorFor: 2,
      IsPracticeNoteAttached: false,
    };
    expect(rows(2, other, { location: 'Sydney CBD', court: 'Other' })).toEqual([
      ['Location', 'Sydney CBD'],
      ['Court', 'Other: Federal Court Sydney'],
      ['Acting for', 'Plaintiff / applicant'],
      ['File number', '2024/456789 of 2024'],
      ['Matter name', 'R vs Nguyen'],
      ['Date produced', '03/02/2025'],
      ['Material to copy', 'Subpoenaed medical records, tabs 1 to 14.'],
      ['I agree to the practice note', 'Yes'],
      ['Solicitor’s full name', 'Jane Citizen'],
      ['Solicitor for', 'Defendant / respondent'],
      ['The practice note is attached', 'No'],
    ]);
  });

  it('without resolved names, ids still show (as numbers)', () => {
    expect(rows(2, { ...block, CourtNew: 3 }).slice(0, 2)).toEqual([
      ['Location', '1'],
      ['Court', '3'],
    ]);
  });
});

describe('job slip: the copy block', () => {
  const block = {
    kind: 'copy',
    HasAdvancedInstructions: true,
    originalContainsAnyColor: 3,
    originalPaper: 9,
    singleOrDoubleSided: 3,
    paperSize: 5,
    otherPaperSize: 'B4',
    foldersNBinding: 3,
    holePunch: 1,
    staplesClipsOriginals: 1,
    dividers: 2,
    DividersInstructions: 'Numbered tabs between each affidavit.',
    documentOrder: 2,
    applyPageNumbers: 1,
    numberLocation: 1,
    StartingNumber: '0001',
    numberingSequence: 4,
    otherNumberingSequence: 'By tab',
    excludeFromNumbering: [
      { numberingType: 1, SelectedValue: true },
      { numberingType: 2, SelectedValue: false },
      { numberingType: 3, SelectedValue: true },
      { numberingType: 4, SelectedValue: false },
    ],
    CopyStatus: {
      colour: true,
      paper: true,
      finishing: true,
      dividers: true,
      documentOrder: true,
      pageNumbering: true,
    },
  };

  it('labels, other texts, the exclude list by name; hole punch hidden for spiral binding; an unknown code as its number', () => {
    expect(rows(3, block)).toEqual([
      ['Give detailed copy instructions', 'Yes'],
      ['Colour', 'Black and white'],
      ['Paper', '9'],
      ['Single or double-sided', 'Double-sided'],
      ['Paper size', 'Other: B4'],
      ['Folders and binding', 'Spiral binding'],
      ['Staples and clips on the originals', 'Replace as found'],
      ['Dividers', 'Per my instructions'],
      ['Dividers instructions', 'Numbered tabs between each affidavit.'],
      ['Order of the documents', 'As the supplied index'],
      ['Page numbers', 'Number every page'],
      ['Number location', 'Bottom right'],
      ['Starting number', '0001'],
      ['Numbering sequence', 'Other: By tab'],
      ['Do not number', 'Indexes, Dividers'],
    ]);
  });

  it('binding 0 shows hole punch and staples on copies (code 0 is a choice, not empty); no numbering hides its fields', () => {
    const loose = {
      ...block,
      foldersNBinding: 0,
      holePunch: 2,
      otherHolePunch: '3 holes',
      staplesClipsCopies: 3,
      applyPageNumbers: 0,
    };
    const r = rows(3, loose);
    expect(r).toContainEqual(['Folders and binding', 'None (loose)']);
    expect(r).toContainEqual(['Hole punch', 'Other: 3 holes']);
    expect(r).toContainEqual(['Staples and clips on the copies', 'Clip each document']);
    expect(r).toContainEqual(['Page numbers', 'No page numbers']);
    expect(r.map(([label]) => label)).not.toContain('Do not number');
    expect(r.map(([label]) => label)).not.toContain('Starting number');
  });

  it('without detailed instructions: only that answer', () => {
    expect(rows(3, { kind: 'copy', HasAdvancedInstructions: false, excludeFromNumbering: [] })).toEqual([
      ['Give detailed copy instructions', 'No'],
    ]);
  });
});

describe('job slip: the collection block (types 4, 7, 8)', () => {
  it('shows the description; none when empty', () => {
    for (const type of [4, 7, 8]) {
      expect(rows(type, { kind: 'collection', CollectionDescription: 'Process the e-mail archive.' })).toEqual([
        ['Description', 'Process the e-mail archive.'],
      ]);
      expect(rows(type, { kind: 'collection' })).toEqual([]);
    }
  });
});

describe('job slip: the print block', () => {
  it('inserts by name with their details, binding 0 reveals hole punch (other) and stapled; hidden fields absent', () => {
    const block = {
      kind: 'print',
      HasAdvancedInstructions: true,
      originalFileContainsAnyColour: 2,
      singleOrDoubleSided: 2,
      paperSize: 2,
      otherPaperSize: 'A3',
      insert: [
        { insertSeprationType: 1, SelectedValue: true },
        { insertSeprationType: 2, SelectedValue: false },
      ],
      separatorSheetsType: 1,
      separatorSheetLocation: 2,
      tabbedDividerLabel: 'hidden: tabbed dividers are not ticked',
      foldersNBinding: 0,
      holePunch: 2,
      otherHolePunch: '4 holes',
      stapled: 1,
      duplicateDocuments: 2,
      attachments: 1,
      orderDocuments: 3,
      documentLocation: 2,
      unprintableFiles: 1,
      excelFiles: 2,
      applyNumbers: 2,
      numbersLocationEPrint: 1,
    };
    expect(rows(5, block)).toEqual([
      ['Give advanced print instructions', 'Yes'],
      ['Does the file contain any colour?', 'No, print everything in black and white'],
      ['Single or double-sided', 'Double-sided'],
      ['Paper size', 'Other: A3'],
      ['Insert', 'Separator sheets'],
      ['Separator sheet type', 'Coloured sheets'],
      ['Separator sheet location', 'Before each folder of the source'],
      ['Folders and binding', 'Lever arch folder'],
      ['Hole punch', 'Other: 4 holes'],
      ['Stapled', 'Yes'],
      ['Duplicate documents', 'Print once'],
      ['E-mail attachments', 'Print after their e-mail'],
      ['Order of the documents', 'By date, newest first'],
      ['Undated documents go', 'At the end'],
      ['Files that cannot be printed', 'Insert a placeholder sheet'],
      ['Excel files', 'Fit each sheet to page width'],
      ['Apply page numbers', 'No numbering'],
    ]);
  });

  it('a field of an unexpected type is left out; the rest still shows', () => {
    const r = rows(5, {
      kind: 'print',
      HasAdvancedInstructions: true,
      paperSize: true,
      singleOrDoubleSided: 1,
      foldersNBinding: 42,
    });
    expect(r).toEqual([
      ['Give advanced print instructions', 'Yes'],
      ['Single or double-sided', 'Single-sided'],
      ['Folders and binding', '42'],
    ]);
  });
});

describe('job slip: the scan block', () => {
  const block = {
    kind: 'scan',
    HasAdvancedInstructions: true,
    originalFileContainsAnyColour: 1,
    scanDetermineDocumentBreaks: 3,
    scanDetermineHostAttachment: 1,
    scanApplyPageNumbers: 2,
    numbersLocation: 1,
    scanObjectiveCodingDocuments: 2,
    scanCreateIndexing: 3,
    scanCreateHyperlinks: 2,
    scanImageFileFormat: 3,
    otherImageFileFormat: 'JPEG',
    scanFileNaming: 4,
    otherFileNaming: 'Matter and tab',
    otherFilesToInclude: [
      { numberingType: 1, SelectedValue: false },
      { numberingType: 2, SelectedValue: false },
      { numberingType: 3, SelectedValue: true },
      { numberingType: 4, SelectedValue: true },
    ],
    deliverFiles: [
      { deliverType: 1, SelectedValue: true },
      { deliverType: 2, SelectedValue: true },
    ],
    physicalMediaType: 2,
  };

  it('other texts, the file and delivery lists by name, the physical media type by name; numbering hidden', () => {
    expect(rows(6, block, { physicalMedia: 'USB Flash Drive' })).toEqual([
      ['Give advanced scan instructions', 'Yes'],
      ['Do the originals contain any colour?', 'Yes, scan colour pages in colour'],
      ['How should we decide where documents break?', 'By separator sheets we insert'],
      ['Keep attachments with their host document?', 'Yes'],
      ['Apply page numbers', 'No numbering'],
      ['Objectively code the documents?', 'No'],
      ['Create an index', 'Index with bookmarks'],
      ['Hyperlink the index to the documents?', 'No'],
      ['Image file format', 'Other: JPEG'],
      ['Name the files by', 'Other: Matter and tab'],
      ['Also deliver', 'Image, OCR'],
      ['Deliver the files as', 'Electronic file, Physical media'],
      ['Physical media type', 'USB Flash Drive'],
    ]);
  });

  it('electronic delivery only: the media type is not shown', () => {
    const electronic = { ...block, deliverFiles: [{ deliverType: 1, SelectedValue: true }] };
    expect(rows(6, electronic, { physicalMedia: 'USB Flash Drive' }).map(([label]) => label)).not.toContain(
      'Physical media type',
    );
  });
});

describe('job slip: blocks in general', () => {
  it('no block, a block of another kind or an unknown order type give no rows', () => {
    expect(slipBlockRows(5, null)).toEqual([]);
    expect(slipBlockRows(5, { kind: 'scan', HasAdvancedInstructions: true })).toEqual([]);
    expect(slipBlockRows(99, { kind: 'print' })).toEqual([]);
  });

  it('references: the shown location and court (never the other code), and the physical media type', () => {
    expect(blockReferences(2, { kind: 'courtCopy', Location: 3, CourtNew: 11 })).toEqual({
      location: { kind: 'court_copy', id: 3 },
      court: { jobType: 2, locationId: 3, code: 11 },
      physicalMediaId: null,
    });
    expect(blockReferences(2, { kind: 'courtCopy', Location: 3, CourtNew: 16 }).court).toBeNull();
    expect(blockReferences(1, { kind: 'appealBook', prepare: 1, location: 2, appealBookCourt: 4 })).toMatchObject({
      location: { kind: 'appeal_book', id: 2 },
      court: { jobType: 1, locationId: 2, code: 4 },
    });
    // Final copies: the draft's location is not shown, so not looked up.
    expect(blockReferences(1, { kind: 'appealBook', prepare: 2, location: 2, appealBookCourt: 4 }).location).toBeNull();
    expect(
      blockReferences(6, {
        kind: 'scan',
        HasAdvancedInstructions: true,
        deliverFiles: [{ deliverType: 2, SelectedValue: true }],
        physicalMediaType: 3,
      }).physicalMediaId,
    ).toBe(3);
    // Out-of-range ids name no row.
    expect(blockReferences(2, { kind: 'courtCopy', Location: 3, CourtNew: 99999 }).court).toBeNull();
  });
});
