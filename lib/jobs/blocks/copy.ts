/**
 * Copy block (order type 3, the job's `copyInstructions`): spec §3 "Copy block", §4 "Copy form", §5 "Copy job".
 *
 * The block sits in an accordion; `accordionOpen` true means the client gives copy instructions, and then every
 * section must be complete (colour, paper, finishing, dividers, document order, page numbering). Closed, the block
 * is not validated and nothing of it is stored.
 */
import { z } from 'zod';
import {
  checkChoice,
  checkDigits,
  checkText,
  issueList,
  SHORT_TEXT_MAX,
  type FieldIssue,
  type Reporter,
} from '@/lib/validation';
import {
  code,
  codeIn,
  digitString,
  flag,
  firstInvalidSection,
  looseBool,
  looseNumber,
  looseText,
  sectionStatus,
  selections,
  text,
  type BlockOptions,
  type Section,
} from './common';

export const SINGLE_OR_DOUBLE_OTHER = 4;
export const PAPER_SIZE_OTHER = 5;
export const HOLE_PUNCH_OTHER = 2;
export const DIVIDERS_WITH_INSTRUCTIONS = 2;
export const NUMBERING_SEQUENCE_OTHER = 4;
/** Binding values that reveal hole punch and staples on copies. */
export const BINDINGS_WITH_FINISHING = [0, 1, 2] as const;
/** applyPageNumbers: 0 none, 1 or 2 numbered. */
export const APPLY_PAGE_NUMBERS = [0, 1, 2] as const;
/** documentOrder: 2 supplied index, 3 other. */
export const DOCUMENT_ORDER_SUPPLIED_INDEX = 2;
/** excludeFromNumbering types: 1 indexes, 2 separator sheets, 3 dividers, 4 blank pages. */
export const EXCLUDE_FROM_NUMBERING = [
  { id: 1, name: 'Indexes' },
  { id: 2, name: 'Separator sheets' },
  { id: 3, name: 'Dividers' },
  { id: 4, name: 'Blank pages' },
] as const;
export const EXCLUDE_TYPE_IDS = [1, 2, 3, 4] as const;

/** Set As Originals presets (§4): colour 1, paper 1, single-sided 1, size 1, binding 1, dividers 1, order 1, hole punch 3, page numbers 0. */
export const SET_AS_ORIGINALS = {
  originalContainsAnyColor: 1,
  originalPaper: 1,
  singleOrDoubleSided: 1,
  paperSize: 1,
  foldersNBinding: 1,
  dividers: 1,
  documentOrder: 1,
  holePunch: 3,
  applyPageNumbers: 0,
} as const;

const excludeItem = z.object({ numberingType: looseNumber, selectedValue: looseBool });

export const copyBlockSchema = z.object({
  accordionOpen: looseBool,
  originalContainsAnyColor: looseNumber,
  originalPaper: looseNumber,
  singleOrDoubleSided: looseNumber,
  otherSingleOrDoubleSided: looseText,
  paperSize: looseNumber,
  otherPaperSize: looseText,
  foldersNBinding: looseNumber,
  holePunch: looseNumber,
  otherHolePunch: looseText,
  staplesClipsCopies: looseNumber,
  staplesClipsOriginals: looseNumber,
  dividers: looseNumber,
  dividersInstructions: looseText,
  documentOrder: looseNumber,
  applyPageNumbers: looseNumber,
  numberLocation: looseNumber,
  startingNumber: looseNumber,
  numberingSequence: looseNumber,
  otherNumberingSequence: looseText,
  excludeFromNumbering: z.array(excludeItem).nullish(),
});
export type CopyBlockInput = z.input<typeof copyBlockSchema>;
type Loose = z.output<typeof copyBlockSchema>;

