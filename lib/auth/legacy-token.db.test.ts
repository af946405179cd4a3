import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';
import { createSession, issueLegacyToken, resolveSession, revokeSession, sessionIdFromLegacyToken } from './session';

describe('the legacy bearer token', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-05-04T02:00:00Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set('2026-05-04T02:00:00Z');
    restore = setClock(clock);
  });
  afterEach(() => restore());

  async function session() {
    const client = await makeClient();
    const user = await makeUser({ clientId: client.id });
    const s = await createSession(t.db(), user.id);
    return { s, token: await issueLegacyToken(s, user.role) };
  }

  it('names its session on every use, and stops at its expiry even after being used', async () => {
    const { s, token } = await session();
    expect(await sessionIdFromLegacyToken(token)).toBe(s.id);
    expect(await sessionIdFromLegacyToken(token)).toBe(s.id);
    clock.set(new Date(s.expiresAt.getTime() - 1000));
    expect(await sessionIdFromLegacyToken(token)).toBe(s.id);
    clock.set(s.expiresAt);
    expect(await sessionIdFromLegacyToken(token)).toBeNull();
    clock.set(new Date(s.expiresAt.getTime() - 1000));
    // Once refused for its expiry it is verified again, not answered from memory.
    expect(await sessionIdFromLegacyToken(token)).toBe(s.id);
  });

  it('a token whose signature or claims were altered is refused, even right after the genuine one was accepted', async () => {
    const { s, token } = await session();
    expect(await sessionIdFromLegacyToken(token)).toBe(s.id);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await sessionIdFromLegacyToken(`${header}.${payload}.${flipped}`)).toBeNull();
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sid: '00000000-0000-4000-8000-000000000000' })).toString(
      'base64url',
    );
    expect(await sessionIdFromLegacyToken(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await sessionIdFromLegacyToken('not-a-token')).toBeNull();
  });

  it('a revoked session ends at once, though its token still verifies', async () => {
    const { s, token } = await session();
    expect((await resolveSession(await sessionIdFromLegacyToken(token)))?.sessionId).toBe(s.id);
    await revokeSession(t.db(), s.id);
    expect(await sessionIdFromLegacyToken(token)).toBe(s.id);
    expect(await resolveSession(await sessionIdFromLegacyToken(token))).toBeNull();
  });
});
