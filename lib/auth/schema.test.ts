/**
 * The sign-in form's user name (spec §8 'Username is incorrect. Please try again.'): a name no account can have is
 * refused before any look-up, in the browser and on the server alike, so the message says nothing about which
 * accounts exist (docs/decisions/007-sign-in-messages-and-feedback.md).
 */
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { legacySignInBody } from '@/lib/legacy/auth';
import { signInFormSchema } from './schema';

const messages = (userName: string) => {
  const r = safeParse(signInFormSchema, { userName, password: 'x' });
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'userName').map((i) => i.message);
};

describe('sign-in user name', () => {
  it("answers 'Username is incorrect. Please try again.' for a name no account can have", () => {
    for (const name of ['hv admin', 'ab', 'jean+dupont', 'naïve', 'a/b'])
      expect(messages(name), name).toEqual(['Username is incorrect. Please try again.']);
  });

  it('accepts any name an account can have, known or not (no look-up, no hint)', () => {
    for (const name of ['hv.admin', '  HV.Admin ', 'nobody.123', 'first.last@example.com', 'a_b-c'])
      expect(messages(name), name).toEqual([]);
  });

  it('keeps the single, more precise message for HTML and blank input', () => {
    expect(messages('<b>x</b>')).toHaveLength(1);
    expect(messages('   ')).toHaveLength(1);
  });

  it('is the same rule on the legacy SignIn body', () => {
    const r = legacySignInBody.safeParse({ UserName: 'hv admin', Password: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Username is incorrect. Please try again.');
  });
});
