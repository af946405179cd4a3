/** The session cookie's claims: what a forged, expired or good cookie gives, decoded once or many times. */
import { encode } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import { decodeSessionCookie } from './cookie';

const SID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('decodeSessionCookie', () => {
  it('gives the claims of a good cookie, the same on the second read', async () => {
    const value = await encode({ token: { sid: SID, role: 3 }, secret: config().authSecret });
    expect(await decodeSessionCookie(value)).toEqual({ sid: SID, role: 3 });
    expect(await decodeSessionCookie(value)).toEqual({ sid: SID, role: 3 });
  });

  it('refuses a cookie sealed with another secret, and nothing', async () => {
    const value = await encode({ token: { sid: SID, role: 3 }, secret: 'another secret, not the portal one' });
    expect(await decodeSessionCookie(value)).toBeNull();
    expect(await decodeSessionCookie(value.slice(0, -4) + 'AAAA')).toBeNull();
    expect(await decodeSessionCookie('')).toBeNull();
  });

  it('stops giving the claims once the cookie has expired, though it was read while good', async () => {
    // next-auth allows 15 s of clock skew on its own check: past that, the cookie is refused however often it was read.
    const value = await encode({ token: { sid: SID, role: 4 }, secret: config().authSecret, maxAge: 1 });
    expect(await decodeSessionCookie(value)).toEqual({ sid: SID, role: 4 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 20_000 });
    try {
      expect(await decodeSessionCookie(value)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
