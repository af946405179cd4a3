import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import '@/test/env';
import { fixedClock, setClock } from '@/lib/clock';
import {
  checkTotp,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  otpAuthUri,
} from './totp';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('authenticator app building blocks', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());
  const at = (iso: string) => {
    restore = setClock(fixedClock(iso));
  };

  it('checks codes as RFC 6238 does (its test vectors, 6 digits), one step either side, and answers the step', async () => {
    at('1970-01-01T00:00:59Z'); // step 1: 94287082
    expect(await checkTotp(RFC_SECRET, '287082')).toBe(1);
    at('2005-03-18T01:58:29Z'); // 1111111109 s, step 37037036: 07081804
    expect(await checkTotp(RFC_SECRET, '081804')).toBe(37037036);
    at('2005-03-18T01:58:45Z'); // one step later (37037037): still accepted
    expect(await checkTotp(RFC_SECRET, '081804')).toBe(37037036);
    at('2005-03-18T01:57:55Z'); // one step earlier (37037035): accepted too
    expect(await checkTotp(RFC_SECRET, '081804')).toBe(37037036);
    at('2005-03-18T01:59:00Z'); // two steps later: not
    expect(await checkTotp(RFC_SECRET, '081804')).toBeNull();
  });

  it('refuses a code of a step already used, or older', async () => {
    at('2005-03-18T01:58:29Z');
    expect(await checkTotp(RFC_SECRET, '081804', 37037035)).toBe(37037036);
    expect(await checkTotp(RFC_SECRET, '081804', 37037036)).toBeNull();
    expect(await checkTotp(RFC_SECRET, 'abcdef')).toBeNull();
    expect(await checkTotp(RFC_SECRET, '08180')).toBeNull();
  });

  it('encrypts secrets with AES-256-GCM bound to the user and the key', () => {
    const key = randomBytes(32);
    const stored = encryptSecret(7, RFC_SECRET, key);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(RFC_SECRET);
    expect(encryptSecret(7, RFC_SECRET, key)).not.toBe(stored); // a fresh IV each time
    expect(decryptSecret(7, stored, key)).toBe(RFC_SECRET);
    expect(decryptSecret(8, stored, key)).toBeNull();
    expect(decryptSecret(7, stored, randomBytes(32))).toBeNull();
    const [v, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(decryptSecret(7, [v, iv, tag, flipped.toString('base64url')].join('.'), key)).toBeNull();
    expect(decryptSecret(7, 'garbage', key)).toBeNull();
  });

  it('recovery codes: 10 distinct, readable, normalised from what people type; hashed per user', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const c = codes[0] ?? '';
    expect(c).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(normaliseRecoveryCode(` ${c.toLowerCase().replace(/-/g, ' ')} `)).toBe(c.replace(/-/g, ''));
    expect(normaliseRecoveryCode('ABCD-EFGH-JKLM-NPQ1')).toBeNull(); // 1 is not in the alphabet
    expect(normaliseRecoveryCode('ABCD-EFGH')).toBeNull();
    const key = randomBytes(32);
    expect(hashRecoveryCode(1, 'ABCDEFGHJKLMNPQR', key)).not.toBe(hashRecoveryCode(2, 'ABCDEFGHJKLMNPQR', key));
  });

  it('builds the otpauth:// URI an authenticator app reads', () => {
    const text = otpAuthUri('hv.user', RFC_SECRET);
    expect(text.startsWith('otpauth://totp/JMS%20Portal:hv.user?')).toBe(true);
    const uri = new URL(text);
    expect(uri.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(uri.searchParams.get('issuer')).toBe('JMS Portal');
    // SHA-1, 6 digits, 30 s: the defaults every app assumes when the URI leaves them out.
    for (const [k, v] of [
      ['algorithm', 'SHA1'],
      ['digits', '6'],
      ['period', '30'],
    ])
      expect([null, v]).toContain(uri.searchParams.get(k ?? ''));
  });
});