export const COPY_SECTIONS = [
  { id: 'colour', fields: ['originalContainsAnyColor', 'originalPaper'] },
  {
    id: 'paper',
    fields: ['singleOrDoubleSided', 'otherSingleOrDoubleSided', 'paperSize', 'otherPaperSize', 'originalPaper'],
  },
  {
    id: 'finishing',
    fields: ['foldersNBinding', 'staplesClipsOriginals', 'holePunch', 'otherHolePunch', 'staplesClipsCopies'],
  },
  { id: 'dividers', fields: ['dividers', 'dividersInstructions'] },
  { id: 'documentOrder', fields: ['documentOrder'] },
  {
    id: 'pageNumbering',
    fields: [
      'applyPageNumbers',
      'numberLocation',
      'startingNumber',
      'numberingSequence',
      'otherNumberingSequence',
      'excludeFromNumbering',
    ],
  },
] as const satisfies readonly Section[];
export type CopySection = (typeof COPY_SECTIONS)[number]['id'];

export function copyVisibility(b: Partial<Loose> | null | undefined) {
  const open = flag(b?.accordionOpen);
  const binding = code(b?.foldersNBinding);
  const finishing = open && binding !== undefined && BINDINGS_WITH_FINISHING.some((x) => x === binding);
  const pages = code(b?.applyPageNumbers);
  const numbering = open && (pages === 1 || pages === 2);
  return {
    open,
    otherSingleOrDoubleSided: open && code(b?.singleOrDoubleSided) === SINGLE_OR_DOUBLE_OTHER,
    otherPaperSize: open && code(b?.paperSize) === PAPER_SIZE_OTHER,
    /** Hole punch and staples on copies. */
    finishing,
    otherHolePunch: finishing && code(b?.holePunch) === HOLE_PUNCH_OTHER,
    dividersInstructions: open && code(b?.dividers) === DIVIDERS_WITH_INSTRUCTIONS,
    /** Number location, starting number, sequence and the exclude options. */
    numbering,
    otherNumberingSequence: numbering && code(b?.numberingSequence) === NUMBERING_SEQUENCE_OTHER,
  };
}

export function checkCopyBlock(b: Loose | null | undefined, r: Reporter, o: BlockOptions): void {
  const v = copyVisibility(b);
  if (!v.open) return;
  const req = { required: true } as const;
  const other = { required: true, max: SHORT_TEXT_MAX } as const;
  checkChoice(r, ['originalContainsAnyColor'], b?.originalContainsAnyColor, req);
  checkChoice(r, ['originalPaper'], b?.originalPaper, req);
  checkChoice(r, ['singleOrDoubleSided'], b?.singleOrDoubleSided, req);
  if (v.otherSingleOrDoubleSided) checkText(r, ['otherSingleOrDoubleSided'], b?.otherSingleOrDoubleSided, other);
  checkChoice(r, ['paperSize'], b?.paperSize, req);
  if (v.otherPaperSize) checkText(r, ['otherPaperSize'], b?.otherPaperSize, other);
  checkChoice(r, ['foldersNBinding'], b?.foldersNBinding, req);
  checkChoice(r, ['staplesClipsOriginals'], b?.staplesClipsOriginals, req);
  if (v.finishing) {
    checkChoice(r, ['holePunch'], b?.holePunch, req);
    if (v.otherHolePunch) checkText(r, ['otherHolePunch'], b?.otherHolePunch, other);
    checkChoice(r, ['staplesClipsCopies'], b?.staplesClipsCopies, req);
  }
  checkChoice(r, ['dividers'], b?.dividers, req);
  if (v.dividersInstructions)
    checkText(r, ['dividersInstructions'], b?.dividersInstructions, { required: true, max: o.maxInstructions });
  checkChoice(r, ['documentOrder'], b?.documentOrder, req);
  checkChoice(r, ['applyPageNumbers'], b?.applyPageNumbers, { required: true, allowed: APPLY_PAGE_NUMBERS });
  if (v.numbering) {
    checkChoice(r, ['numberLocation'], b?.numberLocation, req);
    checkDigits(r, ['startingNumber'], b?.startingNumber, { required: true, maxDigits: 9 });
    checkChoice(r, ['numberingSequence'], b?.numberingSequence, req);
    if (v.otherNumberingSequence) checkText(r, ['otherNumberingSequence'], b?.otherNumberingSequence, other);
  }
}

