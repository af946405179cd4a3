/**
 * POST api/Authentication/AuthenticateUser with the credential triple {UserName, Password, OTP} sent many times at
 * once with one right authenticator or recovery code, as a caller retrying in parallel does: exactly one token, and
 * the others are told the code was used without counting as failed sign-ins, so the account is never locked.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import { confirmEnrolment, startEnrolment } from '@/lib/auth/two-factor';
import { useTestDatabase } from '@/test/db';
import { signedIn, TEST_PASSWORD } from '@/test/factories';
import { POST as authenticate } from '@/app/api/Authentication/AuthenticateUser/route';

const ctx = { params: Promise.resolve({}) };
const PARALLEL = 40;

interface Answer {
  IsLoggedIn: boolean;
  jwtToken: string | null;
  IsAccountLocked: boolean;
  Message: string | null;
}

async function call(body: unknown): Promise<Answer> {
  const res = await authenticate(
    new Request('http://localhost/api/Authentication/AuthenticateUser', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    ctx,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

describe('AuthenticateUser: the credential triple sent in parallel with one right code', () => {
  const t = useTestDatabase();
  let restore: () => void = () => undefined;
  beforeEach(() => {
    // Enrolment happens in the past, so the code of the real present is a newer one than the code it accepted.
    restore = setClock(fixedClock('2026-05-04T02:00:10Z'));
  });
  afterEach(() => restore());

  async function enrolled() {
    const s = await signedIn(3);
    const init = await startEnrolment(s.actor);
    const epoch = Math.floor(new Date('2026-05-04T02:00:10Z').getTime() / 1000);
    const { RecoveryCodes } = await confirmEnrolment(s.actor, await generate({ secret: init.Secret, epoch }));
    // From here on the real clock: the parallel calls really interleave, and their times are real.
    restore();
    return { userName: s.user.userName, id: s.user.id, secret: init.Secret, recovery: RecoveryCodes };
  }
  const lockout = async (id: number) =>
    (
      await t
        .db()
        .select({ failed: users.failedLoginAttempts, locked: users.isLocked })
        .from(users)
        .where(eq(users.id, id))
    )[0];

  it.each(['app', 'recovery'] as const)(
    'with the %s code: one token; the others told the code was used; no failure counted, never locked',
    async (kind) => {
      const u = await enrolled();
      const code =
        kind === 'app'
          ? await generate({ secret: u.secret, epoch: Math.floor(Date.now() / 1000) })
          : (u.recovery[0] ?? '');
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => call({ UserName: u.userName, Password: TEST_PASSWORD, OTP: code })),
      );
      const winners = answers.filter((a) => a.IsLoggedIn);
      expect(winners).toHaveLength(1);
      expect(winners[0]?.jwtToken).toEqual(expect.any(String));
      const losers = answers.filter((a) => !a.IsLoggedIn);
      expect(losers.map((a) => [a.jwtToken, a.IsAccountLocked, a.Message])).toEqual(
        Array.from({ length: PARALLEL - 1 }, () => [null, false, TWO_FACTOR_MSG.codeUsed]),
      );
      expect(await lockout(u.id)).toEqual({ failed: 0, locked: false });
    },
  );
});
