/**
 * Appeal book block (order type 1): spec §3 "Appeal book block", §4 "Appeal book form", §5 "Appeal book".
 *
 * prepare 1 (draft) shows location, court (6 = other → other-court text), appeal book type and additional tasks.
 * prepare 2 (copies of final) shows the number of copies (the job's NumberOfCopies), the service recipients and,
 * once any recipient is chosen, the service address. File number and matter name are entered in two parts and
 * sent as 'a of b' and 'a vs b'.
 */
import { z } from 'zod';
import { checkChoice, checkText, SHORT_TEXT_MAX, type Reporter } from '@/lib/validation';
import {
  checkCodes,
  code,
  codeIn,
  codesIn,
  JOB_MSG,
  looseCodes,
  looseNumber,
  looseText,
  text,
  type BlockOptions,
} from './common';

export const PREPARE = { draft: 1, finalCopies: 2 } as const;
export const PREPARE_VALUES = [1, 2] as const;
export const APPEAL_COURT_OTHER = 6;
/** AdditionalTasks: 1 index, 2 cover, 3 filing. */
export const ADDITIONAL_TASKS = [
  { id: 1, name: 'Index' },
  { id: 2, name: 'Cover' },
  { id: 3, name: 'Filing' },
] as const;
export const ADDITIONAL_TASK_IDS = [1, 2, 3] as const;
/** ServiceTo: 1 own counsel, 2 respondent, 3 respondent counsel, 4 other. */
export const SERVICE_RECIPIENTS = [
  { id: 1, name: 'Own counsel' },
  { id: 2, name: 'Respondent' },
  { id: 3, name: 'Respondent counsel' },
  { id: 4, name: 'Other' },
] as const;
export const SERVICE_RECIPIENT_IDS = [1, 2, 3, 4] as const;

export const FILE_NUMBER_SEPARATOR = ' of ';
export const MATTER_NAME_SEPARATOR = ' vs ';

/** Joins two parts ('a of b', 'a vs b'); undefined when both are empty. */
export function joinParts(a: string | undefined, b: string | undefined, separator: string): string | undefined {
  if (a === undefined && b === undefined) return undefined;
  return `${a ?? ''}${separator}${b ?? ''}`;
}

/** Splits a joined value at the first separator; a value without it is all first part. */
export function splitParts(v: string | null | undefined, separator: string): [string, string] {
  if (!v) return ['', ''];
  const at = v.indexOf(separator);
  return at < 0 ? [v.trim(), ''] : [v.slice(0, at).trim(), v.slice(at + separator.length).trim()];
}

export const joinFileNumber = (a: string | undefined, b: string | undefined) => joinParts(a, b, FILE_NUMBER_SEPARATOR);
export const splitFileNumber = (v: string | null | undefined) => splitParts(v, FILE_NUMBER_SEPARATOR);
export const joinMatterName = (a: string | undefined, b: string | undefined) => joinParts(a, b, MATTER_NAME_SEPARATOR);
export const splitMatterName = (v: string | null | undefined) => splitParts(v, MATTER_NAME_SEPARATOR);

/**
 * Checks a two-part value (file number, matter name). Each part is free text that cannot contain the separator
 * (so the joined value splits back). `required` makes both parts required; otherwise one part asks for the other.
 */
export function checkParts(
  r: Reporter,
  paths: readonly [string, string],
  values: readonly [unknown, unknown],
  separator: string,
  required: boolean,
): void {
  const given = values.some((v) => text(v) !== undefined);
  paths.forEach((path, i) => {
    const v = values[i];
    if (!checkText(r, [path], v, { required: required || given, max: SHORT_TEXT_MAX })) return;
    if (typeof v === 'string' && v.includes(separator)) r.add([path], JOB_MSG.partSeparator(separator));
  });
}

