/**
 * A job's instruction block as the job slip shows it (spec §3 blocks, §4 form rules). The stored block (legacy
 * shape, lib/jobs/instruction-block.ts) goes back to form values (`fromLegacyOrder`), is read with the block's
 * loose schema, and each kind's field list (below) gives the rows: the form's labels in the form's order, only
 * the fields its visibility rule shows, values rendered by lib/jobs/slip-fields.ts.
 *
 * `blockReferences` names the database rows the block refers to (location, court, physical media), for the
 * slip service to resolve (lib/jobs/slip.ts); their names come back as `BlockNames`.
 */
import type { z } from 'zod';
import { cleanText, toCode } from '@/lib/validation-rules';
import {
  ADDITIONAL_TASKS,
  APPEAL_COURT_OTHER,
  appealBookSchema,
  appealBookVisibility,
  FILE_NUMBER_SEPARATOR,
  MATTER_NAME_SEPARATOR,
  SERVICE_RECIPIENTS,
} from './blocks/appeal-book';
import {
  copyBlockSchema,
  copyVisibility,
  EXCLUDE_FROM_NUMBERING,
  HOLE_PUNCH_OTHER,
  NUMBERING_SEQUENCE_OTHER,
  PAPER_SIZE_OTHER,
  SINGLE_OR_DOUBLE_OTHER,
} from './blocks/copy';
import {
  ACTING_FOR_OTHER,
  COPY_METHOD_IDS,
  COPY_METHODS,
  COURT_OTHER,
  courtCopySchema,
  courtCopyVisibility,
  SOLICITOR_FOR_OTHER,
} from './blocks/court-copy';
import {
  INSERT_TYPES,
  ORDER_DOCUMENTS_OTHER,
  PRINT_HOLE_PUNCH_OTHER,
  PRINT_NUMBERING_SEQUENCE_OTHER,
  PRINT_PAPER_SIZE_OTHER,
  printSchema,
  printVisibility,
} from './blocks/print';
import {
  DELIVERY_TYPES,
  OTHER_FILES,
  SCAN_FILE_NAMING_OTHER,
  SCAN_IMAGE_FORMAT_OTHER,
  scanSchema,
  scanVisibility,
} from './blocks/scan';
import { blockKind, legacyBlockFields } from './instruction-block';
import { fromLegacyOrder } from './legacy-order';
import type { LocationKind } from './lookups';
import * as O from './options';
import {
  fieldRows,
  joinedParts,
  NO_BLOCK_NAMES,
  renderers,
  type BlockNames,
  type SlipField,
  type SlipRow,
} from './slip-fields';
import { isRecord } from '@/lib/core/guards';

type AppealBook = z.output<typeof appealBookSchema>;
type CourtCopy = z.output<typeof courtCopySchema>;
type Copy = z.output<typeof copyBlockSchema>;
type Print = z.output<typeof printSchema>;
type Scan = z.output<typeof scanSchema>;
type Collection = { collectionDescription: unknown };

/**
 * The court copy form's visibility, with the court context (offered methods, solicitor section) read back from
 * what was stored: the server keeps a copy method only when the court offers methods, and the solicitor's
 * details only when the court asks for them.
 */
function courtCopySlipVisibility(b: CourtCopy) {
  const solicitor =
    cleanText(b.solicitorFullName) !== undefined ||
    toCode(b.solicitorFor) !== undefined ||
    b.practiceNoteAgreement === true ||
    b.isPracticeNoteAttached === true;
  return courtCopyVisibility({
    ...b,
    courtMethods: toCode(b.copyMethod) === undefined ? [] : [...COPY_METHOD_IDS],
    courtNeedsSolicitor: solicitor,
  });
}

const A = renderers<AppealBook>();
const APPEAL_BOOK_FIELDS: SlipField<AppealBook, ReturnType<typeof appealBookVisibility>>[] = [
  { label: 'What should we prepare?', value: A.choice(O.PREPARE_OPTIONS, 'prepare') },
  { label: 'File number', value: (b) => joinedParts(b.fileNumberA, b.fileNumberB, FILE_NUMBER_SEPARATOR) },
  { label: 'Matter name', value: (b) => joinedParts(b.matterNameA, b.matterNameB, MATTER_NAME_SEPARATOR) },
  { label: 'Location', shown: (v) => v.draft, value: A.location('location') },
  {
    label: 'Court',
    shown: (v) => v.draft,
    value: A.court('appealBookCourt', { code: APPEAL_COURT_OTHER, text: 'otherAppealCourt' }),
  },
  { label: 'Appeal book type', shown: (v) => v.draft, value: A.choice(O.APPEAL_BOOK_TYPES, 'appealBookType') },
  { label: 'Additional tasks', shown: (v) => v.draft, value: A.codes(ADDITIONAL_TASKS, 'additionalTasks') },
  { label: 'Serve copies on', shown: (v) => v.finalCopies, value: A.codes(SERVICE_RECIPIENTS, 'serviceTo') },
  { label: 'Service address', shown: (v) => v.serviceAddress, value: A.text('serviceAddress') },
];

