/**
 * Ids in URLs (jb, jm, ir, cD, uD) are the plain value encoded by base64 applied four times
 * (spec §2). This is obscurity, not security: every read is still scoped to the actor's client.
 */
const ROUNDS = 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class EncodingError extends Error {
  constructor(message = 'Malformed encoded value') {
    super(message);
    this.name = 'EncodingError';
  }
}

/** Base64 of a string's UTF-8 bytes; in the browser as on the server (the job list builds its row links in both). */
function base64(s: string): string {
  let bytes = '';
  for (const b of new TextEncoder().encode(s)) bytes += String.fromCharCode(b);
  return btoa(bytes);
}

export function encodeParam(value: string | number): string {
  let s = String(value);
  for (let i = 0; i < ROUNDS; i++) s = base64(s);
  return s;
}

/** Decodes a value encoded by encodeParam; throws EncodingError on anything else. */
export function decodeParam(encoded: string): string {
  // URLSearchParams turns '+' into ' '; accept that and URL-safe variants.
  let s = encoded.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  for (let i = 0; i < ROUNDS; i++) {
    if (s.length === 0 || s.length % 4 === 1 || !BASE64.test(s)) throw new EncodingError();
    const buf = Buffer.from(s, 'base64');
    // Reject input that does not survive a round trip (garbage that Buffer silently skips).
    if (buf.toString('base64').replace(/=+$/, '') !== s.replace(/=+$/, '')) throw new EncodingError();
    s = buf.toString('utf8');
    if (s.includes('\uFFFD')) throw new EncodingError();
  }
  return s;
}

/** Decodes an encoded positive integer id; throws EncodingError when it is not one. */
export function decodeId(encoded: string): number {
  const s = decodeParam(encoded);
  if (!/^[1-9][0-9]{0,9}$/.test(s)) throw new EncodingError('Malformed encoded id');
  const n = Number(s);
  if (n > 2_147_483_647) throw new EncodingError('Malformed encoded id');
  return n;
}

/** Like decodeId but answers null instead of throwing (pages treat garbage like a missing row). */
export function tryDecodeId(encoded: string | null | undefined): number | null {
  if (!encoded) return null;
  try {
    return decodeId(encoded);
  } catch {
    return null;
  }
}

export function tryDecodeParam(encoded: string | null | undefined): string | null {
  if (!encoded) return null;
  try {
    return decodeParam(encoded);
  } catch {
    return null;
  }
}
