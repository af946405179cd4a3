import { describe, expect, it } from 'vitest';
import { decodeId, decodeParam, encodeParam, EncodingError, tryDecodeId } from './encoding';

describe('base64 applied four times (spec §2)', () => {
  it('encodes the plain value by four rounds of base64', () => {
    // 1 → MQ== → TVE9PQ== → VFZFOVBRPT0= → VkZaRk9WQlJQVDA9
    expect(encodeParam(1)).toBe('VkZaRk9WQlJQVDA9');
    expect(encodeParam('1')).toBe(
      Buffer.from(
        Buffer.from(Buffer.from(Buffer.from('1').toString('base64')).toString('base64')).toString('base64'),
      ).toString('base64'),
    );
  });

  it.each(['HV-2024-0457', 'O’Connor – Müller', '東京 📄'])(
    'encodes the UTF-8 bytes of %s, as Buffer does (the browser builds row links too)',
    (v) => {
      let expected = v;
      for (let i = 0; i < 4; i++) expected = Buffer.from(expected, 'utf8').toString('base64');
      expect(encodeParam(v)).toBe(expected);
    },
  );

  it.each([1, 42, 100234, 2147483647, 'INV-HV1001-1001', 'Smith vs Jones', 'O’Connor – Müller'])(
    'round-trips %s',
    (v) => {
      expect(decodeParam(encodeParam(v))).toBe(String(v));
    },
  );

  it('accepts the value after URLSearchParams turned + into a space', () => {
    const enc = encodeParam(100999);
    const viaQuery = new URLSearchParams(`jb=${enc}`).get('jb') ?? '';
    expect(decodeId(viaQuery)).toBe(100999);
  });

  it.each(['', 'not base64!', 'MQ==', encodeParam(1).slice(0, -3), '%%%%', 'VkZaRk9WQlJQVDA9VkZaRk9WQlJQVDA9x'])(
    'rejects garbage %j',
    (v) => {
      expect(() => decodeParam(v)).toThrow(EncodingError);
    },
  );

  it.each(['0', '-1', 'abc', '1.5', '99999999999', ' 7'])('decodeId rejects a non-id value %j', (v) => {
    expect(() => decodeId(encodeParam(v))).toThrow(EncodingError);
    expect(tryDecodeId(encodeParam(v))).toBeNull();
  });

  it('tryDecodeId answers null for missing input', () => {
    expect(tryDecodeId(null)).toBeNull();
    expect(tryDecodeId(undefined)).toBeNull();
    expect(tryDecodeId(encodeParam(5))).toBe(5);
  });
});