const C = renderers<CourtCopy>();
const COURT_COPY_FIELDS: SlipField<CourtCopy, ReturnType<typeof courtCopyVisibility>>[] = [
  { label: 'Location', value: C.location('location') },
  { label: 'Court', value: C.court('courtNew', { code: COURT_OTHER, text: 'otherCourt' }) },
  {
    label: 'Access orders have been made by the Workers Compensation Commission',
    shown: (v) => v.accessOrdersForWCC,
    value: C.yesNo('accessOrdersForWCC'),
  },
  { label: 'Acting for', value: C.choice(O.PARTIES, 'actingFor', { code: ACTING_FOR_OTHER, text: 'otherActingFor' }) },
  { label: 'File number', value: (b) => joinedParts(b.fileNumberA, b.fileNumberB, FILE_NUMBER_SEPARATOR) },
  { label: 'Matter name', value: (b) => joinedParts(b.matterNameA, b.matterNameB, MATTER_NAME_SEPARATOR) },
  { label: 'Copy method', shown: (v) => v.copyMethod, value: C.choice(COPY_METHODS, 'copyMethod') },
  { label: 'Date produced', value: C.text('dateProduced') },
  { label: 'Date access granted', value: C.text('dateAccessGranted') },
  { label: 'Material to copy', value: C.text('documentsToPhotoCopy') },
  { label: 'I agree to the practice note', shown: (v) => v.solicitor, value: C.yesNo('practiceNoteAgreement') },
  { label: 'Solicitor’s full name', shown: (v) => v.solicitor, value: C.text('solicitorFullName') },
  {
    label: 'Solicitor for',
    shown: (v) => v.solicitor,
    value: C.choice(O.PARTIES, 'solicitorFor', { code: SOLICITOR_FOR_OTHER, text: 'otherAsSolicitorFor' }),
  },
  { label: 'The practice note is attached', shown: (v) => v.solicitor, value: C.yesNo('isPracticeNoteAttached') },
];

const K = renderers<Copy>();
const COPY_FIELDS: SlipField<Copy, ReturnType<typeof copyVisibility>>[] = [
  { label: 'Give detailed copy instructions', value: K.yesNo('accordionOpen') },
  { label: 'Colour', shown: (v) => v.open, value: K.choice(O.COPY_COLOUR, 'originalContainsAnyColor') },
  { label: 'Paper', shown: (v) => v.open, value: K.choice(O.COPY_PAPER, 'originalPaper') },
  {
    label: 'Single or double-sided',
    shown: (v) => v.open,
    value: K.choice(O.COPY_SIDES, 'singleOrDoubleSided', {
      code: SINGLE_OR_DOUBLE_OTHER,
      text: 'otherSingleOrDoubleSided',
    }),
  },
  {
    label: 'Paper size',
    shown: (v) => v.open,
    value: K.choice(O.COPY_PAPER_SIZE, 'paperSize', { code: PAPER_SIZE_OTHER, text: 'otherPaperSize' }),
  },
  { label: 'Folders and binding', shown: (v) => v.open, value: K.choice(O.COPY_BINDING, 'foldersNBinding') },
  {
    label: 'Staples and clips on the originals',
    shown: (v) => v.open,
    value: K.choice(O.COPY_STAPLES_ORIGINALS, 'staplesClipsOriginals'),
  },
  {
    label: 'Hole punch',
    shown: (v) => v.finishing,
    value: K.choice(O.COPY_HOLE_PUNCH, 'holePunch', { code: HOLE_PUNCH_OTHER, text: 'otherHolePunch' }),
  },
  {
    label: 'Staples and clips on the copies',
    shown: (v) => v.finishing,
    value: K.choice(O.COPY_STAPLES_COPIES, 'staplesClipsCopies'),
  },
  { label: 'Dividers', shown: (v) => v.open, value: K.choice(O.COPY_DIVIDERS, 'dividers') },
  { label: 'Dividers instructions', shown: (v) => v.dividersInstructions, value: K.text('dividersInstructions') },
  { label: 'Order of the documents', shown: (v) => v.open, value: K.choice(O.COPY_DOCUMENT_ORDER, 'documentOrder') },
  { label: 'Page numbers', shown: (v) => v.open, value: K.choice(O.COPY_PAGE_NUMBERS, 'applyPageNumbers') },
  { label: 'Number location', shown: (v) => v.numbering, value: K.choice(O.NUMBER_LOCATIONS, 'numberLocation') },
  { label: 'Starting number', shown: (v) => v.numbering, value: K.text('startingNumber') },
  {
    label: 'Numbering sequence',
    shown: (v) => v.numbering,
    value: K.choice(O.NUMBERING_SEQUENCES, 'numberingSequence', {
      code: NUMBERING_SEQUENCE_OTHER,
      text: 'otherNumberingSequence',
    }),
  },
  {
    label: 'Do not number',
    shown: (v) => v.numbering,
    value: K.selected(EXCLUDE_FROM_NUMBERING, 'excludeFromNumbering', 'numberingType'),
  },
];

