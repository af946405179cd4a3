/**
 * The general validation rules of spec §5 ("General"), shared by every form: e-mail and phone patterns,
 * free text without HTML tags or whitespace-only values, digits-only numbers, choice codes.
 *
 * Pure and browser-safe (no node-only imports): used by react-hook-form through zodResolver and by the server.
 * Two styles are offered:
 *  - zod field schemas (`requiredText`, `optionalText`, `emailField`, `phoneField`, `digitsField`) for simple forms;
 *  - reporter-based checks (`checkText`, `checkEmail`, ...) for forms whose rules depend on other fields
 *    (the job order), run inside a zod `superRefine` and flushed with `reportTo`.
 */
import { z } from 'zod';

/** Additional instructions: maximum 1000 characters (§5, §9); the limit is settings-driven. */
export const DEFAULT_MAX_INSTRUCTIONS = 1000;
/** Upper bound for short free-text fields (names, references, "other" texts); not in the spec, a hygiene limit. */
export const SHORT_TEXT_MAX = 255;

/** Field-level messages. The spec does not word them (§8 lists none), so they are ours. */
export const FIELD_MSG = {
  required: 'This field is required.',
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidPhone: 'Please enter a valid phone number (4 to 16 characters: digits and ( ) - x +).',
  htmlTags: 'HTML tags are not allowed.',
  whitespaceOnly: 'Please enter some text, not only spaces.',
  tooLong: (max: number) => `Please enter no more than ${max} characters.`,
  digitsOnly: 'Please enter digits only.',
  nonZero: 'Please enter a number greater than zero.',
  tooManyDigits: (max: number) => `Please enter no more than ${max} digits.`,
  invalidChoice: 'Please choose a valid option.',
} as const;

/** Generic top-level domains accepted besides any two-letter country code (the "limited list" of §5). */
export const EMAIL_GENERIC_TLDS = [
  'com', 'net', 'org', 'edu', 'gov', 'mil', 'int', 'biz', 'info', 'name', 'pro', 'aero', 'asia', 'cat', 'coop',
  'jobs', 'mobi', 'museum', 'tel', 'travel', 'law', 'legal', 'lawyer', 'attorney', 'app', 'dev', 'cloud', 'email',
  'online', 'site', 'tech', 'group', 'global', 'services', 'solutions', 'company', 'associates', 'partners',
] as const;

const LOCAL_PART = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;

/** Default e-mail pattern: a standard address with a limited list of top-level domains, or an IP address. */
export const DEFAULT_EMAIL_PATTERN = new RegExp(
  `^${LOCAL_PART}@(?:(?:${DOMAIN_LABEL}\\.)+(?:[A-Za-z]{2}|${EMAIL_GENERIC_TLDS.join('|')})|\\[${IPV4}\\]|${IPV4})$`,
  'i',
);
/** Default phone pattern: 4 to 16 characters of digits mixed with ( ) - x + (at least one digit). */
export const DEFAULT_PHONE_PATTERN = /^(?=.*\d)[\d()x+-]{4,16}$/;
/**
 * An HTML (or XML) tag, comment, doctype or processing instruction: `<b>`, `</p>`, `<!-- x -->`, `<?php ?>`.
 * As in HTML parsing, `<` must be followed by a letter (or / ! ?): 'a < b and c > d' is text.
 */
export const HTML_TAG_PATTERN = /<\/?[A-Za-z!?][^>]*>/;

export const isDigits = (s: string): boolean => /^\d+$/.test(s);
export const hasHtmlTag = (s: string): boolean => HTML_TAG_PATTERN.test(s);
/** A non-empty value made only of whitespace (rejected by §5; an empty value is merely "not given"). */
export const isWhitespaceOnly = (s: string): boolean => s.length > 0 && s.trim().length === 0;
export const isEmail = (s: string, pattern: RegExp = DEFAULT_EMAIL_PATTERN): boolean => s.length <= 254 && pattern.test(s);
export const isPhone = (s: string, pattern: RegExp = DEFAULT_PHONE_PATTERN): boolean => pattern.test(s);

