/** The staff's e-mail previews (/Ops/Emails): every kind of the catalogue, and a test sent for real to oneself. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError } from '@/lib/core/errors';
import { MAIL_CATALOGUE, MAIL_KINDS } from '@/lib/mail/catalogue';
import { processOutboxOnce } from '@/lib/mail/worker';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { mailPreviews, previewKindSchema, PREVIEW_MSG, sendMailPreview } from './mail-previews';

describe('e-mail previews for staff', () => {
  useTestDatabase();
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('lists every kind of the catalogue, each rendered in HTML and text with its sample data', async () => {
    const previews = await mailPreviews(await staffActor(2));
    expect(previews.map((p) => p.kind)).toEqual(MAIL_KINDS);
    for (const p of previews) {
      expect(p.audience).toBe(MAIL_CATALOGUE[p.kind].audience);
      expect(p.subject.trim()).not.toBe('');
      expect(p.html).toMatch(/^<!DOCTYPE html[^>]*><html [^>]*lang="en"/);
      expect(p.text.trim()).not.toBe('');
    }
  });

  it('refuses a firm’s user, and a kind that is not in the catalogue', async () => {
    const client = (await signedIn(4)).actor;
    await expect(mailPreviews(client)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(sendMailPreview(client, 'test')).rejects.toBeInstanceOf(ForbiddenError);
    const bad = previewKindSchema.safeParse('newsletter');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(PREVIEW_MSG.kind);
  });

  it('sends the chosen e-mail with its sample data to the staff user’s own address, multipart, over SMTP', async () => {
    const staff = await staffActor(1);
    const r = await sendMailPreview(staff, 'order-confirmation');
    expect(r).toMatchObject({ sent: true });
    const to = r.sent ? r.to : '';
    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor((m) => m.to.includes(to) && m.subject.startsWith('Order confirmed: job JMS-01042'));
    expect(mail.text).toContain('Files received (2):');
    expect(mail.html).toContain('Discovery-bundle.pdf');
  });
});