const P = renderers<Print>();
const PRINT_FIELDS: SlipField<Print, ReturnType<typeof printVisibility>>[] = [
  { label: 'Give advanced print instructions', value: P.yesNo('accordionOpen') },
  {
    label: 'Does the file contain any colour?',
    shown: (v) => v.open,
    value: P.choice(O.PRINT_COLOUR, 'originalFileContainsAnyColour'),
  },
  { label: 'Single or double-sided', shown: (v) => v.open, value: P.choice(O.PRINT_SIDES, 'singleOrDoubleSided') },
  {
    label: 'Paper size',
    shown: (v) => v.open,
    value: P.choice(O.PRINT_PAPER_SIZE, 'paperSize', { code: PRINT_PAPER_SIZE_OTHER, text: 'otherPaperSize' }),
  },
  { label: 'Insert', shown: (v) => v.open, value: P.selected(INSERT_TYPES, 'insert', 'insertSeprationType') },
  {
    label: 'Separator sheet type',
    shown: (v) => v.separatorSheets,
    value: P.choice(O.SEPARATOR_TYPES, 'separatorSheetsType'),
  },
  {
    label: 'Separator sheet location',
    shown: (v) => v.separatorSheets,
    value: P.choice(O.INSERT_LOCATIONS, 'separatorSheetLocation'),
  },
  {
    label: 'Tabbed divider type',
    shown: (v) => v.tabbedDividers,
    value: P.choice(O.TABBED_DIVIDER_TYPES, 'tabbedDividerType'),
  },
  { label: 'Tabbed divider label', shown: (v) => v.tabbedDividers, value: P.text('tabbedDividerLabel') },
  {
    label: 'Tabbed divider location',
    shown: (v) => v.tabbedDividers,
    value: P.choice(O.INSERT_LOCATIONS, 'tabbedDividerLocation'),
  },
  { label: 'Folders and binding', shown: (v) => v.open, value: P.choice(O.PRINT_BINDING, 'foldersNBinding') },
  {
    label: 'Hole punch',
    shown: (v) => v.finishing,
    value: P.choice(O.PRINT_HOLE_PUNCH, 'holePunch', { code: PRINT_HOLE_PUNCH_OTHER, text: 'otherHolePunch' }),
  },
  { label: 'Stapled', shown: (v) => v.finishing, value: P.choice(O.YES_NO, 'stapled') },
  { label: 'Duplicate documents', shown: (v) => v.open, value: P.choice(O.DUPLICATES, 'duplicateDocuments') },
  { label: 'E-mail attachments', shown: (v) => v.open, value: P.choice(O.ATTACHMENTS, 'attachments') },
  {
    label: 'Order of the documents',
    shown: (v) => v.open,
    value: P.choice(O.ORDER_DOCUMENTS, 'orderDocuments', { code: ORDER_DOCUMENTS_OTHER, text: 'otherOrderDocuments' }),
  },
  {
    label: 'Undated documents go',
    shown: (v) => v.documentLocation,
    value: P.choice(O.UNDATED_LOCATIONS, 'documentLocation'),
  },
  { label: 'Files that cannot be printed', shown: (v) => v.open, value: P.choice(O.UNPRINTABLE, 'unprintableFiles') },
  { label: 'Excel files', shown: (v) => v.open, value: P.choice(O.EXCEL, 'excelFiles') },
  { label: 'Apply page numbers', shown: (v) => v.open, value: P.choice(O.APPLY_NUMBERS, 'applyNumbers') },
  { label: 'Number location', shown: (v) => v.numbering, value: P.choice(O.NUMBER_LOCATIONS, 'numbersLocationEPrint') },
  { label: 'Starting number', shown: (v) => v.numbering, value: P.text('startingNumber') },
  {
    label: 'Numbering sequence',
    shown: (v) => v.numbering,
    value: P.choice(O.NUMBERING_SEQUENCES, 'numberingSequenceEPrint', {
      code: PRINT_NUMBERING_SEQUENCE_OTHER,
      text: 'otherNumberingSequence',
    }),
  },
];