/** Not given: undefined, null, NaN, '' or an empty list. (Whitespace-only text is given, and invalid.) */
export function isBlank(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (typeof v === 'number') return Number.isNaN(v);
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** The trimmed text, or undefined when empty. */
export function cleanText(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/** A non-negative integer code from a number or a digit string; undefined otherwise. */
export function toCode(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : undefined;
  if (typeof v === 'string' && isDigits(v.trim()) && v.trim().length <= 9) return Number(v.trim());
  return undefined;
}

/** Type guard: `v` is one of `allowed`. */
export function isOneOf<T extends number>(allowed: readonly T[], v: number | undefined): v is T {
  return allowed.some((a) => a === v);
}

/** The message for a given free-text value, or null when it is acceptable. */
export function textProblem(value: string, max: number): string | null {
  if (isWhitespaceOnly(value)) return FIELD_MSG.whitespaceOnly;
  if (hasHtmlTag(value)) return FIELD_MSG.htmlTags;
  if (value.trim().length > max) return FIELD_MSG.tooLong(max);
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Reporter: collects field issues so rules that depend on several fields can report per field.
// ---------------------------------------------------------------------------------------------------------------

export type FieldPath = readonly (string | number)[];
export interface FieldIssue {
  path: FieldPath;
  message: string;
}
export interface Reporter {
  add(path: FieldPath, message: string): void;
}

/** A reporter that keeps the issues it is given (one per path: the first wins, as a form shows one). */
export function issueList(): Reporter & { readonly issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  return {
    issues,
    add(path, message) {
      const key = path.join('.');
      if (!issues.some((i) => i.path.join('.') === key)) issues.push({ path: [...path], message });
    },
  };
}

/** A reporter that prefixes every path (a block reports relative paths; the order adds `['copyInstructions']`). */
export function within(r: Reporter, prefix: FieldPath): Reporter {
  return { add: (path, message) => r.add([...prefix, ...path], message) };
}

/** Sends collected issues to a zod refinement context. */
export function reportTo(ctx: z.RefinementCtx, issues: readonly FieldIssue[]): void {
  for (const i of issues) ctx.addIssue({ code: 'custom', message: i.message, path: [...i.path] });
}

// ---------------------------------------------------------------------------------------------------------------
// Reporter-based checks. Each reports at most one issue and returns true when the value is acceptable.
// ---------------------------------------------------------------------------------------------------------------

export interface RequiredOption {
  required?: boolean;
  requiredMessage?: string;
}

function fail(r: Reporter, path: FieldPath, message: string): false {
  r.add(path, message);
  return false;
}

export function checkRequired(r: Reporter, path: FieldPath, value: unknown, message: string = FIELD_MSG.required): boolean {
  if (!isBlank(value)) return true;
  r.add(path, message);
  return false;
}

function present(r: Reporter, path: FieldPath, value: unknown, o: RequiredOption): boolean {
  if (!isBlank(value)) return true;
  if (o.required) r.add(path, o.requiredMessage ?? FIELD_MSG.required);
  return false;
}

/** Free text: no HTML tags, not whitespace-only, at most `max` characters (after trimming). */
export function checkText(r: Reporter, path: FieldPath, value: unknown, o: RequiredOption & { max: number }): boolean {
  if (!present(r, path, value, o)) return !o.required;
  if (typeof value !== 'string') return fail(r, path, FIELD_MSG.required);
  const problem = textProblem(value, o.max);
  if (problem) r.add(path, problem);
  return problem === null;
}

export function checkEmail(r: Reporter, path: FieldPath, value: unknown, o: RequiredOption & { pattern?: RegExp }): boolean {
  if (!present(r, path, value, o)) return !o.required;
  const ok = typeof value === 'string' && isEmail(value.trim(), o.pattern);
  if (!ok) r.add(path, FIELD_MSG.invalidEmail);
  return ok;
}

export function checkPhone(r: Reporter, path: FieldPath, value: unknown, o: RequiredOption & { pattern?: RegExp }): boolean {
  if (!present(r, path, value, o)) return !o.required;
  const ok = typeof value === 'string' && isPhone(value.trim(), o.pattern);
  if (!ok) r.add(path, FIELD_MSG.invalidPhone);
  return ok;
}

/** Digits only (a number value must be a non-negative integer); `nonZero` rejects 0; at most `maxDigits` digits. */
export function checkDigits(
  r: Reporter,
  path: FieldPath,
  value: unknown,
  o: RequiredOption & { nonZero?: boolean; maxDigits: number },
): boolean {
  if (!present(r, path, value, o)) return !o.required;
  const s = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
  if (typeof s !== 'string' || !isDigits(s)) return fail(r, path, FIELD_MSG.digitsOnly);
  if (s.length > o.maxDigits) return fail(r, path, FIELD_MSG.tooManyDigits(o.maxDigits));
  if (o.nonZero && Number(s) === 0) return fail(r, path, FIELD_MSG.nonZero);
  return true;
}

/** A choice code (radio, select): a non-negative integer, one of `allowed` when given. */
export function checkChoice(
  r: Reporter,
  path: FieldPath,
  value: unknown,
  o: RequiredOption & { allowed?: readonly number[] },
): boolean {
  if (!present(r, path, value, o)) return !o.required;
  const c = toCode(value);
  const ok = c !== undefined && (o.allowed === undefined || o.allowed.includes(c));
  if (!ok) r.add(path, FIELD_MSG.invalidChoice);
  return ok;
}

// ---------------------------------------------------------------------------------------------------------------
// zod field schemas for simple forms (input: what a form or JSON body holds; output: the clean value).
// ---------------------------------------------------------------------------------------------------------------

function runCheck(check: (r: Reporter) => void) {
  return (ctx: z.RefinementCtx) => {
    const list = issueList();
    check(list);
    reportTo(ctx, list.issues);
  };
}

/** Required free text; output trimmed. */
export function requiredText(o: { max?: number; requiredMessage?: string } = {}) {
  const max = o.max ?? SHORT_TEXT_MAX;
  return z
    .string()
    .nullish()
    .superRefine((v, ctx) => runCheck((r) => checkText(r, [], v, { required: true, max, requiredMessage: o.requiredMessage }))(ctx))
    .transform((v) => cleanText(v) ?? '');
}

/** Optional free text; output trimmed, undefined when empty. */
export function optionalText(o: { max?: number } = {}) {
  const max = o.max ?? SHORT_TEXT_MAX;
  return z
    .string()
    .nullish()
    .superRefine((v, ctx) => runCheck((r) => checkText(r, [], v, { max }))(ctx))
    .transform(cleanText);
}

export function emailField(o: { required?: boolean; pattern?: RegExp } = {}) {
  return z
    .string()
    .nullish()
    .superRefine((v, ctx) => runCheck((r) => checkEmail(r, [], v, { required: o.required ?? true, pattern: o.pattern }))(ctx))
    .transform(cleanText);
}

export function phoneField(o: { required?: boolean; pattern?: RegExp } = {}) {
  return z
    .string()
    .nullish()
    .superRefine((v, ctx) => runCheck((r) => checkPhone(r, [], v, { required: o.required ?? true, pattern: o.pattern }))(ctx))
    .transform(cleanText);
}

/** Digits only (string or number input); output the number, undefined when empty. */
export function digitsField(o: { required?: boolean; nonZero?: boolean; maxDigits?: number } = {}) {
  return z
    .union([z.string(), z.number(), z.nan()])
    .nullish()
    .superRefine((v, ctx) =>
      runCheck((r) => checkDigits(r, [], v, { required: o.required, nonZero: o.nonZero, maxDigits: o.maxDigits ?? 9 }))(ctx),
    )
    .transform(toCode);
}
