/**
 * Building blocks shared by the job order schema and its per-type instruction blocks.
 *
 * Fields are parsed "loosely" (only their JSON/form type is checked: text, number or digit string, boolean,
 * lists) so that every rule can run and report per field in one pass. The rules themselves (required when shown,
 * formats, HTML, whitespace) run in the order's superRefine on the visible fields only, and the final transform
 * clears hidden fields and coerces values. A block module exports: its loose zod schema, a visibility function
 * (the UI shows/hides with it), its checks, its finaliser and, for accordions, its sections.
 */
import { z } from 'zod';
import {
  cleanText,
  FIELD_MSG,
  isOneOf,
  toCode,
  type FieldIssue,
  type FieldPath,
  type Reporter,
} from '@/lib/validation';

/** A text input (or JSON string). */
export const looseText = z.string().nullish();
/** A number input: a number (NaN from an empty `valueAsNumber` input counts as empty) or a digit string. */
export const looseNumber = z.union([z.number(), z.nan(), z.string()]).nullish();
/** A checkbox. */
export const looseBool = z.boolean().nullish();
/** A group of checkboxes (react-hook-form gives `false` when none of a group is ticked). */
export const looseCodes = z.union([z.array(looseNumber), z.literal(false)]).nullish();

/** Job-order messages not covered by the general ones (the spec does not word them). */
export const JOB_MSG = {
  afterHoursRequired: 'An after-hours contact number is required outside business hours (weekdays 7:00 AM to 3:59 PM).',
  costEstimateNumeric: 'Cost estimate number must be numeric.',
  /** For the server's existence check (api/Job/ClientCostEstimateExists): the number is not one of the client's. */
  costEstimateInvalid: 'Cost estimate number is invalid.',
  invalidDate: 'Please enter a date as dd/mm/yyyy.',
  invalidTime: 'Please choose a time as hh:mm AM/PM in 15-minute steps.',
  readyDateInPast: 'Ready date cannot be in the past.',
  readyTimeInPast: 'Ready time cannot be earlier than the current time.',
  dueDateInPast: 'Due date cannot be in the past.',
  dueDateBeforeReady: 'Due date must be on or after the ready date.',
  dueNotAfterReady: 'Due time must be later than the ready time.',
  dueTimeInPast: 'Due time cannot be earlier than the current time.',
  /** The form's own ready and due times had passed and were moved forward (never refused). */
  timesMoved: (ready: string, due: string) =>
    `The ready and due times had passed, so they were moved to ready ${ready} and due ${due}. Change them if you need other times.`,
  copiesRequired: 'Please enter the number of copies.',
  whatToCollectRequired: 'Please enter what to collect.',
  partSeparator: (separator: string) => `This part cannot contain "${separator.trim()}".`,
  practiceNoteAgreement: 'Please accept the practice note agreement.',
  deliveryRequired: 'Please choose at least one delivery option.',
} as const;

/** The text of a loose field, trimmed, or undefined. */
export const text = cleanText;
/** A code of a loose field, or undefined. */
export const code = toCode;

/** A code restricted to `allowed` (typed as their union), or undefined. */
export function codeIn<T extends number>(v: unknown, allowed: readonly T[]): T | undefined {
  const c = toCode(v);
  return isOneOf(allowed, c) ? c : undefined;
}

/** The distinct valid codes of a checkbox group, in ascending order. */
export function codesIn<T extends number>(v: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(v)) return [];
  const out: T[] = [];
  for (const item of v) {
    const c = toCode(item);
    if (isOneOf(allowed, c) && !out.includes(c)) out.push(c);
  }
  return out.sort((a, b) => a - b);
}

/** A digit string (zero padding kept, e.g. a starting number '0001'), or undefined. */
export function digitString(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? String(v) : undefined;
  const t = cleanText(v);
  return t !== undefined && /^\d+$/.test(t) ? t : undefined;
}

export const flag = (v: unknown): boolean => v === true;

/** Every ticked value of a checkbox group must be one of `allowed`. */
export function checkCodes(r: Reporter, path: FieldPath, v: unknown, allowed: readonly number[]): void {
  if (Array.isArray(v) && v.some((item) => !allowed.includes(toCode(item) ?? -1))) r.add(path, FIELD_MSG.invalidChoice);
}

/** Options shared by block checks. */
export interface BlockOptions {
  maxInstructions: number;
}

/** A list of ticked options of a fixed set of types, e.g. excludeFromNumbering or deliverFiles. */
export interface Selection<T extends number> {
  type: T;
  selectedValue: boolean;
}

/**
 * Normalises a list of `{ <typeKey>: type, selectedValue }` items: one entry per allowed type, in order; missing
 * entries take `fallback` (e.g. "all checked by default" for the copy exclude list).
 */
export function selections<T extends number>(
  v: readonly { selectedValue?: boolean | null; [key: string]: unknown }[] | null | undefined,
  typeKey: string,
  allowed: readonly T[],
  fallback: boolean,
): Selection<T>[] {
  return allowed.map((type) => {
    const item = (v ?? []).find((i) => toCode(i[typeKey]) === type);
    return { type, selectedValue: item ? item.selectedValue === true : fallback };
  });
}

export function isSelected(
  v: readonly { selectedValue?: boolean | null; [key: string]: unknown }[] | null | undefined,
  typeKey: string,
  type: number,
): boolean {
  return (v ?? []).some((i) => toCode(i[typeKey]) === type && i.selectedValue === true);
}

// ---------------------------------------------------------------------------------------------------------------
// Accordion sections (copy, print, scan): which section holds a field, which section to open first.
// ---------------------------------------------------------------------------------------------------------------

export interface Section<Id extends string = string> {
  id: Id;
  fields: readonly string[];
}

/** Completeness per section from the block's issues (paths relative to the block). */
export function sectionStatus<Id extends string>(
  sections: readonly Section<Id>[],
  issues: readonly FieldIssue[],
): Record<Id, boolean> {
  const invalid = new Set(issues.map((i) => String(i.path[0])));
  const entries = sections.map((s) => [s.id, !s.fields.some((f) => invalid.has(f))] as const);
  return Object.fromEntries(entries) as Record<Id, boolean>;
}

/**
 * The first section (in display order) holding one of the invalid fields, or null. Pass the field names of the
 * block's errors (e.g. `Object.keys(formState.errors.copyInstructions ?? {})`) or the issues' first path keys.
 */
export function firstInvalidSection<Id extends string>(
  sections: readonly Section<Id>[],
  invalidFields: Iterable<string>,
): Id | null {
  const invalid = new Set(invalidFields);
  return sections.find((s) => s.fields.some((f) => invalid.has(f)))?.id ?? null;
}
