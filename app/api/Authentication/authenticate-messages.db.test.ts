/** POST api/Authentication/AuthenticateUser answers an empty or missing OTP with the spec's 'Please enter OTP.' (§8) in its 400. */
import { describe, expect, it } from 'vitest';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { POST as authenticate } from './AuthenticateUser/route';

const ctx = { params: Promise.resolve({}) };
const call = (body: unknown) =>
  authenticate(
    new Request('http://localhost/api/Authentication/AuthenticateUser', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    ctx,
  );

describe('AuthenticateUser without an OTP', () => {
  useTestDatabase();

  it.each([{ OTP: '' }, { OTP: '  ' }, {}, { OTP: null }])('%j: 400 with "Please enter OTP."', async (otp) => {
    const res = await call({ ChallengeId: '0b6a3f5e-2f4c-4d0a-9a57-3b1f1c2d4e5f', ...otp });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields?: Record<string, string[]> } };
    expect(body.error.fields?.OTP).toEqual([MSG.otpRequired]);
  });
});
