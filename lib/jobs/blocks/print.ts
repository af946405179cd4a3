/**
 * Print instructions (order type 5, `ePrintInstructions`): spec §3 "Print instructions", §4 "Print form",
 * §5 "Print save". Validated only when the accordion is open; closed, nothing of it is stored.
 */
import { z } from 'zod';
import { checkChoice, checkDigits, checkText, SHORT_TEXT_MAX, type Reporter } from '@/lib/validation';
import {
  checkCodes,
  code,
  codeIn,
  digitString,
  flag,
  isSelected,
  looseBool,
  looseNumber,
  looseText,
  selections,
  text,
  type Section,
} from './common';

/** insertSeprationType: 1 separator sheets, 2 tabbed dividers. */
export const INSERT_TYPES = [
  { id: 1, name: 'Separator sheets' },
  { id: 2, name: 'Tabbed dividers' },
] as const;
export const INSERT_TYPE_IDS = [1, 2] as const;
export const INSERT_SEPARATOR_SHEETS = 1;
export const INSERT_TABBED_DIVIDERS = 2;
export const PRINT_PAPER_SIZE_OTHER = 2;
export const PRINT_HOLE_PUNCH_OTHER = 2;
/** Folders/binding values that reveal hole punch and stapled. */
export const PRINT_BINDINGS_WITH_FINISHING = [0, 1] as const;
/** Order documents 2 or 3 reveal the undated-document location; 5 shows an other-text. */
export const ORDER_DOCUMENTS_WITH_LOCATION = [2, 3] as const;
export const ORDER_DOCUMENTS_OTHER = 5;
/** applyNumbers: 1 numbered, 2 none. */
export const APPLY_NUMBERS = [1, 2] as const;
export const PRINT_NUMBERING_SEQUENCE_OTHER = 4;

const insertItem = z.object({ insertSeprationType: looseNumber, selectedValue: looseBool });

export const printSchema = z.object({
  accordionOpen: looseBool,
  originalFileContainsAnyColour: looseNumber,
  singleOrDoubleSided: looseNumber,
  paperSize: looseNumber,
  otherPaperSize: looseText,
  insert: z.array(insertItem).nullish(),
  separatorSheetsType: looseNumber,
  separatorSheetLocation: looseNumber,
  tabbedDividerType: looseNumber,
  tabbedDividerLabel: looseText,
  tabbedDividerLocation: looseNumber,
  foldersNBinding: looseNumber,
  holePunch: looseNumber,
  otherHolePunch: looseText,
  stapled: looseNumber,
  duplicateDocuments: looseNumber,
  attachments: looseNumber,
  orderDocuments: looseNumber,
  otherOrderDocuments: looseText,
  documentLocation: looseNumber,
  unprintableFiles: looseNumber,
  excelFiles: looseNumber,
  applyNumbers: looseNumber,
  numbersLocationEPrint: looseNumber,
  startingNumber: looseNumber,
  numberingSequenceEPrint: looseNumber,
  otherNumberingSequence: looseText,
});
export type PrintInput = z.input<typeof printSchema>;
type Loose = z.output<typeof printSchema>;

export const PRINT_SECTIONS = [
  { id: 'colour', fields: ['originalFileContainsAnyColour'] },
  { id: 'paper', fields: ['singleOrDoubleSided', 'paperSize', 'otherPaperSize'] },
  {
    id: 'inserts',
    fields: [
      'insert',
      'separatorSheetsType',
      'separatorSheetLocation',
      'tabbedDividerType',
      'tabbedDividerLabel',
      'tabbedDividerLocation',
    ],
  },
  { id: 'finishing', fields: ['foldersNBinding', 'holePunch', 'otherHolePunch', 'stapled'] },
  {
    id: 'documents',
    fields: [
      'duplicateDocuments',
      'attachments',
      'orderDocuments',
      'otherOrderDocuments',
      'documentLocation',
      'unprintableFiles',
      'excelFiles',
    ],
  },
  {
    id: 'numbering',
    fields: [
      'applyNumbers',
      'numbersLocationEPrint',
      'startingNumber',
      'numberingSequenceEPrint',
      'otherNumberingSequence',
    ],
  },
] as const satisfies readonly Section[];
export type PrintSection = (typeof PRINT_SECTIONS)[number]['id'];

export function printVisibility(b: Partial<Loose> | null | undefined) {
  const open = flag(b?.accordionOpen);
  const binding = code(b?.foldersNBinding);
  const finishing = open && PRINT_BINDINGS_WITH_FINISHING.some((x) => x === binding);
  const order = code(b?.orderDocuments);
  const numbering = open && code(b?.applyNumbers) === 1;
  return {
    open,
    otherPaperSize: open && code(b?.paperSize) === PRINT_PAPER_SIZE_OTHER,
    separatorSheets: open && isSelected(b?.insert, 'insertSeprationType', INSERT_SEPARATOR_SHEETS),
    tabbedDividers: open && isSelected(b?.insert, 'insertSeprationType', INSERT_TABBED_DIVIDERS),
    /** Hole punch and stapled. */
    finishing,
    otherHolePunch: finishing && code(b?.holePunch) === PRINT_HOLE_PUNCH_OTHER,
    documentLocation: open && ORDER_DOCUMENTS_WITH_LOCATION.some((x) => x === order),
    otherOrderDocuments: open && order === ORDER_DOCUMENTS_OTHER,
    /** Number location, starting number and sequence. */
    numbering,
    otherNumberingSequence: numbering && code(b?.numberingSequenceEPrint) === PRINT_NUMBERING_SEQUENCE_OTHER,
  };
}

