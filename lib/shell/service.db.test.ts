import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as disableTourRoute } from '@/app/api/User/DisableTour/route';
import { users } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser, signedIn } from '@/test/factories';
import { getPasswordExpiry } from '@/lib/settings/password-expiry';
import { getShellUser } from './service';

const ctx = { params: Promise.resolve({}) };
const req = (token?: string) =>
  new Request('http://localhost/api/User/DisableTour', { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the page shell user', () => {
  const t = useTestDatabase();

  it("shows the user's full name, firm and whether the tour is due", async () => {
    const client = await makeClient({ name: 'Harbour Test Lawyers' });
    const user = await makeUser({ clientId: client.id, firstName: 'Riley', lastName: 'Smith', enableTour: true });
    const { actor } = await signedIn(7, client.id);
    const them = { ...actor, userId: user.id, userName: user.userName };
    const shell = await getShellUser(them);
    // The password's expiry is GetPasswordExpiry's figure for the user.
    expect(shell.passwordExpiryDays).toBe(await getPasswordExpiry(them, user.id));
    expect(shell).toMatchObject({
      displayName: 'Riley Smith',
      userName: user.userName,
      clientName: 'Harbour Test Lawyers',
      enableTour: true,
      fewRecoveryCodes: null,
    });
  });

  it('api/User/DisableTour clears EnableTour for the caller only', async () => {
    const a = await signedIn(3);
    const b = await signedIn(3, a.clientId);
    await t.db().update(users).set({ enableTour: true }).where(eq(users.clientId, a.clientId));

    const res = await disableTourRoute(req(a.token), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ EnableTour: false });

    expect((await getShellUser(a.actor)).enableTour).toBe(false);
    expect((await getShellUser(b.actor)).enableTour).toBe(true);
  });

  it('api/User/DisableTour requires a signed-in caller', async () => {
    const res = await disableTourRoute(req(), ctx);
    expect(res.status).toBe(401);
  });
});