export const appealBookSchema = z.object({
  prepare: looseNumber,
  matterNameA: looseText,
  matterNameB: looseText,
  fileNumberA: looseText,
  fileNumberB: looseText,
  appealBookType: looseNumber,
  location: looseNumber,
  appealBookCourt: looseNumber,
  otherAppealCourt: looseText,
  additionalTasks: looseCodes,
  serviceTo: looseCodes,
  serviceAddress: looseText,
});
export type AppealBookInput = z.input<typeof appealBookSchema>;
type Loose = z.output<typeof appealBookSchema>;

/** Which parts of the appeal book form are shown (the UI and the schema use the same answer). */
export function appealBookVisibility(b: Partial<Loose> | null | undefined) {
  const prepare = code(b?.prepare);
  const draft = prepare === PREPARE.draft;
  const finalCopies = prepare === PREPARE.finalCopies;
  return {
    draft,
    finalCopies,
    otherAppealCourt: draft && code(b?.appealBookCourt) === APPEAL_COURT_OTHER,
    serviceAddress: finalCopies && codesIn(b?.serviceTo, SERVICE_RECIPIENT_IDS).length > 0,
    /** The job's number of copies belongs to the final-copies section. */
    numberOfCopies: finalCopies,
  };
}

export function checkAppealBook(b: Loose | null | undefined, r: Reporter, o: BlockOptions): void {
  const v = appealBookVisibility(b);
  checkChoice(r, ['prepare'], b?.prepare, { required: true, allowed: PREPARE_VALUES });
  checkParts(r, ['fileNumberA', 'fileNumberB'], [b?.fileNumberA, b?.fileNumberB], FILE_NUMBER_SEPARATOR, false);
  checkParts(r, ['matterNameA', 'matterNameB'], [b?.matterNameA, b?.matterNameB], MATTER_NAME_SEPARATOR, false);
  if (v.draft) {
    checkChoice(r, ['location'], b?.location, { required: true });
    checkChoice(r, ['appealBookCourt'], b?.appealBookCourt, { required: true });
    checkChoice(r, ['appealBookType'], b?.appealBookType, { required: true });
    if (v.otherAppealCourt)
      checkText(r, ['otherAppealCourt'], b?.otherAppealCourt, { required: true, max: SHORT_TEXT_MAX });
    checkCodes(r, ['additionalTasks'], b?.additionalTasks, ADDITIONAL_TASK_IDS);
  }
  if (v.finalCopies) {
    checkCodes(r, ['serviceTo'], b?.serviceTo, SERVICE_RECIPIENT_IDS);
    if (v.serviceAddress)
      checkText(r, ['serviceAddress'], b?.serviceAddress, { required: true, max: o.maxInstructions });
  }
}

/** The stored block: hidden fields cleared, codes as numbers, texts trimmed. */
export function finaliseAppealBook(b: Loose | null | undefined) {
  const v = appealBookVisibility(b);
  return {
    prepare: codeIn(b?.prepare, PREPARE_VALUES),
    fileNumberA: text(b?.fileNumberA),
    fileNumberB: text(b?.fileNumberB),
    matterNameA: text(b?.matterNameA),
    matterNameB: text(b?.matterNameB),
    location: v.draft ? code(b?.location) : undefined,
    appealBookCourt: v.draft ? code(b?.appealBookCourt) : undefined,
    otherAppealCourt: v.otherAppealCourt ? text(b?.otherAppealCourt) : undefined,
    appealBookType: v.draft ? code(b?.appealBookType) : undefined,
    additionalTasks: v.draft ? codesIn(b?.additionalTasks, ADDITIONAL_TASK_IDS) : [],
    serviceTo: v.finalCopies ? codesIn(b?.serviceTo, SERVICE_RECIPIENT_IDS) : [],
    serviceAddress: v.serviceAddress ? text(b?.serviceAddress) : undefined,
  };
}
export type AppealBook = ReturnType<typeof finaliseAppealBook>;

export function defaultAppealBook(): AppealBookInput {
  return { prepare: null, additionalTasks: [], serviceTo: [] };
}
