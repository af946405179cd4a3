import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MSG,
  PASSWORD_PAIR_SCHEMA,
  hasAscendingDigits,
  hasAscendingLetters,
  isCommonPassword,
  newPasswordSchema,
  passwordPairSchema,
  passwordProblems,
  refinePasswordPair,
} from './password-policy';
import { z } from 'zod';

// A password that meets every rule; each row below breaks exactly one.
const GOOD = 'Harbour#Vale2026';

describe('password rules of spec §5, one rule per row, at its edge', () => {
  const rows: { name: string; pw: string; problems: string[] }[] = [
    { name: 'the demo password meets every rule', pw: GOOD, problems: [] },
    { name: 'exactly 10 characters is enough', pw: 'Kiwi#Plum9', problems: [] },
    { name: '9 characters is too short', pw: 'Kiwi#Pux9', problems: [PASSWORD_MSG.tooShort] },
    { name: 'empty', pw: '', problems: [PASSWORD_MSG.required] },
    { name: 'no upper-case letter', pw: 'harbour#vale2026', problems: [PASSWORD_MSG.upper] },
    { name: 'no lower-case letter', pw: 'HARBOUR#VALE2026', problems: [PASSWORD_MSG.lower] },
    { name: 'no digit', pw: 'Harbour#Vale', problems: [PASSWORD_MSG.digit] },
    { name: 'no special of ! @ # $ % ^ & *', pw: 'Harbour_Vale2026', problems: [PASSWORD_MSG.special] },
    ...[...'!@#$%^&*'].map((c) => ({ name: `special ${c} counts`, pw: `Harbour${c}Vale2026`, problems: [] })),
    { name: 'other symbols are allowed but do not count', pw: 'Harbour(Vale)2026?', problems: [PASSWORD_MSG.special] },
    { name: 'three ascending digits 123', pw: 'Harbour#Vale123', problems: [PASSWORD_MSG.ascendingDigits] },
    { name: 'three ascending digits 789 at the end', pw: 'Harbour#Vale789', problems: [PASSWORD_MSG.ascendingDigits] },
    { name: 'two ascending digits are allowed', pw: 'Harbour#Vale12x9', problems: [] },
    { name: '890 is not ascending (9 to 0 wraps)', pw: 'Harbour#Vale890', problems: [] },
    { name: 'descending digits are allowed', pw: 'Harbour#Vale321', problems: [] },
    { name: 'ascending digits split by a letter are allowed', pw: 'Harbour#Vale12a3', problems: [] },
    { name: 'ascending letters ab', pw: 'Harbour#Vabe2026', problems: [PASSWORD_MSG.ascendingLetters] },
    { name: 'ascending capitals XY', pw: 'XYlophone#2026', problems: [PASSWORD_MSG.ascendingLetters] },
    { name: 'ascending letters inside a word (st)', pw: 'Harbour#First20', problems: [PASSWORD_MSG.ascendingLetters] },
    { name: 'mixed case aB is not the next character code', pw: 'HaBour#Vale2026', problems: [] },
    { name: 'descending letters ba are allowed', pw: 'Harbour#Vale2026ba', problems: [] },
    { name: 'repeated letters are allowed', pw: 'Harbbour#Vale2026', problems: [] },
    { name: 'ascending symbols #$ are not letters', pw: 'Harbour#$Vale2026', problems: [] },
    { name: 'spaces are allowed', pw: 'Harbour Vale #2026', problems: [] },
    { name: 'Unicode letters count as upper and lower', pw: 'ÉCLAIRé#2026x', problems: [] },
    { name: 'common password with decoration', pw: 'Password1!', problems: [PASSWORD_MSG.common] },
    { name: 'common password in leetspeak', pw: 'P@ssw0rd!9', problems: [PASSWORD_MSG.common] },
    { name: 'common word plus year', pw: 'Welcome#2024', problems: [PASSWORD_MSG.common] },
  ];
  it.each(rows)('$name', ({ pw, problems }) => {
    expect(passwordProblems(pw)).toEqual(problems);
  });

  it('accepts 128 characters and more, up to the maximum, and never truncates', () => {
    const long = `${'Kiwi#Plum9 '.repeat(24)}`.slice(0, PASSWORD_MAX_LENGTH);
    expect(Array.from(long).length).toBe(PASSWORD_MAX_LENGTH);
    expect(passwordProblems(long)).toEqual([]);
    expect(passwordProblems(`${long}9`)).toEqual([PASSWORD_MSG.tooLong]);
  });

  it('counts characters, not UTF-16 units: 10 emoji-bearing characters pass, 9 do not', () => {
    expect(passwordProblems('Kiwi#Pl9😀😀')).toEqual([]);
    expect(passwordProblems('Kiwi#P9😀😀')).toEqual([PASSWORD_MSG.tooShort]);
  });
});

