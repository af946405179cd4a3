import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { setClock, fixedClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { enqueueMail } from './outbox';
import { processOutboxOnce } from './worker';

describe('mail outbox', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  const clock = fixedClock('2026-11-20T01:00:00Z');
  let restore = () => undefined as void;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    restore = setClock(clock);
  });
  afterAll(async () => {
    restore();
    await smtp.stop();
  });

  it('does not exist when the transaction that wrote it rolls back', async () => {
    await expect(
      t.db().transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.com', subject: 'never', text: 'x', kind: 'test' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const rows = await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rollback@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('delivers a message to the SMTP server and marks it sent', async () => {
    const { id } = await enqueueMail(t.db(), {
      to: 'casey@example.com',
      subject: 'Your one-time passcode',
      text: 'Code: 123456',
      kind: 'otp',
    });
    const r = await processOutboxOnce({ smtpUrl: smtp.url });
    expect(r.sent).toBe(1);
    const mail = await smtp.waitFor((m) => m.subject === 'Your one-time passcode');
    expect(mail.to).toEqual(['casey@example.com']);
    expect(mail.text).toContain('Code: 123456');
    const [row] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('sent');
  });

  it('survives an SMTP outage: retries with backoff, then delivers each message exactly once', async () => {
    const before = smtp.received.length;
    await smtp.stop();
    await enqueueMail(t.db(), { to: 'a@example.com', subject: 'Outage 1', text: 'one', kind: 'test' });
    await enqueueMail(t.db(), { to: 'b@example.com', subject: 'Outage 2', text: 'two', kind: 'test' });

    const failed = await processOutboxOnce({ smtpUrl: smtp.url });
    expect(failed.failed).toBe(2);
    const pending = await t.db().select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(pending.map((p) => p.subject).sort()).toEqual(['Outage 1', 'Outage 2']);
    expect(pending.every((p) => p.attempts === 1 && p.lastError)).toBe(true);

    // Not due yet: a run right away sends nothing.
    await smtp.start();
    expect((await processOutboxOnce({ smtpUrl: smtp.url })).sent).toBe(0);

    clock.advance(10 * 60_000);
    const recovered = await processOutboxOnce({ smtpUrl: smtp.url });
    expect(recovered.sent).toBe(2);
    // Later runs send nothing again.
    expect((await processOutboxOnce({ smtpUrl: smtp.url })).sent).toBe(0);
    const arrived = smtp.received
      .slice(before)
      .map((m) => m.subject)
      .sort();
    expect(arrived).toEqual(['Outage 1', 'Outage 2']);
  });

  /** What the worker writes on standard output while `run` runs. */
  async function printed(run: () => Promise<unknown>): Promise<string> {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      return true;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return out;
  }

  it('without SMTP_URL prints each e-mail whole, its code and link included, so a newcomer can sign in', async () => {
    const text =
      'Your one-time passcode (OTP) for signing in to the JMS Portal as casey is: 482913\n\nhttp://localhost:3000/ResetNewPassword?token=abc';
    await enqueueMail(t.db(), {
      to: 'casey@example.com',
      subject: 'JMS Portal sign-in code (ref K7Q2MX)',
      text,
      kind: 'otp',
    });
    const out = await printed(() => processOutboxOnce({ smtpUrl: null }));
    expect(out).toContain('E-MAIL (not sent: no SMTP_URL)\nSubject: JMS Portal sign-in code (ref K7Q2MX)\n');
    expect(out).toContain('To: casey@example.com');
    expect(out).toContain('is: 482913');
    expect(out).toContain('http://localhost:3000/ResetNewPassword?token=abc');
    expect(out).not.toContain('[see outbox]');
  });

  it('with SMTP_URL never prints a code or a link', async () => {
    await enqueueMail(t.db(), {
      to: 'dana@example.com',
      subject: 'JMS Portal sign-in code (ref P4W9ZT)',
      text: 'Code is: 771204 http://localhost:3000/x?token=secret',
      kind: 'otp',
    });
    const out = await printed(() => processOutboxOnce({ smtpUrl: smtp.url }));
    await smtp.waitFor((m) => m.subject.includes('P4W9ZT'));
    expect(out).not.toContain('771204');
    expect(out).not.toContain('token=secret');
  });

  it('without SMTP_URL keeps the message readable in the outbox as logged', async () => {
    const { id } = await enqueueMail(t.db(), {
      to: 'nosmtp@example.com',
      subject: 'Logged',
      text: 'body',
      kind: 'test',
    });
    const r = await processOutboxOnce({ smtpUrl: null });
    expect(r.logged).toBe(1);
    const [row] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'logged', textBody: 'body' });
  });
});