export function checkPrint(b: Loose | null | undefined, r: Reporter): void {
  const v = printVisibility(b);
  if (!v.open) return;
  const req = { required: true } as const;
  const other = { required: true, max: SHORT_TEXT_MAX } as const;
  checkChoice(r, ['originalFileContainsAnyColour'], b?.originalFileContainsAnyColour, req);
  checkChoice(r, ['singleOrDoubleSided'], b?.singleOrDoubleSided, req);
  checkChoice(r, ['paperSize'], b?.paperSize, req);
  if (v.otherPaperSize) checkText(r, ['otherPaperSize'], b?.otherPaperSize, other);
  checkCodes(
    r,
    ['insert'],
    b?.insert?.map((i) => i.insertSeprationType),
    INSERT_TYPE_IDS,
  );
  if (v.separatorSheets) {
    checkChoice(r, ['separatorSheetsType'], b?.separatorSheetsType, req);
    checkChoice(r, ['separatorSheetLocation'], b?.separatorSheetLocation, req);
  }
  if (v.tabbedDividers) {
    checkChoice(r, ['tabbedDividerType'], b?.tabbedDividerType, req);
    checkText(r, ['tabbedDividerLabel'], b?.tabbedDividerLabel, other);
    checkChoice(r, ['tabbedDividerLocation'], b?.tabbedDividerLocation, req);
  }
  checkChoice(r, ['foldersNBinding'], b?.foldersNBinding, req);
  if (v.finishing) {
    checkChoice(r, ['holePunch'], b?.holePunch, req);
    if (v.otherHolePunch) checkText(r, ['otherHolePunch'], b?.otherHolePunch, other);
    checkChoice(r, ['stapled'], b?.stapled, {});
  }
  for (const f of ['duplicateDocuments', 'attachments', 'orderDocuments', 'unprintableFiles', 'excelFiles'] as const) {
    checkChoice(r, [f], b?.[f], req);
  }
  if (v.documentLocation) checkChoice(r, ['documentLocation'], b?.documentLocation, req);
  if (v.otherOrderDocuments) checkText(r, ['otherOrderDocuments'], b?.otherOrderDocuments, other);
  checkChoice(r, ['applyNumbers'], b?.applyNumbers, { required: true, allowed: APPLY_NUMBERS });
  if (v.numbering) {
    checkChoice(r, ['numbersLocationEPrint'], b?.numbersLocationEPrint, req);
    checkDigits(r, ['startingNumber'], b?.startingNumber, { required: true, maxDigits: 9 });
    checkChoice(r, ['numberingSequenceEPrint'], b?.numberingSequenceEPrint, req);
    if (v.otherNumberingSequence) checkText(r, ['otherNumberingSequence'], b?.otherNumberingSequence, other);
  }
}

/** The stored block: hidden fields cleared; nothing but `accordionOpen: false` when the accordion is closed. */
export function finalisePrint(b: Loose | null | undefined) {
  const v = printVisibility(b);
  const c = (x: unknown) => (v.open ? code(x) : undefined);
  return {
    accordionOpen: v.open,
    originalFileContainsAnyColour: c(b?.originalFileContainsAnyColour),
    singleOrDoubleSided: c(b?.singleOrDoubleSided),
    paperSize: c(b?.paperSize),
    otherPaperSize: v.otherPaperSize ? text(b?.otherPaperSize) : undefined,
    insert: v.open
      ? selections(b?.insert, 'insertSeprationType', INSERT_TYPE_IDS, false).map((s) => ({
          insertSeprationType: s.type,
          selectedValue: s.selectedValue,
        }))
      : [],
    separatorSheetsType: v.separatorSheets ? code(b?.separatorSheetsType) : undefined,
    separatorSheetLocation: v.separatorSheets ? code(b?.separatorSheetLocation) : undefined,
    tabbedDividerType: v.tabbedDividers ? code(b?.tabbedDividerType) : undefined,
    tabbedDividerLabel: v.tabbedDividers ? text(b?.tabbedDividerLabel) : undefined,
    tabbedDividerLocation: v.tabbedDividers ? code(b?.tabbedDividerLocation) : undefined,
    foldersNBinding: c(b?.foldersNBinding),
    holePunch: v.finishing ? code(b?.holePunch) : undefined,
    otherHolePunch: v.otherHolePunch ? text(b?.otherHolePunch) : undefined,
    stapled: v.finishing ? code(b?.stapled) : undefined,
    duplicateDocuments: c(b?.duplicateDocuments),
    attachments: c(b?.attachments),
    orderDocuments: c(b?.orderDocuments),
    otherOrderDocuments: v.otherOrderDocuments ? text(b?.otherOrderDocuments) : undefined,
    documentLocation: v.documentLocation ? code(b?.documentLocation) : undefined,
    unprintableFiles: c(b?.unprintableFiles),
    excelFiles: c(b?.excelFiles),
    applyNumbers: v.open ? codeIn(b?.applyNumbers, APPLY_NUMBERS) : undefined,
    numbersLocationEPrint: v.numbering ? code(b?.numbersLocationEPrint) : undefined,
    startingNumber: v.numbering ? digitString(b?.startingNumber) : undefined,
    numberingSequenceEPrint: v.numbering ? code(b?.numberingSequenceEPrint) : undefined,
    otherNumberingSequence: v.otherNumberingSequence ? text(b?.otherNumberingSequence) : undefined,
  };
}
export type PrintInstructions = ReturnType<typeof finalisePrint>;

export function defaultPrint(): PrintInput {
  return {
    accordionOpen: false,
    insert: INSERT_TYPE_IDS.map((insertSeprationType) => ({ insertSeprationType, selectedValue: false })),
  };
}