/** The block's issues as if the accordion were open (paths relative to the block). */
export function copyIssues(b: Loose | null | undefined, o: BlockOptions): FieldIssue[] {
  const list = issueList();
  checkCopyBlock({ ...b, accordionOpen: true }, list, o);
  return list.issues;
}

/** Which sections are complete (the legacy CopyStatus flags). */
export function copySectionStatus(b: Loose | null | undefined, o: BlockOptions): Record<CopySection, boolean> {
  return sectionStatus(COPY_SECTIONS, copyIssues(b, o));
}

/** The first incomplete section, to open and scroll into view; null when all are complete. */
export function firstIncompleteCopySection(b: Loose | null | undefined, o: BlockOptions): CopySection | null {
  return firstInvalidSection(
    COPY_SECTIONS,
    copyIssues(b, o).map((i) => String(i.path[0])),
  );
}

/** The stored block: hidden fields cleared; nothing but `accordionOpen: false` when the accordion is closed. */
export function finaliseCopyBlock(b: Loose | null | undefined) {
  const v = copyVisibility(b);
  const c = (x: unknown) => (v.open ? code(x) : undefined);
  return {
    accordionOpen: v.open,
    originalContainsAnyColor: c(b?.originalContainsAnyColor),
    originalPaper: c(b?.originalPaper),
    singleOrDoubleSided: c(b?.singleOrDoubleSided),
    otherSingleOrDoubleSided: v.otherSingleOrDoubleSided ? text(b?.otherSingleOrDoubleSided) : undefined,
    paperSize: c(b?.paperSize),
    otherPaperSize: v.otherPaperSize ? text(b?.otherPaperSize) : undefined,
    foldersNBinding: c(b?.foldersNBinding),
    holePunch: v.finishing ? code(b?.holePunch) : undefined,
    otherHolePunch: v.otherHolePunch ? text(b?.otherHolePunch) : undefined,
    staplesClipsCopies: v.finishing ? code(b?.staplesClipsCopies) : undefined,
    staplesClipsOriginals: c(b?.staplesClipsOriginals),
    dividers: c(b?.dividers),
    dividersInstructions: v.dividersInstructions ? text(b?.dividersInstructions) : undefined,
    documentOrder: c(b?.documentOrder),
    applyPageNumbers: v.open ? codeIn(b?.applyPageNumbers, APPLY_PAGE_NUMBERS) : undefined,
    numberLocation: v.numbering ? code(b?.numberLocation) : undefined,
    startingNumber: v.numbering ? digitString(b?.startingNumber) : undefined,
    numberingSequence: v.numbering ? code(b?.numberingSequence) : undefined,
    otherNumberingSequence: v.otherNumberingSequence ? text(b?.otherNumberingSequence) : undefined,
    excludeFromNumbering: v.numbering
      ? selections(b?.excludeFromNumbering, 'numberingType', EXCLUDE_TYPE_IDS, true).map((s) => ({
          numberingType: s.type,
          selectedValue: s.selectedValue,
        }))
      : [],
  };
}
export type CopyBlock = ReturnType<typeof finaliseCopyBlock>;

/** The exclude options, all checked (the default when page numbering is switched on). */
export function defaultExcludeFromNumbering(): { numberingType: number; selectedValue: boolean }[] {
  return EXCLUDE_TYPE_IDS.map((numberingType) => ({ numberingType, selectedValue: true }));
}

export function defaultCopyBlock(): CopyBlockInput {
  return { accordionOpen: false, excludeFromNumbering: defaultExcludeFromNumbering() };
}

/** "Set As Originals": the presets of §4 over the current values (the form also sets copyAsOriginal). */
export function applySetAsOriginals(b: CopyBlockInput | null | undefined): CopyBlockInput {
  return { ...defaultCopyBlock(), ...b, accordionOpen: true, ...SET_AS_ORIGINALS };
}
