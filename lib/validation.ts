/**
 * The general validation rules of spec §5 ("General"), shared by every form: e-mail and phone patterns,
 * free text without HTML tags or whitespace-only values, digits-only numbers, choice codes.
 *
 * Pure and browser-safe (no node-only imports): used by react-hook-form through zodResolver and by the server.
 * Two styles are offered:
 *  - zod field schemas (`requiredText`, `optionalText`, `formText`, `emailField`, `phoneField`, `digitsField`) for simple forms;
 *  - reporter-based checks (`checkText`, `checkEmail`, ...) for forms whose rules depend on other fields
 *    (the job order), run inside a zod `superRefine` and flushed with `reportTo`.
 */
import { z } from 'zod';
import {
  cleanText,
  FIELD_MSG,
  hasHtmlTag,
  hasNul,
  isBlank,
  isDigits,
  isEmail,
  isPhone,
  isWhitespaceOnly,
  normalisePhone,
  cleanPhone,
  SHORT_TEXT_MAX,
  textProblem,
  toCode,
} from './validation-rules';

export * from './validation-rules';

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

export function checkRequired(
  r: Reporter,
  path: FieldPath,
  value: unknown,
  message: string = FIELD_MSG.required,
): boolean {
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

export function checkEmail(
  r: Reporter,
  path: FieldPath,
  value: unknown,
  o: RequiredOption & { pattern?: RegExp },
): boolean {
  if (!present(r, path, value, o)) return !o.required;
  const ok = typeof value === 'string' && isEmail(value.trim(), o.pattern);
  if (!ok) r.add(path, FIELD_MSG.invalidEmail);
  return ok;
}

export function checkPhone(
  r: Reporter,
  path: FieldPath,
  value: unknown,
  o: RequiredOption & { pattern?: RegExp },
): boolean {
  if (!present(r, path, value, o)) return !o.required;
  const ok = typeof value === 'string' && isPhone(normalisePhone(value), o.pattern);
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
    .superRefine((v, ctx) =>
      runCheck((r) => checkText(r, [], v, { required: true, max, requiredMessage: o.requiredMessage }))(ctx),
    )
    .transform((v) => cleanText(v) ?? '');
}

/**
 * Free text of a staff or administrator form whose value is always a string (a text input, never null): the
 * input type stays `string` (react-hook-form defaults, the OpenAPI document), the output is trimmed. Required
 * (the default): not empty, not whitespace-only. Either way: at most `max` characters, no HTML tags, no NUL.
 */
export function formText(max: number, o: { required?: boolean } = {}) {
  const required = o.required ?? true;
  return z
    .string({ error: FIELD_MSG.required })
    .refine((v) => !required || !isWhitespaceOnly(v), FIELD_MSG.whitespaceOnly)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, FIELD_MSG.required)
        .max(max, FIELD_MSG.tooLong(max))
        .refine((v) => !hasHtmlTag(v), FIELD_MSG.htmlTags)
        .refine((v) => !hasNul(v), FIELD_MSG.nulCharacter),
    );
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
    .superRefine((v, ctx) =>
      runCheck((r) => checkEmail(r, [], v, { required: o.required ?? true, pattern: o.pattern }))(ctx),
    )
    .transform(cleanText);
}

export function phoneField(o: { required?: boolean; pattern?: RegExp } = {}) {
  return z
    .string()
    .nullish()
    .superRefine((v, ctx) =>
      runCheck((r) => checkPhone(r, [], v, { required: o.required ?? true, pattern: o.pattern }))(ctx),
    )
    .transform(cleanPhone);
}

/**
 * The phone number of a staff or administrator form (a text input, always a string): required, spaces and dots
 * removed (`normalisePhone`), then the phone pattern; the output is the number without them.
 */
export function formPhone() {
  return z
    .string({ error: FIELD_MSG.required })
    .transform(normalisePhone)
    .pipe(
      z
        .string()
        .min(1, FIELD_MSG.required)
        .refine((v) => isPhone(v), FIELD_MSG.invalidPhone),
    );
}

/** Digits only (string or number input); output the number, undefined when empty. */
export function digitsField(o: { required?: boolean; nonZero?: boolean; maxDigits?: number } = {}) {
  return z
    .union([z.string(), z.number(), z.nan()])
    .nullish()
    .superRefine((v, ctx) =>
      runCheck((r) => checkDigits(r, [], v, { required: o.required, nonZero: o.nonZero, maxDigits: o.maxDigits ?? 9 }))(
        ctx,
      ),
    )
    .transform(toCode);
}
