/**
 * The zod-free half of the general validation rules of spec §5 ("General"): field messages, the e-mail,
 * phone and HTML-tag patterns and the small predicates every form shares. Pure and browser-safe.
 *
 * lib/validation.ts re-exports all of it beside the zod field schemas and reporter checks; import from
 * here directly where a browser bundle must not carry zod classic (the sign-in page, see
 * docs/architecture.md "Page weight").
 */

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
  nulCharacter: 'Please remove the invisible NUL character from this text.',
} as const;

/**
 * zod's `error` option for a required field: `message` when the value is missing (undefined or null), zod's own
 * message otherwise (a wrong type). Without it a missing field answers "Invalid input: expected string, received
 * undefined" (spec §8 words its messages for people).
 */
export function missingMessage(message: string): (issue: { input?: unknown }) => string | undefined {
  return (issue) => (issue.input === undefined || issue.input === null ? message : undefined);
}

/** Generic top-level domains accepted besides any two-letter country code (the "limited list" of §5). */
export const EMAIL_GENERIC_TLDS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'mil',
  'int',
  'biz',
  'info',
  'name',
  'pro',
  'aero',
  'asia',
  'cat',
  'coop',
  'jobs',
  'mobi',
  'museum',
  'tel',
  'travel',
  'law',
  'legal',
  'lawyer',
  'attorney',
  'app',
  'dev',
  'cloud',
  'email',
  'online',
  'site',
  'tech',
  'group',
  'global',
  'services',
  'solutions',
  'company',
  'associates',
  'partners',
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
/** A NUL character (U+0000): PostgreSQL cannot store it in text, so input holding one is refused, never saved. */
export const hasNul = (s: string): boolean => s.includes('\u0000');
export const hasHtmlTag = (s: string): boolean => HTML_TAG_PATTERN.test(s);
/** A non-empty value made only of whitespace (rejected by §5; an empty value is merely "not given"). */
export const isWhitespaceOnly = (s: string): boolean => s.length > 0 && s.trim().length === 0;
export const isEmail = (s: string, pattern: RegExp = DEFAULT_EMAIL_PATTERN): boolean =>
  s.length <= 254 && pattern.test(s);
export const isPhone = (s: string, pattern: RegExp = DEFAULT_PHONE_PATTERN): boolean => pattern.test(s);
/**
 * A phone number as people write it ("0412 345 678", "(02) 9000 1234", "0412.345.678") with its spaces and dots
 * removed: the phone pattern is checked on this, and this is what is stored.
 */
export const normalisePhone = (s: string): string => s.replace(/[\s.]/g, '');
/** A phone value as stored: normalised, or undefined when not text or empty. */
export const cleanPhone = (v: unknown): string | undefined =>
  typeof v === 'string' ? cleanText(normalisePhone(v)) : undefined;

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
  if (hasNul(value)) return FIELD_MSG.nulCharacter;
  if (value.trim().length > max) return FIELD_MSG.tooLong(max);
  return null;
}

/** Letters, digits and . _ - @, at least 3 characters: what every user name is made of (lib/users/schema.ts). */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]{3,}$/;

/** Whether a sign-in name could name any account at all (a format rule: it says nothing about which exist). */
export function isPossibleUserName(value: string): boolean {
  return USER_NAME_PATTERN.test(value.trim());
}
