/**
 * Scan instructions (order type 6, `eScanInstructions`): spec §3 "Scan instructions", §4 "Scan form",
 * §5 "Scan save". Validated only when the accordion is open; closed, nothing of it is stored.
 */
import { z } from 'zod';
import { checkChoice, checkDigits, checkText, SHORT_TEXT_MAX, type Reporter } from '@/lib/validation';
import { PHYSICAL_MEDIA_TYPES } from '@/lib/reference';
import {
  checkCodes,
  code,
  codeIn,
  digitString,
  flag,
  isSelected,
  JOB_MSG,
  looseBool,
  looseNumber,
  looseText,
  selections,
  text,
  type Section,
} from './common';

/** scanApplyPageNumbers: 1 yes, 2 no numbering. */
export const SCAN_APPLY_PAGE_NUMBERS = [1, 2] as const;
/** scanCreateIndexing: 1 none; 2 or 3 reveal the hyperlink question. */
export const SCAN_INDEXING = [1, 2, 3] as const;
export const SCAN_IMAGE_FORMAT_OTHER = 3;
export const SCAN_FILE_NAMING_OTHER = 4;
/** otherFilesToInclude numberingType: 1 Ringtail, 2 Metadata, 3 Image, 4 OCR. */
export const OTHER_FILES = [
  { id: 1, name: 'Ringtail' },
  { id: 2, name: 'Metadata' },
  { id: 3, name: 'Image' },
  { id: 4, name: 'OCR' },
] as const;
export const OTHER_FILE_IDS = [1, 2, 3, 4] as const;
/** deliverFiles deliverType: 1 electronic file, 2 physical media. */
export const DELIVERY_TYPES = [
  { id: 1, name: 'Electronic file' },
  { id: 2, name: 'Physical media' },
] as const;
export const DELIVERY_TYPE_IDS = [1, 2] as const;
export const DELIVER_ELECTRONIC = 1;
export const DELIVER_PHYSICAL = 2;
export const PHYSICAL_MEDIA_IDS = PHYSICAL_MEDIA_TYPES.map((m) => m.id);

const otherFileItem = z.object({ numberingType: looseNumber, selectedValue: looseBool });
const deliverItem = z.object({ deliverType: looseNumber, selectedValue: looseBool });

export const scanSchema = z.object({
  accordionOpen: looseBool,
  originalFileContainsAnyColour: looseNumber,
  scanDetermineDocumentBreaks: looseNumber,
  scanDetermineHostAttachment: looseNumber,
  scanApplyPageNumbers: looseNumber,
  numbersLocation: looseNumber,
  startingNumber: looseNumber,
  numberingSequence: looseNumber,
  scanObjectiveCodingDocuments: looseNumber,
  scanCreateIndexing: looseNumber,
  scanCreateHyperlinks: looseNumber,
  scanImageFileFormat: looseNumber,
  otherImageFileFormat: looseText,
  scanFileNaming: looseNumber,
  otherFileNaming: looseText,
  otherFilesToInclude: z.array(otherFileItem).nullish(),
  deliverFiles: z.array(deliverItem).nullish(),
  physicalMediaType: looseNumber,
});
export type ScanInput = z.input<typeof scanSchema>;
type Loose = z.output<typeof scanSchema>;

export const SCAN_SECTIONS = [
  { id: 'colour', fields: ['originalFileContainsAnyColour'] },
  { id: 'documentBreaks', fields: ['scanDetermineDocumentBreaks', 'scanDetermineHostAttachment'] },
  { id: 'pageNumbering', fields: ['scanApplyPageNumbers', 'numbersLocation', 'startingNumber', 'numberingSequence'] },
  { id: 'objectiveCoding', fields: ['scanObjectiveCodingDocuments'] },
  { id: 'indexing', fields: ['scanCreateIndexing', 'scanCreateHyperlinks'] },
  { id: 'imageFormat', fields: ['scanImageFileFormat', 'otherImageFileFormat'] },
  { id: 'fileNaming', fields: ['scanFileNaming', 'otherFileNaming'] },
  { id: 'otherFiles', fields: ['otherFilesToInclude'] },
  { id: 'delivery', fields: ['deliverFiles', 'physicalMediaType'] },
] as const satisfies readonly Section[];
export type ScanSection = (typeof SCAN_SECTIONS)[number]['id'];

export function scanVisibility(b: Partial<Loose> | null | undefined) {
  const open = flag(b?.accordionOpen);
  const numbering = open && code(b?.scanApplyPageNumbers) === 1;
  const indexing = code(b?.scanCreateIndexing);
  const electronic = open && isSelected(b?.deliverFiles, 'deliverType', DELIVER_ELECTRONIC);
  const physical = open && isSelected(b?.deliverFiles, 'deliverType', DELIVER_PHYSICAL);
  return {
    open,
    /** Number location, starting number and sequence. */
    numbering,
    hyperlinks: open && (indexing === 2 || indexing === 3),
    otherImageFileFormat: open && code(b?.scanImageFileFormat) === SCAN_IMAGE_FORMAT_OTHER,
    otherFileNaming: open && code(b?.scanFileNaming) === SCAN_FILE_NAMING_OTHER,
    electronic,
    /** Choosing physical media enables the media type choice. */
    physicalMediaType: physical,
  };
}

