/**
 * The cron route (GET /api/cron/run, lib/server/cron.ts) with real parts: 404 while CRON_SECRET is unset, 401 without
 * the secret or with a wrong one; with it, one call drains every queue (payment reminders among them) — an outbox
 * mail arrives at a real SMTP server, a due job alert digest is sent, a webhook delivery reaches a real HTTP
 * receiver, an orphaned file is swept.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/cron/run/route';
import { emailOutbox, jobAlertDigestItems, jobAlertDigests, webhookDeliveries } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { newStorageKey } from '@/lib/documents/storage-contract';
import { fileStorage } from '@/lib/documents/storage';
import { enqueueMail } from '@/lib/mail/outbox';
import { createWebhookEndpoint } from '@/lib/webhooks/endpoints';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';

const SECRET = 'cron-secret-for-the-test-0123456789';
const call = (authorization?: string) =>
  GET(new Request('http://localhost/api/cron/run', { headers: authorization ? { authorization } : {} }));

describe('GET /api/cron/run', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  let receiver: Server;
  const got: { type: string; id: string }[] = [];
  // A day and more after now, so that a file written now is old enough for the sweep.
  const clock = fixedClock(new Date(Date.now() + 25 * 3_600_000));
  let restore = () => undefined as void;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        got.push({ type: (JSON.parse(body) as { type: string }).type, id: String(req.headers['webhook-id']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    restore = setClock(clock);
  });
  afterAll(async () => {
    restore();
    delete process.env.CRON_SECRET;
    delete process.env.SMTP_URL;
    resetConfigForTests();
    await smtp.stop();
    await new Promise<void>((r) => {
      receiver.closeAllConnections();
      receiver.close(() => r());
    });
  });

  it('is disabled (404) while CRON_SECRET is unset, whatever is sent', async () => {
    delete process.env.CRON_SECRET;
    resetConfigForTests();
    expect((await call()).status).toBe(404);
    expect((await call(`Bearer ${SECRET}`)).status).toBe(404);
  });

  it('answers 401 without the secret or with a wrong one, and runs nothing', async () => {
    process.env.CRON_SECRET = SECRET;
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    const { id } = await enqueueMail(t.db(), {
      to: 'waiting@example.com',
      kind: 'test',
      props: { name: 'Not before the secret' },
    });
    for (const auth of [
      undefined,
      `Bearer ${SECRET}x`,
      `Bearer ${SECRET.slice(0, -1)}`,
      SECRET,
      `Basic ${SECRET}`,
      'Bearer ',
    ]) {
      const res = await call(auth);
      expect(res.status, String(auth)).toBe(401);
      expect(await res.json()).toEqual({ error: { status: 401, message: 'A valid cron secret is required.' } });
    }
    const [row] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('pending');
  });

  it('with the secret, drains every queue: mail, the due digest, webhooks and the orphan sweep', async () => {
    const admin = await staffActor(1);
    await createWebhookEndpoint(admin, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['job.created'],
    });
    const client = await makeClient();
    const dana = await makeUser({ clientId: client.id, role: 3, jobAlertMode: 'digest', firstName: 'Dana' });
    const job = await makeJob({ clientId: client.id, status: 2 });
    await t
      .db()
      .insert(jobAlertDigestItems)
      .values({ userId: dana.id, jobId: job.id, statusId: 2, comment: null, changedAt: clock.now() });
    await t
      .db()
      .insert(jobAlertDigests)
      .values({ userId: dana.id, dueAt: new Date(clock.now().getTime() - 60_000) });
    const orphan = newStorageKey();
    await fileStorage().put(orphan, Buffer.from('bytes no row names'));
    await enqueueMail(t.db(), {
      to: 'casey@example.com',
      kind: 'otp',
      props: { firstName: 'Casey', userName: 'casey', code: '424242', reference: 'C9R0', validFor: '5 minutes' },
    });

    const res = await call(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    const report = (await res.json()) as { ms: number; tasks: Record<string, { handled: number; error?: string }> };
    expect(Object.keys(report.tasks)).toEqual(['digests', 'payment-reminders', 'mail', 'webhooks', 'orphan-sweep']);
    expect(report.tasks.digests).toEqual({ handled: 1 });
    // The earlier test's mail, the passcode and the digest.
    expect(report.tasks.mail).toEqual({ handled: 3 });
    expect(report.tasks.webhooks?.handled).toBeGreaterThanOrEqual(2);
    expect(report.tasks['orphan-sweep']?.handled).toBeGreaterThanOrEqual(1);

    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'JMS Portal test e-mail',
      'Your JMS Portal sign-in code (ref C9R0)',
      'Your JMS job alerts: 1 status change',
    ]);
    expect(smtp.received.find((m) => m.subject.endsWith('(ref C9R0)'))?.text.split('\n')).toContain('424242');
    expect(got.map((g) => g.type)).toEqual(['job.created']);
    const [delivery] = await t.db().select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await fileStorage().exists(orphan)).toBe(false);
    expect(await t.db().select().from(jobAlertDigests)).toEqual([]);

    // Nothing is left: a second call handles nothing.
    const again = (await (await call(`Bearer ${SECRET}`)).json()) as typeof report;
    expect(Object.values(again.tasks).map((x) => x.handled)).toEqual([0, 0, 0, 0, 0]);
  });
});
