/**
 * Court copy block (order type 2): spec §3 "Court copy block", §4 "Copy form" (court copy methods),
 * §5 "Court copy".
 *
 * The court decides two things the form cannot know by itself: which copy methods it offers and whether it needs
 * the solicitor section. They travel in the block as `courtMethods` and `courtNeedsSolicitor` (the UI sets them
 * from the selected court; the SERVER MUST OVERWRITE THEM from its courts table before parsing — see
 * `courtContext`). They are not stored.
 */
import { z } from 'zod';
import { checkChoice, checkText, SHORT_TEXT_MAX, type Reporter } from '@/lib/validation';
import { parseDateInput } from '../rules';
import { checkParts, FILE_NUMBER_SEPARATOR, MATTER_NAME_SEPARATOR } from './appeal-book';
import {
  code,
  codeIn,
  codesIn,
  flag,
  JOB_MSG,
  looseBool,
  looseCodes,
  looseNumber,
  looseText,
  text,
  type BlockOptions,
} from './common';

/** CopyMethod: 1 photocopy, 2 scan, 3 photocopy and scan. */
export const COPY_METHODS = [
  { id: 1, name: 'Photocopy' },
  { id: 2, name: 'Scan' },
  { id: 3, name: 'Photocopy and scan' },
] as const;
export const COPY_METHOD_IDS = [1, 2, 3] as const;
/** Methods 1 and 3 ask for the number of copies and show the dates; method 2 shows only the dates (§4). */
export const METHODS_WITH_COPIES = [1, 3] as const;
export const COURT_OTHER = 16;
export const COURT_WCC = 11;
export const ACTING_FOR_OTHER = 3;
export const SOLICITOR_FOR_OTHER = 3;

/** The court selection flags of spec §3 (api/SelectedCourt/Court/{court}/JobLocation/{loc}). */
export interface CourtSelectionFlags {
  EnablePhotocopyMethod?: boolean | null;
  EnableScanMethod?: boolean | null;
  EnableBothPhotocopyAndScanMethod?: boolean | null;
  /** Read as "the court needs the solicitor section" (Supreme Court general registry). */
  EnableSCGen?: boolean | null;
}

/** The court context fields of the block, from the selected court's flags. */
export function courtContext(flags: CourtSelectionFlags | null | undefined): {
  courtMethods: number[];
  courtNeedsSolicitor: boolean;
} {
  const courtMethods: number[] = [];
  if (flags?.EnablePhotocopyMethod) courtMethods.push(1);
  if (flags?.EnableScanMethod) courtMethods.push(2);
  if (flags?.EnableBothPhotocopyAndScanMethod) courtMethods.push(3);
  return { courtMethods, courtNeedsSolicitor: flags?.EnableSCGen === true };
}

export const courtCopySchema = z.object({
  copyMethod: looseNumber,
  location: looseNumber,
  courtNew: looseNumber,
  otherCourt: looseText,
  actingFor: looseNumber,
  otherActingFor: looseText,
  fileNumberA: looseText,
  fileNumberB: looseText,
  matterNameA: looseText,
  matterNameB: looseText,
  practiceNoteAgreement: looseBool,
  solicitorFullName: looseText,
  solicitorFor: looseNumber,
  otherAsSolicitorFor: looseText,
  dateProduced: looseText,
  dateAccessGranted: looseText,
  documentsToPhotoCopy: looseText,
  isPracticeNoteAttached: looseBool,
  accessOrdersForWCC: looseBool,
  /** Context: the methods the selected court offers (server-set). */
  courtMethods: looseCodes,
  /** Context: the selected court needs the solicitor section (server-set). */
  courtNeedsSolicitor: looseBool,
});
export type CourtCopyInput = z.input<typeof courtCopySchema>;
type Loose = z.output<typeof courtCopySchema>;

export function courtCopyVisibility(b: Partial<Loose> | null | undefined) {
  const offered = codesIn(b?.courtMethods, COPY_METHOD_IDS);
  const method = codeIn(b?.copyMethod, COPY_METHOD_IDS);
  const court = code(b?.courtNew);
  const solicitor = flag(b?.courtNeedsSolicitor);
  return {
    offeredMethods: offered,
    copyMethod: offered.length > 0,
    /** Copies for methods 1 and 3; when the court offers no methods, the order-type rule (copies) applies. */
    numberOfCopies: offered.length === 0 || method === 1 || method === 3,
    /**
     * The produced and access-granted dates follow the copy method (§4 "Court copy method 1 or 3 asks for number
     * of copies and shows dates; method 2 shows dates only"): any chosen method shows them, no method chosen hides
     * them. A court that offers no methods asks for none, so its dates show.
     */
    dates: offered.length === 0 || method !== undefined,
    otherCourt: court === COURT_OTHER,
    accessOrdersForWCC: court === COURT_WCC,
    otherActingFor: code(b?.actingFor) === ACTING_FOR_OTHER,
    solicitor,
    otherAsSolicitorFor: solicitor && code(b?.solicitorFor) === SOLICITOR_FOR_OTHER,
  };
}

