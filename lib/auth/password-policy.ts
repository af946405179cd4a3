/**
 * The password rules of spec §5 (and the security guide's additions), once, for every form that
 * sets a password: reset, forced change, settings, user administration.
 *
 * Pure and browser-safe (no node-only imports): react-hook-form uses these schemas through
 * zodResolver and the server parses the same ones. The server-only part (history of the last 10,
 * hashing, sessions, audit) is lib/auth/set-password.ts. The reading of the rules is recorded in
 * docs/decisions/002-password-rules.md.
 */
import { z } from 'zod';
import { MSG } from '@/lib/messages';
import { PASSWORD_MIN_LENGTH } from '@/lib/reference';

/** Longest password accepted (in characters). Longer ones are refused with a message, never truncated. */
export const PASSWORD_MAX_LENGTH = 256;
/** The special characters of which one is required (§5). Other symbols are allowed but do not count. */
export const PASSWORD_SPECIALS = '!@#$%^&*';

/** Field messages. The spec words none of them except reuse (§8), so these are ours. */
export const PASSWORD_MSG = {
  required: 'Please enter a password.',
  confirmRequired: 'Please confirm the password.',
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  upper: 'The password must contain an upper-case letter.',
  lower: 'The password must contain a lower-case letter.',
  digit: 'The password must contain a digit.',
  special: 'The password must contain one of the special characters ! @ # $ % ^ & *.',
  ascendingDigits: 'The password must not contain three ascending digits in a row (such as 123).',
  ascendingLetters:
    'The password must not contain a letter followed by the next letter of the alphabet (such as ab or XY).',
  common: 'This password is too common. Please choose another one.',
  personal: 'The password must not contain your name, your user name or your organisation’s name.',
  /** The same rule, on a form where an administrator sets another user's password. */
  personalOfUser: 'The password must not contain the user’s name, user name or organisation’s name.',
  mismatch: 'The passwords do not match.',
  reused: MSG.passwordReused,
} as const;

/** Characters counted by code point after NFC normalisation (what the user sees, roughly). */
function chars(plain: string): string[] {
  return Array.from(plain.normalize('NFC'));
}

const isAsciiLetter = (c: string) => /^[A-Za-z]$/.test(c);
const isAsciiDigit = (c: string) => /^[0-9]$/.test(c);
const code = (c: string) => c.codePointAt(0) ?? 0;

/** True when some three consecutive characters are ascending digits ('123', '789'). */
export function hasAscendingDigits(plain: string): boolean {
  const cs = chars(plain);
  for (let i = 0; i + 2 < cs.length; i++) {
    const [a, b, c] = [cs[i] ?? '', cs[i + 1] ?? '', cs[i + 2] ?? ''];
    if (isAsciiDigit(a) && isAsciiDigit(b) && isAsciiDigit(c) && code(b) === code(a) + 1 && code(c) === code(b) + 1)
      return true;
  }
  return false;
}

/**
 * True when a letter is followed by the letter with the next character code ('ab', 'XY', 'st').
 * Case-sensitive, as the spec words it ("a character followed by its next character code"): 'aB'
 * and 'Ab' are allowed. Only the Latin letters A–Z and a–z are considered (see ADR 002).
 */
export function hasAscendingLetters(plain: string): boolean {
  const cs = chars(plain);
  for (let i = 0; i + 1 < cs.length; i++) {
    const a = cs[i] ?? '';
    const b = cs[i + 1] ?? '';
    if (isAsciiLetter(a) && isAsciiLetter(b) && code(b) === code(a) + 1) return true;
  }
  return false;
}

/**
 * A short list of passwords (their letter core) that attackers try first. Composition rules already
 * stop most of the common list; these are the ones that survive them ('Password1!', 'Welcome#2024').
 */
export const COMMON_PASSWORD_CORES: ReadonlySet<string> = new Set([
  'password',
  'passwort',
  'passw',
  'welcome',
  'letmein',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'zxcvbn',
  'iloveyou',
  'admin',
  'administrator',
  'changeme',
  'secret',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'shadow',
  'master',
  'superman',
  'batman',
  'trustno',
  'starwars',
  'whatever',
  'freedom',
  'summer',
  'winter',
  'spring',
  'autumn',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'friday',
  'sydney',
  'melbourne',
  'australia',
  'login',
  'user',
  'jmsportal',
  'portal',
  'test',
  'default',
  'temp',
  'guest',
]);

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** The letters of a password, lower-cased with common substitutions undone ('P@ssw0rd1!' → 'password'). */
export function letterCore(plain: string): string {
  return chars(plain.toLowerCase())
    .map((c) => LEET[c] ?? c)
    .filter((c) => /\p{L}/u.test(c))
    .join('');
}

/**
 * True when the password is a common password decorated with digits and symbols: its letters
 * (substitutions undone), with or without the decoration around them, are on the list.
 */
export function isCommonPassword(plain: string): boolean {
  const lower = plain.normalize('NFC').toLowerCase();
  const trimmed = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const bare = chars(lower)
    .filter((c) => /\p{L}/u.test(c))
    .join('');
  return [letterCore(lower), letterCore(trimmed), bare].some((c) => COMMON_PASSWORD_CORES.has(c));
}

