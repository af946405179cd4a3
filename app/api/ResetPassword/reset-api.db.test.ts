/** The legacy password-reset handlers called in-process like a real caller: JSON bodies, status codes, answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueResetToken } from '@/lib/auth/reset';
import { config } from '@/lib/config';
import { processOutboxOnce } from '@/lib/mail/worker';
import { RESET_RESULT_HEADER } from '@/lib/legacy/settings';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { POST as forcedChange } from '../Authentication/resetPassword/route';
import { POST as checkLink } from './CheckPasswordExpiryLink/route';
import { POST as resetPassword } from './ResetPassword/route';
import { POST as sendResetEmail } from './SendResetPasswordEmail/route';

const ctx = { params: Promise.resolve({}) };
const CURRENT = 'Tomato#Kiwi40';
const NEW = 'Harbour#Vale2026';

function post(path: string, body: unknown, raw?: string): Request {
  return new Request(`http://localhost/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Host: 'evil.example.net', 'X-Forwarded-Host': 'evil.example.net' },
    body: raw ?? JSON.stringify(body),
  });
}

const MALFORMED: { body?: unknown; raw?: string }[] = [
  { raw: '{not json' },
  { raw: '' },
  { body: 42 },
  { body: [1, 2] },
  { body: null },
  { body: { EmailId: { $ne: null } } },
  { body: { EmailId: 'x'.repeat(100_000) } },
  { body: { EmailId: '<script>alert(1)</script>' } },
  { body: { EmailId: 'not-an-email' } },
];

describe('api/ResetPassword', () => {
  const t = useTestDatabase();
  const user = async () => makeUser({ clientId: (await makeClient()).id, password: CURRENT });
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.stop());

  it('SendResetPasswordEmail answers true for a known and an unknown address; the link uses APP_URL, not the Host header', async () => {
    const u = await user();
    const known = await sendResetEmail(post('ResetPassword/SendResetPasswordEmail', { EmailId: u.email }), ctx);
    const unknown = await sendResetEmail(
      post('ResetPassword/SendResetPasswordEmail', { EmailId: 'nobody.at.all@example.com' }),
      ctx,
    );
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect([await known.json(), await unknown.json()]).toEqual([true, true]);
    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor((m) => m.to.includes(u.email));
    expect(mail.text).toContain(`${config().appUrl}/ResetNewPassword?url=`);
    expect(mail.text).not.toContain('evil.example.net');
    expect(smtp.received.filter((m) => m.to.includes('nobody.at.all@example.com'))).toHaveLength(0);
  });

  it('SendResetPasswordEmail: malformed bodies are a 400, never a 500', async () => {
    for (const m of MALFORMED) {
      const res = await sendResetEmail(post('ResetPassword/SendResetPasswordEmail', m.body, m.raw), ctx);
      expect(res.status, JSON.stringify(m).slice(0, 60)).toBe(400);
      expect((await res.json()).error.status).toBe(400);
    }
  });

  it('CheckPasswordExpiryLink: true valid, false used, null unknown; bare or wrapped hash', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    const check = async (body: unknown) =>
      (await checkLink(post('ResetPassword/CheckPasswordExpiryLink', body), ctx)).json();
    expect(await check(token)).toBe(true);
    expect(await check({ UserHash: token })).toBe(true);
    expect(await check({ UserHash: 'A'.repeat(43) })).toBeNull();
    await resetPassword(post('ResetPassword/ResetPassword', { UserHash: token, NewPassword: NEW }), ctx);
    expect(await check({ UserHash: token })).toBe(false);
    for (const body of [42, { UserHash: 42 }, { UserHash: 'x'.repeat(10_000) }, {}]) {
      expect((await checkLink(post('ResetPassword/CheckPasswordExpiryLink', body), ctx)).status).toBe(400);
    }
  });

  it('ResetPassword: 0 for a recent password, 1 for success, null for a used link; 400 for a weak password', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forgot');
    const call = (body: unknown) => resetPassword(post('ResetPassword/ResetPassword', body), ctx);
    expect(await (await call({ UserHash: token, NewPassword: CURRENT })).json()).toBe(0);
    const weak = await call({ UserHash: token, NewPassword: 'abc' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error.fields.NewPassword.length).toBeGreaterThan(0);
    expect(await (await call({ UserHash: token, NewPassword: NEW })).json()).toBe(1);
    expect(await (await call({ UserHash: token, NewPassword: 'Mango#Lime7x9' })).json()).toBeNull();
    for (const body of [{ NewPassword: NEW }, { UserHash: token }, { UserHash: token, NewPassword: 7 }, 'x', []]) {
      expect((await call(body)).status).toBe(400);
    }
  });

  it('ResetPassword: 0 for the password the user started with, after a reset to another one', async () => {
    // The starting password was written with the user (as the demo data does), not set through the portal.
    const u = await user();
    const call = async (NewPassword: string) =>
      (
        await resetPassword(
          post('ResetPassword/ResetPassword', { UserHash: await issueResetToken(t.db(), u.id, 'forgot'), NewPassword }),
          ctx,
        )
      ).json();
    expect(await call(NEW)).toBe(1);
    expect(await call(CURRENT)).toBe(0);
  });

  it('Authentication/resetPassword (forced change): always the boolean; why a false in X-Password-Reset-Result (reused, invalid); bad input a 400', async () => {
    const u = await user();
    const token = await issueResetToken(t.db(), u.id, 'forced', 15);
    const call = (body: unknown) => forcedChange(post('Authentication/resetPassword', body), ctx);
    // A recent password: the boolean the spec's callers read (false), the reason beside it (decision 018).
    const reused = await call({ UserHash: token, NewPassword: CURRENT, ConfirmPassword: CURRENT });
    expect(reused.status).toBe(200);
    expect(await reused.json()).toBe(false);
    expect(reused.headers.get(RESET_RESULT_HEADER)).toBe('reused');
    const mismatch = await call({ UserHash: token, NewPassword: NEW, ConfirmPassword: `${NEW}x` });
    expect(mismatch.status).toBe(400);
    const done = await call({ UserHash: token, NewPassword: NEW, ConfirmPassword: NEW });
    expect(await done.json()).toBe(true);
    expect(done.headers.get(RESET_RESULT_HEADER)).toBe('done');
    // The link is spent.
    const dead = await call({ UserHash: token, NewPassword: 'Mango#Lime7x9', ConfirmPassword: 'Mango#Lime7x9' });
    expect(await dead.json()).toBe(false);
    expect(dead.headers.get(RESET_RESULT_HEADER)).toMatch(/^(invalid|expired)$/);
  });
});
