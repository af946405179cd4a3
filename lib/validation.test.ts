import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkChoice,
  checkDigits,
  checkPhone,
  checkText,
  digitsField,
  emailField,
  FIELD_MSG,
  formPhone,
  hasHtmlTag,
  isEmail,
  isPhone,
  issueList,
  normalisePhone,
  optionalText,
  phoneField,
  requiredText,
  within,
} from './validation';

describe('e-mail pattern (§5: standard address, limited top-level domains, or an IP address)', () => {
  it.each([
    ['ann@example.com', true],
    ['ann.lee+jobs@law.example.com.au', true],
    ['ANN@EXAMPLE.ORG', true],
    ['ann@example.law', true],
    ['ann@[10.0.0.1]', true],
    ['ann@192.168.1.20', true],
    ['ann@example.zzzz', false],
    ['ann@256.1.1.1', false],
    ['ann', false],
    ['ann@', false],
    ['ann@example', false],
    ['ann lee@example.com', false],
    ['ann@@example.com', false],
    ['.ann@example.com', false],
  ])('%s → %s', (email, ok) => {
    expect(isEmail(email)).toBe(ok);
  });

  it('takes a settings-driven pattern', () => {
    expect(isEmail('ann@example.com', /@example\.org$/)).toBe(false);
    expect(isEmail('ann@example.org', /@example\.org$/)).toBe(true);
  });
});

describe('phone pattern (§5: 4 to 16 characters of digits mixed with ( ) - x +)', () => {
  it.each([
    ['0299', true],
    ['(02)9999-0000', true],
    ['+61299990000x12', true],
    ['1234567890123456', true],
    ['12345678901234567', false],
    ['123', false],
    ['02 9999 0000', false],
    ['abcd', false],
    ['()-+', false],
    ['0299a', false],
  ])('%s → %s', (phone, ok) => {
    expect(isPhone(phone)).toBe(ok);
  });
});

describe('phone numbers as people write them: spaces and dots removed before the pattern, stored without them', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['(02) 9000 1234', '(02)90001234'],
    ['0412.345.678', '0412345678'],
    [' +61 2 9000 1234 ', '+61290001234'],
  ])('%s is accepted and kept as %s', (written, stored) => {
    expect(normalisePhone(written)).toBe(stored);
    expect(phoneField().parse(written)).toBe(stored);
    expect(formPhone().parse(written)).toBe(stored);
    const r = issueList();
    expect(checkPhone(r, ['p'], written, { required: true })).toBe(true);
  });

  it.each(['04 12 34 56 78 90 12 34 5', '0412/345/678', 'call me', '   '])('%s is still refused', (written) => {
    expect(phoneField().safeParse(written).success).toBe(false);
    expect(formPhone().safeParse(written).success).toBe(false);
  });
});

describe('free text (§5: no HTML tags, not whitespace-only)', () => {
  it.each([
    ['<b>bold</b>', true],
    ['</p>', true],
    ['<script>alert(1)</script>', true],
    ['<?php echo 1 ?>', true],
    ['<!-- note -->', true],
    ['<img src=x onerror=alert(1)>', true],
    ['a < b and c > d', false],
    ['x<5 and y>3', false],
    ['Smith & Co <Sydney office', false],
  ])('%s has a tag: %s', (s, tag) => {
    expect(hasHtmlTag(s)).toBe(tag);
  });

  it.each([
    ['   ', FIELD_MSG.whitespaceOnly],
    ['\t\n', FIELD_MSG.whitespaceOnly],
    ['<i>x</i>', FIELD_MSG.htmlTags],
    ['x'.repeat(11), FIELD_MSG.tooLong(10)],
  ])('checkText(%j) reports %s', (value, message) => {
    const list = issueList();
    expect(checkText(list, ['f'], value, { max: 10 })).toBe(false);
    expect(list.issues).toEqual([{ path: ['f'], message }]);
  });

  it('accepts an empty optional value, requires a required one, and counts length after trimming', () => {
    const list = issueList();
    expect(checkText(list, ['a'], '', { max: 3 })).toBe(true);
    expect(checkText(list, ['b'], undefined, { max: 3, required: true })).toBe(false);
    expect(checkText(list, ['c'], '  abc  ', { max: 3 })).toBe(true);
    expect(list.issues).toEqual([{ path: ['b'], message: FIELD_MSG.required }]);
  });
});

describe('digits and choices', () => {
  it.each([
    ['12', true, undefined],
    [12, true, undefined],
    ['007', true, undefined],
    ['0', false, FIELD_MSG.nonZero],
    ['1.5', false, FIELD_MSG.digitsOnly],
    ['-1', false, FIELD_MSG.digitsOnly],
    [' 3', false, FIELD_MSG.digitsOnly],
    [2.5, false, FIELD_MSG.digitsOnly],
    ['1234567', false, FIELD_MSG.tooManyDigits(6)],
  ])('checkDigits(%j) ok=%s', (value, ok, message) => {
    const list = issueList();
    expect(checkDigits(list, ['n'], value, { nonZero: true, maxDigits: 6 })).toBe(ok);
    expect(list.issues[0]?.message).toBe(message);
  });

  it('checks a choice against its allowed codes', () => {
    const list = issueList();
    expect(checkChoice(list, ['a'], '2', { allowed: [1, 2] })).toBe(true);
    expect(checkChoice(list, ['b'], 3, { allowed: [1, 2] })).toBe(false);
    expect(checkChoice(list, ['c'], 'x', {})).toBe(false);
    expect(checkChoice(list, ['d'], null, { required: true })).toBe(false);
    expect(list.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['b', FIELD_MSG.invalidChoice],
      ['c', FIELD_MSG.invalidChoice],
      ['d', FIELD_MSG.required],
    ]);
  });

  it('reports one issue per path and prefixes nested paths', () => {
    const list = issueList();
    const nested = within(list, ['block']);
    nested.add(['x'], 'first');
    nested.add(['x'], 'second');
    expect(list.issues).toEqual([{ path: ['block', 'x'], message: 'first' }]);
  });
});

describe('zod field helpers', () => {
  const form = z.object({
    name: requiredText(),
    note: optionalText({ max: 5 }),
    email: emailField(),
    phone: phoneField({ required: false }),
    copies: digitsField({ nonZero: true }),
  });
  const messages = (input: unknown) => {
    const r = form.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('parses clean values (trimmed, empty optional → undefined, digits → number)', () => {
    expect(form.parse({ name: ' Ann ', note: '', email: 'ann@example.com', phone: null, copies: '3' })).toEqual({
      name: 'Ann',
      note: undefined,
      email: 'ann@example.com',
      phone: undefined,
      copies: 3,
    });
  });

  it('reports every field at once', () => {
    expect(messages({ name: '  ', note: '<b>hi</b>', email: 'nope', phone: 'abc', copies: '0' })).toEqual({
      name: FIELD_MSG.whitespaceOnly,
      note: FIELD_MSG.htmlTags,
      email: FIELD_MSG.invalidEmail,
      phone: FIELD_MSG.invalidPhone,
      copies: FIELD_MSG.nonZero,
    });
    expect(messages({})).toEqual({ name: FIELD_MSG.required, email: FIELD_MSG.required });
  });
});

describe('a NUL character in form text (PostgreSQL cannot store it)', () => {
  it('is refused by the required and optional text fields with its own message', () => {
    for (const schema of [requiredText(), optionalText()]) {
      const r = schema.safeParse('Harbour\u0000Vale');
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(FIELD_MSG.nulCharacter);
    }
    expect(requiredText().safeParse('Harbour Vale').success).toBe(true);
  });
});