/** Who is setting the password: their names and their client's name must not appear in it. */
export interface PasswordContext {
  userName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  clientName?: string | null;
}

/** Generic words of firm names that are not personal (a client called "Smith Legal Group"). */
const GENERIC_NAME_WORDS = new Set([
  'and',
  'the',
  'law',
  'laws',
  'legal',
  'lawyers',
  'lawyer',
  'solicitors',
  'solicitor',
  'partners',
  'group',
  'firm',
  'associates',
  'chambers',
  'services',
  'company',
  'limited',
  'ltd',
  'pty',
  'llp',
  'inc',
  'client',
  'user',
  'test',
]);

/** The words of the context that the password must not contain (lower-case, 3+ letters or digits). */
export function personalWords(ctx: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (s: string | null | undefined, min: number, skipGeneric: boolean) => {
    for (const w of (s ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (Array.from(w).length >= min && !(skipGeneric && GENERIC_NAME_WORDS.has(w))) words.add(w);
    }
  };
  const userName = (ctx.userName ?? '').toLowerCase();
  if (Array.from(userName).length >= 3) words.add(userName);
  add(ctx.userName, 4, true);
  add(ctx.email?.split('@')[0], 4, true);
  add(ctx.firstName, 3, false);
  add(ctx.lastName, 3, false);
  add(ctx.clientName, 4, true);
  return [...words];
}

export function containsPersonalInfo(plain: string, ctx: PasswordContext): boolean {
  const lower = plain.normalize('NFC').toLowerCase();
  const core = letterCore(plain);
  return personalWords(ctx).some((w) => lower.includes(w) || (/^\p{L}+$/u.test(w) && core.includes(w)));
}

/** Every rule a new password breaks, in the order the form shows them (empty when it is acceptable). */
export function passwordProblems(plain: string, ctx?: PasswordContext): string[] {
  if (plain.length === 0) return [PASSWORD_MSG.required];
  const n = chars(plain).length;
  const out: string[] = [];
  if (n < PASSWORD_MIN_LENGTH) out.push(PASSWORD_MSG.tooShort);
  if (n > PASSWORD_MAX_LENGTH) out.push(PASSWORD_MSG.tooLong);
  if (!/\p{Lu}/u.test(plain)) out.push(PASSWORD_MSG.upper);
  if (!/\p{Ll}/u.test(plain)) out.push(PASSWORD_MSG.lower);
  if (!/[0-9]/.test(plain)) out.push(PASSWORD_MSG.digit);
  if (![...PASSWORD_SPECIALS].some((c) => plain.includes(c))) out.push(PASSWORD_MSG.special);
  if (hasAscendingDigits(plain)) out.push(PASSWORD_MSG.ascendingDigits);
  if (hasAscendingLetters(plain)) out.push(PASSWORD_MSG.ascendingLetters);
  if (isCommonPassword(plain)) out.push(PASSWORD_MSG.common);
  if (ctx && containsPersonalInfo(plain, ctx)) out.push(PASSWORD_MSG.personal);
  return out;
}

/** One new password (the rules of §5). With a context, also refuses the user's own names. */
export function newPasswordSchema(ctx?: PasswordContext) {
  return z.string({ error: PASSWORD_MSG.required }).superRefine((v, c) => {
    for (const message of passwordProblems(v, ctx)) c.addIssue({ code: 'custom', message });
  });
}

/** The pair a form sends: both entries must be equal (the error sits on ConfirmPassword). */
export interface PasswordPair {
  NewPassword: string;
  ConfirmPassword: string;
}

/**
 * Checks a NewPassword/ConfirmPassword pair inside a larger schema's superRefine (e.g. the user form,
 * where the pair is optional when editing): `required: false` skips both when both are empty.
 */
/** The rules' refusals worded for an administrator who sets another user's password ("the user's name", not "your name"). */
export function forAdministrator(problems: string[]): string[] {
  return problems.map((p) => (p === PASSWORD_MSG.personal ? PASSWORD_MSG.personalOfUser : p));
}

export function refinePasswordPair(
  value: { NewPassword?: string | null; ConfirmPassword?: string | null },
  c: z.RefinementCtx,
  opts: { required?: boolean; context?: PasswordContext; administrator?: boolean } = {},
): void {
  const pw = value.NewPassword ?? '';
  const confirm = value.ConfirmPassword ?? '';
  if (!opts.required && pw === '' && confirm === '') return;
  const problems = passwordProblems(pw, opts.context);
  for (const message of opts.administrator ? forAdministrator(problems) : problems)
    c.addIssue({ code: 'custom', path: ['NewPassword'], message });
  if (confirm === '') c.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: PASSWORD_MSG.confirmRequired });
  else if (confirm !== pw) c.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: PASSWORD_MSG.mismatch });
}

/** The pair alone: the reset and forced-change forms. */
export function passwordPairSchema(context?: PasswordContext) {
  return z
    .object({
      NewPassword: z.string().max(4 * PASSWORD_MAX_LENGTH),
      ConfirmPassword: z.string().max(4 * PASSWORD_MAX_LENGTH),
    })
    .superRefine((v, c) => refinePasswordPair(v, c, { required: true, context }));
}

export const PASSWORD_PAIR_SCHEMA = passwordPairSchema();