function checkDate(r: Reporter, path: string, v: unknown): void {
  if (checkText(r, [path], v, { max: 10 }) && typeof v === 'string' && text(v) !== undefined && !parseDateInput(v)) {
    r.add([path], JOB_MSG.invalidDate);
  }
}

export function checkCourtCopy(b: Loose | null | undefined, r: Reporter, o: BlockOptions): void {
  const v = courtCopyVisibility(b);
  checkChoice(r, ['location'], b?.location, { required: true });
  checkChoice(r, ['courtNew'], b?.courtNew, { required: true });
  if (v.otherCourt) checkText(r, ['otherCourt'], b?.otherCourt, { required: true, max: SHORT_TEXT_MAX });
  checkChoice(r, ['actingFor'], b?.actingFor, { required: true });
  if (v.otherActingFor) checkText(r, ['otherActingFor'], b?.otherActingFor, { required: true, max: SHORT_TEXT_MAX });
  checkParts(r, ['fileNumberA', 'fileNumberB'], [b?.fileNumberA, b?.fileNumberB], FILE_NUMBER_SEPARATOR, true);
  checkParts(r, ['matterNameA', 'matterNameB'], [b?.matterNameA, b?.matterNameB], MATTER_NAME_SEPARATOR, true);
  if (v.copyMethod) checkChoice(r, ['copyMethod'], b?.copyMethod, { required: true, allowed: v.offeredMethods });
  if (v.solicitor) {
    if (b?.practiceNoteAgreement !== true) r.add(['practiceNoteAgreement'], JOB_MSG.practiceNoteAgreement);
    checkText(r, ['solicitorFullName'], b?.solicitorFullName, { required: true, max: SHORT_TEXT_MAX });
    checkChoice(r, ['solicitorFor'], b?.solicitorFor, { required: true });
    if (v.otherAsSolicitorFor)
      checkText(r, ['otherAsSolicitorFor'], b?.otherAsSolicitorFor, { required: true, max: SHORT_TEXT_MAX });
  }
  if (v.dates) {
    checkDate(r, 'dateProduced', b?.dateProduced);
    checkDate(r, 'dateAccessGranted', b?.dateAccessGranted);
  }
  checkText(r, ['documentsToPhotoCopy'], b?.documentsToPhotoCopy, { max: o.maxInstructions });
}

/** The stored block: hidden fields cleared, context fields dropped. */
export function finaliseCourtCopy(b: Loose | null | undefined) {
  const v = courtCopyVisibility(b);
  return {
    copyMethod: v.copyMethod ? codeIn(b?.copyMethod, COPY_METHOD_IDS) : undefined,
    location: code(b?.location),
    courtNew: code(b?.courtNew),
    otherCourt: v.otherCourt ? text(b?.otherCourt) : undefined,
    accessOrdersForWCC: v.accessOrdersForWCC ? flag(b?.accessOrdersForWCC) : undefined,
    actingFor: code(b?.actingFor),
    otherActingFor: v.otherActingFor ? text(b?.otherActingFor) : undefined,
    fileNumberA: text(b?.fileNumberA),
    fileNumberB: text(b?.fileNumberB),
    matterNameA: text(b?.matterNameA),
    matterNameB: text(b?.matterNameB),
    practiceNoteAgreement: v.solicitor ? flag(b?.practiceNoteAgreement) : undefined,
    solicitorFullName: v.solicitor ? text(b?.solicitorFullName) : undefined,
    solicitorFor: v.solicitor ? code(b?.solicitorFor) : undefined,
    otherAsSolicitorFor: v.otherAsSolicitorFor ? text(b?.otherAsSolicitorFor) : undefined,
    isPracticeNoteAttached: v.solicitor ? flag(b?.isPracticeNoteAttached) : undefined,
    dateProduced: v.dates ? text(b?.dateProduced) : undefined,
    dateAccessGranted: v.dates ? text(b?.dateAccessGranted) : undefined,
    documentsToPhotoCopy: text(b?.documentsToPhotoCopy),
  };
}
export type CourtCopy = ReturnType<typeof finaliseCourtCopy>;

export function defaultCourtCopy(): CourtCopyInput {
  return { courtMethods: [], courtNeedsSolicitor: false, practiceNoteAgreement: false, isPracticeNoteAttached: false };
}