export function checkScan(b: Loose | null | undefined, r: Reporter): void {
  const v = scanVisibility(b);
  if (!v.open) return;
  const req = { required: true } as const;
  const other = { required: true, max: SHORT_TEXT_MAX } as const;
  checkChoice(r, ['originalFileContainsAnyColour'], b?.originalFileContainsAnyColour, req);
  checkChoice(r, ['scanDetermineDocumentBreaks'], b?.scanDetermineDocumentBreaks, req);
  checkChoice(r, ['scanDetermineHostAttachment'], b?.scanDetermineHostAttachment, req);
  checkChoice(r, ['scanApplyPageNumbers'], b?.scanApplyPageNumbers, {
    required: true,
    allowed: SCAN_APPLY_PAGE_NUMBERS,
  });
  if (v.numbering) {
    checkChoice(r, ['numbersLocation'], b?.numbersLocation, req);
    checkDigits(r, ['startingNumber'], b?.startingNumber, { required: true, maxDigits: 9 });
    checkChoice(r, ['numberingSequence'], b?.numberingSequence, req);
  }
  checkChoice(r, ['scanObjectiveCodingDocuments'], b?.scanObjectiveCodingDocuments, req);
  checkChoice(r, ['scanCreateIndexing'], b?.scanCreateIndexing, { required: true, allowed: SCAN_INDEXING });
  if (v.hyperlinks) checkChoice(r, ['scanCreateHyperlinks'], b?.scanCreateHyperlinks, req);
  checkChoice(r, ['scanImageFileFormat'], b?.scanImageFileFormat, req);
  if (v.otherImageFileFormat) checkText(r, ['otherImageFileFormat'], b?.otherImageFileFormat, other);
  checkChoice(r, ['scanFileNaming'], b?.scanFileNaming, req);
  if (v.otherFileNaming) checkText(r, ['otherFileNaming'], b?.otherFileNaming, other);
  checkCodes(
    r,
    ['otherFilesToInclude'],
    b?.otherFilesToInclude?.map((i) => i.numberingType),
    OTHER_FILE_IDS,
  );
  checkCodes(
    r,
    ['deliverFiles'],
    b?.deliverFiles?.map((i) => i.deliverType),
    DELIVERY_TYPE_IDS,
  );
  if (!v.electronic && !v.physicalMediaType) r.add(['deliverFiles'], JOB_MSG.deliveryRequired);
  if (v.physicalMediaType)
    checkChoice(r, ['physicalMediaType'], b?.physicalMediaType, { required: true, allowed: PHYSICAL_MEDIA_IDS });
}

/** The stored block: hidden fields cleared; nothing but `accordionOpen: false` when the accordion is closed. */
export function finaliseScan(b: Loose | null | undefined) {
  const v = scanVisibility(b);
  const c = (x: unknown) => (v.open ? code(x) : undefined);
  return {
    accordionOpen: v.open,
    originalFileContainsAnyColour: c(b?.originalFileContainsAnyColour),
    scanDetermineDocumentBreaks: c(b?.scanDetermineDocumentBreaks),
    scanDetermineHostAttachment: c(b?.scanDetermineHostAttachment),
    scanApplyPageNumbers: v.open ? codeIn(b?.scanApplyPageNumbers, SCAN_APPLY_PAGE_NUMBERS) : undefined,
    numbersLocation: v.numbering ? code(b?.numbersLocation) : undefined,
    startingNumber: v.numbering ? digitString(b?.startingNumber) : undefined,
    numberingSequence: v.numbering ? code(b?.numberingSequence) : undefined,
    scanObjectiveCodingDocuments: c(b?.scanObjectiveCodingDocuments),
    scanCreateIndexing: v.open ? codeIn(b?.scanCreateIndexing, SCAN_INDEXING) : undefined,
    scanCreateHyperlinks: v.hyperlinks ? code(b?.scanCreateHyperlinks) : undefined,
    scanImageFileFormat: c(b?.scanImageFileFormat),
    otherImageFileFormat: v.otherImageFileFormat ? text(b?.otherImageFileFormat) : undefined,
    scanFileNaming: c(b?.scanFileNaming),
    otherFileNaming: v.otherFileNaming ? text(b?.otherFileNaming) : undefined,
    otherFilesToInclude: v.open
      ? selections(b?.otherFilesToInclude, 'numberingType', OTHER_FILE_IDS, false).map((s) => ({
          numberingType: s.type,
          selectedValue: s.selectedValue,
        }))
      : [],
    deliverFiles: v.open
      ? selections(b?.deliverFiles, 'deliverType', DELIVERY_TYPE_IDS, false).map((s) => ({
          deliverType: s.type,
          selectedValue: s.selectedValue,
        }))
      : [],
    physicalMediaType: v.physicalMediaType ? codeIn(b?.physicalMediaType, PHYSICAL_MEDIA_IDS) : undefined,
  };
}
export type ScanInstructions = ReturnType<typeof finaliseScan>;

export function defaultScan(): ScanInput {
  return {
    accordionOpen: false,
    otherFilesToInclude: OTHER_FILE_IDS.map((numberingType) => ({ numberingType, selectedValue: false })),
    deliverFiles: DELIVERY_TYPE_IDS.map((deliverType) => ({ deliverType, selectedValue: false })),
  };
}