describe('the digit and letter sequence checks', () => {
  it.each([
    ['012', true],
    ['x234y', true],
    ['12', false],
    ['135', false],
    ['1 23', false],
  ])('ascending digits in %s: %s', (s, hit) => expect(hasAscendingDigits(s)).toBe(hit));

  it.each([
    ['ab', true],
    ['yz', true],
    ['AB', true],
    ['Za', false],
    ['zA', false],
    ['aB', false],
    ['a b', false],
    ['αβ', false],
  ])('ascending letters in %s: %s', (s, hit) => expect(hasAscendingLetters(s)).toBe(hit));
});

describe('personal information', () => {
  const ctx = {
    userName: 'hv.group1',
    firstName: 'Jordan',
    lastName: 'Lee',
    email: 'jordan.lee@example.com',
    clientName: 'Harbour & Vale Lawyers',
  };
  it.each([
    ['the user name', 'Hv.group1#Kiwi9', true],
    ['the first name in another case', 'JORDAN#kiwi9x', true],
    ['the client name word', 'Kiwi#Harbour9', true],
    ['a generic firm word is not personal', 'Kiwi#Lawyers9', false],
    ['a leetspeak first name', 'J0rdan#Kiwi9x', true],
    ['nothing of the user', 'Kiwi#Plum9xz', false],
  ])('%s', (_name, pw, refused) => {
    expect(passwordProblems(pw, ctx).includes(PASSWORD_MSG.personal)).toBe(refused);
  });
  it('a short last name (Lee) is checked from 3 letters', () => {
    expect(passwordProblems('Kiwi#Lee9xz', ctx)).toContain(PASSWORD_MSG.personal);
  });
  it('is refused by the schema built with the context, not by the context-free one', () => {
    expect(newPasswordSchema(ctx).safeParse('Kiwi#Harbour9').success).toBe(false);
    expect(newPasswordSchema().safeParse('Kiwi#Harbour9').success).toBe(true);
  });
});

describe('the pair schema', () => {
  it('accepts equal entries that meet the rules', () => {
    expect(PASSWORD_PAIR_SCHEMA.safeParse({ NewPassword: GOOD, ConfirmPassword: GOOD }).success).toBe(true);
  });
  it('puts a mismatch on ConfirmPassword', () => {
    const r = PASSWORD_PAIR_SCHEMA.safeParse({ NewPassword: GOOD, ConfirmPassword: `${GOOD} ` });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ConfirmPassword', PASSWORD_MSG.mismatch],
    ]);
  });
  it('puts rule problems on NewPassword and an empty confirmation on ConfirmPassword', () => {
    const r = passwordPairSchema().safeParse({ NewPassword: 'short', ConfirmPassword: '' });
    const paths = new Set(r.error?.issues.map((i) => i.path.join('.')));
    expect(paths).toEqual(new Set(['NewPassword', 'ConfirmPassword']));
    expect(r.error?.issues.find((i) => i.path[0] === 'ConfirmPassword')?.message).toBe(PASSWORD_MSG.confirmRequired);
  });
  it('rejects non-strings', () => {
    expect(PASSWORD_PAIR_SCHEMA.safeParse({ NewPassword: 1, ConfirmPassword: 1 }).success).toBe(false);
  });

  const optionalPair = z
    .object({ NewPassword: z.string().optional(), ConfirmPassword: z.string().optional() })
    .superRefine((v, c) => refinePasswordPair(v, c, { required: false }));
  it('an optional pair left empty passes, half-filled does not', () => {
    expect(optionalPair.safeParse({ NewPassword: '', ConfirmPassword: '' }).success).toBe(true);
    expect(optionalPair.safeParse({}).success).toBe(true);
    expect(optionalPair.safeParse({ NewPassword: '', ConfirmPassword: GOOD }).success).toBe(false);
    expect(optionalPair.safeParse({ NewPassword: GOOD, ConfirmPassword: '' }).success).toBe(false);
  });
});

describe('common passwords', () => {
  it.each(['Password1!', 'Qwerty#2029', 'Letmein#2029', 'Summer#2029!'])('%s is common', (pw) =>
    expect(isCommonPassword(pw)).toBe(true),
  );
  it.each([GOOD, 'Kiwi#Plum9'])('%s is not common', (pw) => expect(isCommonPassword(pw)).toBe(false));
});