const S = renderers<Scan>();
const SCAN_FIELDS: SlipField<Scan, ReturnType<typeof scanVisibility>>[] = [
  { label: 'Give advanced scan instructions', value: S.yesNo('accordionOpen') },
  {
    label: 'Do the originals contain any colour?',
    shown: (v) => v.open,
    value: S.choice(O.SCAN_COLOUR, 'originalFileContainsAnyColour'),
  },
  {
    label: 'How should we decide where documents break?',
    shown: (v) => v.open,
    value: S.choice(O.DOCUMENT_BREAKS, 'scanDetermineDocumentBreaks'),
  },
  {
    label: 'Keep attachments with their host document?',
    shown: (v) => v.open,
    value: S.choice(O.YES_NO, 'scanDetermineHostAttachment'),
  },
  { label: 'Apply page numbers', shown: (v) => v.open, value: S.choice(O.APPLY_NUMBERS, 'scanApplyPageNumbers') },
  { label: 'Number location', shown: (v) => v.numbering, value: S.choice(O.NUMBER_LOCATIONS, 'numbersLocation') },
  { label: 'Starting number', shown: (v) => v.numbering, value: S.text('startingNumber') },
  {
    label: 'Numbering sequence',
    shown: (v) => v.numbering,
    value: S.choice(O.SCAN_NUMBERING_SEQUENCES, 'numberingSequence'),
  },
  {
    label: 'Objectively code the documents?',
    shown: (v) => v.open,
    value: S.choice(O.YES_NO, 'scanObjectiveCodingDocuments'),
  },
  { label: 'Create an index', shown: (v) => v.open, value: S.choice(O.INDEXING, 'scanCreateIndexing') },
  {
    label: 'Hyperlink the index to the documents?',
    shown: (v) => v.hyperlinks,
    value: S.choice(O.YES_NO, 'scanCreateHyperlinks'),
  },
  {
    label: 'Image file format',
    shown: (v) => v.open,
    value: S.choice(O.IMAGE_FORMATS, 'scanImageFileFormat', {
      code: SCAN_IMAGE_FORMAT_OTHER,
      text: 'otherImageFileFormat',
    }),
  },
  {
    label: 'Name the files by',
    shown: (v) => v.open,
    value: S.choice(O.FILE_NAMING, 'scanFileNaming', { code: SCAN_FILE_NAMING_OTHER, text: 'otherFileNaming' }),
  },
  {
    label: 'Also deliver',
    shown: (v) => v.open,
    value: S.selected(OTHER_FILES, 'otherFilesToInclude', 'numberingType'),
  },
  {
    label: 'Deliver the files as',
    shown: (v) => v.open,
    value: S.selected(DELIVERY_TYPES, 'deliverFiles', 'deliverType'),
  },
  { label: 'Physical media type', shown: (v) => v.physicalMediaType, value: S.physicalMedia('physicalMediaType') },
];

const COLLECTION_FIELDS: SlipField<Collection, null>[] = [
  { label: 'Description', value: renderers<Collection>().text('collectionDescription') },
];

/** The block read with its loose schema; a field of an unexpected type is left out rather than failing the block. */
function readLoose<S extends z.ZodType>(schema: S, v: unknown): z.output<S> | null {
  const first = schema.safeParse(v);
  if (first.success) return first.data;
  if (!isRecord(v)) return null;
  const bad = new Set(first.error.issues.map((i) => String(i.path[0])));
  const second = schema.safeParse(Object.fromEntries(Object.entries(v).filter(([k]) => !bad.has(k))));
  return second.success ? second.data : null;
}

