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
        await enqueueMail(tx, { to: 'rollback@example.com', kind: 'test', props: { name: 'Rollback' } });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const rows = await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rollback@example.com'));
    expect(rows).toHaveLength(0);
  });

  const otp = (code: string, reference: string) => ({
    firstName: 'Casey',
    userName: 'casey',
    code,
    reference,
    validFor: '5 minutes',
  });

  it('delivers a message to the SMTP server as text and HTML (multipart/alternative) and marks it sent', async () => {
    const { id } = await enqueueMail(t.db(), { to: 'casey@example.com', kind: 'otp', props: otp('123456', 'A1B2') });
    const r = await processOutboxOnce({ smtpUrl: smtp.url });
    expect(r.sent).toBe(1);
    const mail = await smtp.waitFor((m) => m.subject === 'Your JMS Portal sign-in code (ref A1B2)');
    expect(mail.to).toEqual(['casey@example.com']);
    expect(mail.contentType).toBe('multipart/alternative');
    expect(mail.text.split('\n')).toContain('123456');
    expect(mail.html).toMatch(/<html [^>]*lang="en"/);
    expect(mail.html).toMatch(/>123456<\/p>/);
    const [row] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('sent');
  });

  it('sends a sign-in code before notices queued ahead of it: a burst of other mail never holds a code back', async () => {
    for (let i = 1; i <= 12; i++)
      await enqueueMail(t.db(), { to: `burst${i}@example.com`, kind: 'test', props: { name: `Burst ${i}` } });
    const { id } = await enqueueMail(t.db(), { to: 'casey@example.com', kind: 'otp', props: otp('918273', 'Q8R7') });
    const r = await processOutboxOnce({ smtpUrl: smtp.url, batch: 3 });
    expect(r.sent).toBe(3);
    const [code] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(code?.status).toBe('sent');
    await smtp.waitFor((m) => m.subject === 'Your JMS Portal sign-in code (ref Q8R7)');
    // The rest go out oldest first.
    while ((await processOutboxOnce({ smtpUrl: smtp.url, batch: 5 })).sent > 0);
  });

  it('survives an SMTP outage: retries with backoff, then delivers each message exactly once', async () => {
    const before = smtp.received.length;
    await smtp.stop();
    await enqueueMail(t.db(), { to: 'a@example.com', kind: 'test', props: { name: 'Outage 1' } });
    await enqueueMail(t.db(), { to: 'b@example.com', kind: 'test', props: { name: 'Outage 2' } });

    const failed = await processOutboxOnce({ smtpUrl: smtp.url });
    expect(failed.failed).toBe(2);
    const pending = await t.db().select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(pending.map((p) => p.toAddress).sort()).toEqual(['a@example.com', 'b@example.com']);
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
      .flatMap((m) => m.to)
      .sort();
    expect(arrived).toEqual(['a@example.com', 'b@example.com']);
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
    await enqueueMail(t.db(), { to: 'casey@example.com', kind: 'otp', props: otp('482913', 'K7Q2MX') });
    await enqueueMail(t.db(), {
      to: 'casey@example.com',
      kind: 'reset',
      props: { name: 'Casey', userName: 'casey', link: 'http://localhost:3000/ResetNewPassword?url=abc', minutes: 60 },
    });
    const out = await printed(() => processOutboxOnce({ smtpUrl: null }));
    expect(out).toContain('E-MAIL (not sent: no SMTP_URL)\nSubject: Your JMS Portal sign-in code (ref K7Q2MX)\n');
    expect(out).toContain('To: casey@example.com');
    expect(out).toContain('\n482913\n');
    expect(out).toContain('http://localhost:3000/ResetNewPassword?url=abc');
    expect(out).not.toContain('[see outbox]');
  });

  it('with SMTP_URL never prints a code or a link', async () => {
    await enqueueMail(t.db(), { to: 'dana@example.com', kind: 'otp', props: otp('771204', 'P4W9ZT') });
    await enqueueMail(t.db(), {
      to: 'dana@example.com',
      kind: 'reset',
      props: { name: 'Dana', userName: 'dana', link: 'http://localhost:3000/x?token=secret', minutes: 60 },
    });
    const out = await printed(() => processOutboxOnce({ smtpUrl: smtp.url }));
    await smtp.waitFor((m) => m.subject.includes('P4W9ZT'));
    expect(out).not.toContain('771204');
    expect(out).not.toContain('token=secret');
  });

  it('without SMTP_URL keeps the message readable in the outbox as logged', async () => {
    const { id } = await enqueueMail(t.db(), { to: 'nosmtp@example.com', kind: 'test', props: { name: 'Logged' } });
    const r = await processOutboxOnce({ smtpUrl: null });
    expect(r.logged).toBe(1);
    const [row] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'logged' });
    expect(row?.textBody).toContain('Dear Logged,');
  });
});