type BlockValues =
  | { kind: 'appealBook'; block: AppealBook }
  | { kind: 'courtCopy'; block: CourtCopy }
  | { kind: 'copy'; block: Copy }
  | { kind: 'print'; block: Print }
  | { kind: 'scan'; block: Scan }
  | { kind: 'collection'; block: Collection };

/** The stored block of the job's order type as form values, or null when there is none. */
function blockValues(orderType: number, stored: unknown): BlockValues | null {
  const kind = blockKind(orderType);
  const values = fromLegacyOrder(legacyBlockFields(orderType, stored));
  switch (kind) {
    case 'appealBook': {
      const block = readLoose(appealBookSchema, values.appealBook);
      return block && { kind, block };
    }
    case 'courtCopy': {
      const block = readLoose(courtCopySchema, values.courtCopy);
      return block && { kind, block };
    }
    case 'copy': {
      const block = readLoose(copyBlockSchema, values.copyInstructions);
      return block && { kind, block };
    }
    case 'print': {
      const block = readLoose(printSchema, values.ePrintInstructions);
      return block && { kind, block };
    }
    case 'scan': {
      const block = readLoose(scanSchema, values.eScanInstructions);
      return block && { kind, block };
    }
    case 'collection':
      return { kind, block: { collectionDescription: values.collectionDescription } };
    default:
      return null;
  }
}

/** The rows of a job's instruction block as a reader sees them (empty when the job has no block). */
export function slipBlockRows(orderType: number, stored: unknown, names: BlockNames = NO_BLOCK_NAMES): SlipRow[] {
  const v = blockValues(orderType, stored);
  switch (v?.kind) {
    case 'appealBook':
      return fieldRows(APPEAL_BOOK_FIELDS, v.block, appealBookVisibility(v.block), names);
    case 'courtCopy':
      return fieldRows(COURT_COPY_FIELDS, v.block, courtCopySlipVisibility(v.block), names);
    case 'copy':
      return fieldRows(COPY_FIELDS, v.block, copyVisibility(v.block), names);
    case 'print':
      return fieldRows(PRINT_FIELDS, v.block, printVisibility(v.block), names);
    case 'scan':
      return fieldRows(SCAN_FIELDS, v.block, scanVisibility(v.block), names);
    case 'collection':
      return fieldRows(COLLECTION_FIELDS, v.block, null, names);
    default:
      return [];
  }
}

/** The largest value of a smallint column (court codes, physical media ids): larger ids name no row. */
const SMALLINT_MAX = 32_767;
const rowId = (v: unknown, max = 2_147_483_647): number | null => {
  const c = toCode(v);
  return c !== undefined && c >= 1 && c <= max ? c : null;
};

/** The database rows a block names, to resolve into `BlockNames` (only those the slip shows). */
export interface BlockReferences {
  location: { kind: LocationKind; id: number } | null;
  /** A court by its code at the location, for the job type (1 appeal book, 2 court copy); never the "other" code. */
  court: { jobType: 1 | 2; locationId: number; code: number } | null;
  physicalMediaId: number | null;
}

export function blockReferences(orderType: number, stored: unknown): BlockReferences {
  const none: BlockReferences = { location: null, court: null, physicalMediaId: null };
  const v = blockValues(orderType, stored);
  const place = (
    kind: LocationKind,
    jobType: 1 | 2,
    location: unknown,
    court: unknown,
    other: number,
  ): BlockReferences => {
    const id = rowId(location);
    const code = rowId(court, SMALLINT_MAX);
    return {
      ...none,
      location: id === null ? null : { kind, id },
      court: id === null || code === null || code === other ? null : { jobType, locationId: id, code },
    };
  };
  switch (v?.kind) {
    case 'appealBook':
      return appealBookVisibility(v.block).draft
        ? place('appeal_book', 1, v.block.location, v.block.appealBookCourt, APPEAL_COURT_OTHER)
        : none;
    case 'courtCopy':
      return place('court_copy', 2, v.block.location, v.block.courtNew, COURT_OTHER);
    case 'scan':
      return scanVisibility(v.block).physicalMediaType
        ? { ...none, physicalMediaId: rowId(v.block.physicalMediaType, SMALLINT_MAX) }
        : none;
    default:
      return none;
  }
}
