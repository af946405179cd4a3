/**
 * Webhooks end to end on the real database and a REAL HTTP receiver (node:http started here): endpoints
 * registered by staff, deliveries made from the committed event log by the real services, Standard Webhooks
 * signatures checked with an independent implementation (the `standardwebhooks` package), retries with
 * backoff after a 500 and a timeout, one job's deliveries strictly in order while the receiver is down and
 * then back, "send again", the SSRF guard and redirects never followed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { ForbiddenError, ValidationError } from '@/lib/core/errors';
import { markInvoicePaid, upsertInvoice } from '@/lib/invoices/issue';
import { invoiceIssueSchema } from '@/lib/invoices/issue-schema';
import { assignJob } from '@/lib/jobs/assign';
import { saveJobFeedback } from '@/lib/jobs/feedback';
import { changeJobStatus } from '@/lib/jobs/workflow';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  resendWebhookDelivery,
  setWebhookEndpointActive,
  webhookDeliveryLog,
} from './endpoints';
import { claimDue, DELIVERY_LEASE_MS, dispatchEvents, retrySchedule } from './outbox';
import { isPrivateAddress, postWebhook } from './send';
import { WEBHOOK_MSG, type WebhookEvent } from './schema';
import { processWebhooksOnce } from './worker';
import { systemPrincipal, userPrincipal } from '@/lib/core/principal';
import { creditNoteSchema, voidInvoiceSchema } from '@/lib/invoices/credit-note-schema';
import { issueCreditNote, voidInvoice } from '@/lib/invoices/credit-notes';

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
}

/** A receiver on a port of its own; `answer` decides each response. */
class Receiver {
  server: Server | null = null;
  port = 0;
  got: Received[] = [];
  answer: (req: IncomingMessage, res: ServerResponse) => void = (_q, res) => res.writeHead(204).end();
  constructor(private secret: () => string) {}

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let verified = false;
        try {
          new Webhook(this.secret()).verify(body, {
            'webhook-id': String(req.headers['webhook-id']),
            'webhook-timestamp': String(req.headers['webhook-timestamp']),
            'webhook-signature': String(req.headers['webhook-signature']),
          });
          verified = true;
        } catch {
          verified = false;
        }
        const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
        this.got.push({ id: String(req.headers['webhook-id']), type: parsed.type, data: parsed.data, verified });
        this.answer(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s)
      await new Promise<void>((r) => {
        s.closeAllConnections();
        s.close(() => r());
      });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }
}

const SEND = { timeoutMs: 1500, allowPrivate: true };
// The default schedule (WEBHOOK_RETRY_SCHEDULE_SECONDS unset).
const { waitsMs: RETRY_SCHEDULE_MS, maxAttempts: MAX_ATTEMPTS } = retrySchedule();

describe('webhooks', () => {
  const t = useTestDatabase();
  // The receiver checks the webhook-timestamp against its own clock (5 minutes' tolerance): keep ours close to real
  // time, and move it forward by hand to pass the backoff.
  const clock = fixedClock(new Date());
  let restore = () => undefined as void;
  let secret = '';
  const receiver = new Receiver(() => secret);

  beforeAll(async () => {
    restore = setClock(clock);
    await receiver.start();
  });
  afterAll(async () => {
    restore();
    await receiver.stop();
  });
  beforeEach(async () => {
    if (!receiver.server) await receiver.start();
    receiver.got = [];
    receiver.answer = (_q, res) => res.writeHead(204).end();
    // Each test starts with a clean outbox: earlier endpoints are disabled.
    await t.db().update(webhookEndpoints).set({ isActive: false });
  });

  async function endpoint(
    events: WebhookEvent[] = ['job.created', 'job.status_changed', 'job.feedback', 'invoice.issued', 'invoice.paid'],
  ) {
    const admin = await staffActor(1);
    const made = await createWebhookEndpoint(admin, { url: receiver.url, description: 'Shop floor', events });
    secret = made.secret;
    return { admin, ...made };
  }

  const run = () => processWebhooksOnce({ send: SEND });
  /** The events written so far become deliveries, none sent. */
  const dispatchOnly = async () => {
    while ((await dispatchEvents(t.db())) > 0);
  };

  /** An invoice of one job: 12.50 before GST, 13.75 payable. */
  const invoiceOfJob = (clientId: number, job: { jmsNumber: string }, number: string) =>
    invoiceIssueSchema.parse({
      ClientId: clientId,
      InvoiceNumber: number,
      JobNumbers: [job.jmsNumber],
      CurrencyCode: 'AUD',
      IssueDate: '2026-11-24',
      DueDate: '2026-12-08',
      Lines: [{ ExtStockId: 'EZ1', Description: 'Copies', Quantity: '10', Amount: '12.50' }],
    });

  it('a void and an adjustment note arrive as invoice.voided and credit_note.issued, signed, with their data', async () => {
    await endpoint(['invoice.voided', 'credit_note.issued']);
    const me = await signedIn(3);
    const system = systemPrincipal('API key "billing"');
    const staff = userPrincipal(await staffActor(2));
    const voided = await makeJob({ clientId: me.clientId });
    await upsertInvoice(system, invoiceOfJob(me.clientId, voided, `INV-V-${voided.id}`));
    await voidInvoice(staff, voidInvoiceSchema.parse({ InvoiceNumber: `INV-V-${voided.id}`, Reason: 'Wrong firm' }));
    const credited = await makeJob({ clientId: me.clientId });
    await upsertInvoice(system, invoiceOfJob(me.clientId, credited, `INV-C-${credited.id}`));
    const note = await issueCreditNote(
      staff,
      creditNoteSchema.parse({ InvoiceNumber: `INV-C-${credited.id}`, Amount: '2.75', Reason: 'Two pages blank' }),
    );

    const r = await run();
    expect(r.attempts.every((a) => a.delivered)).toBe(true);
    // Only the events the endpoint asked for: not the two invoice.issued.
    expect(receiver.got.map((g) => [g.type, g.verified])).toEqual([
      ['invoice.voided', true],
      ['credit_note.issued', true],
    ]);
    expect(receiver.got[0]!.data).toMatchObject({ invoiceNumber: `INV-V-${voided.id}`, reason: 'Wrong firm' });
    expect(receiver.got[1]!.data).toMatchObject({
      invoiceNumber: `INV-C-${credited.id}`,
      creditNoteNumber: note.creditNoteNumber,
      amount: '2.75',
      gst: '0.25',
    });
  });

  it('staff register an endpoint; every event arrives signed (verified independently), with its data', async () => {
    const { admin, id, secret: s } = await endpoint();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await getWebhookEndpoint(admin, id))?.secret).toBe(s);
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId, status: 4 });
    const system = systemPrincipal('API key "shop floor"');
    await changeJobStatus(system, job.id, {
      toStatus: 8,
      comment: 'Left at reception',
      visibility: 'client',
      confirmNoDeliverable: true,
    });
    await saveJobFeedback(me.actor, { jobId: job.id, feedBack: 4, comments: 'Good' });
    const invoice = invoiceOfJob(me.clientId, job, `INV-W-${job.id}`);
    await upsertInvoice(system, invoice);
    await upsertInvoice(system, invoice);
    await markInvoicePaid(system, invoice.InvoiceNumber);

    const r = await run();
    expect(r.attempts.every((a) => a.delivered)).toBe(true);
    expect(receiver.got.map((g) => [g.type, g.verified])).toEqual([
      ['job.created', true],
      ['job.status_changed', true],
      ['job.feedback', true],
      ['invoice.issued', true],
      ['invoice.paid', true],
    ]);
    expect(receiver.got[1]!.data).toMatchObject({
      jobId: job.id,
      jmsNumber: job.jmsNumber,
      clientId: me.clientId,
      status: 8,
      fromStatus: 4,
      toStatus: 8,
      comment: 'Left at reception',
      visibleToClient: true,
    });
    expect(receiver.got[3]!.data).toMatchObject({
      invoiceNumber: invoice.InvoiceNumber,
      jmsNumber: job.jmsNumber,
      amount: '13.75',
      currencyCode: 'AUD',
    });
    // Nothing is sent twice.
    expect((await run()).attempts).toEqual([]);
    expect(receiver.got).toHaveLength(5);
    // A receiver holding another secret does not accept our signature.
    const other = new Webhook('whsec_' + Buffer.alloc(32, 7).toString('base64'));
    expect(() =>
      other.verify('{}', {
        'webhook-id': 'msg_x',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      }),
    ).toThrow();
    // The delivery log shows each attempt with the answer.
    const log = await webhookDeliveryLog(admin, id);
    expect(log.total).toBe(5);
    expect(log.rows[0]!.log).toEqual([expect.objectContaining({ httpStatus: 204, error: null, manual: false })]);
  });

  it('only subscribed events; an endpoint registered later gets only what commits after it', async () => {
    const me = await signedIn(3);
    const before = await makeJob({ clientId: me.clientId, status: 12 });
    await endpoint(['job.status_changed']);
    await makeJob({ clientId: me.clientId, status: 12 });
    await changeJobStatus(systemPrincipal('x'), before.id, { toStatus: 2, visibility: 'client' });
    await run();
    expect(receiver.got.map((g) => [g.type, g.data.jobId])).toEqual([['job.status_changed', before.id]]);
  });

  it('with no endpoint active nothing is read; an endpoint registered after a long history reads only what follows it', async () => {
    const me = await signedIn(3);
    for (let i = 0; i < 3; i++) await makeJob({ clientId: me.clientId, status: 12 });
    // No endpoint wants them: the dispatcher does not read through them.
    expect((await run()).dispatched).toBe(0);
    await endpoint(['job.created']);
    const after = await makeJob({ clientId: me.clientId, status: 12 });
    const r = await run();
    // One event read, the one that committed after the endpoint's start; the three before it are skipped unread.
    expect(r.dispatched).toBe(1);
    expect(receiver.got.map((g) => [g.type, g.data.jobId])).toEqual([['job.created', after.id]]);
  });

  it('retries after a 500 and after a timeout, with backoff, and logs each answer', async () => {
    const { admin, id } = await endpoint(['job.created']);
    const me = await signedIn(3);
    await makeJob({ clientId: me.clientId });
    receiver.answer = (_q, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('database is down');
    const first = await run();
    expect(first.attempts).toMatchObject([{ delivered: false, status: 500, final: false }]);
    // Not due yet: nothing is sent.
    expect((await run()).attempts).toEqual([]);
    // After the first wait: a receiver that does not answer in time.
    clock.advance(RETRY_SCHEDULE_MS[0]!);
    receiver.answer = () => undefined;
    const second = await run();
    expect(second.attempts).toMatchObject([{ delivered: false, status: null, error: 'timed out after 1500 ms' }]);
    clock.advance(RETRY_SCHEDULE_MS[1]! - 1000);
    expect((await run()).attempts).toEqual([]);
    clock.advance(1000);
    receiver.answer = (_q, res) => res.writeHead(200).end('ok');
    expect((await run()).attempts).toMatchObject([{ delivered: true, status: 200 }]);
    const [entry] = (await webhookDeliveryLog(admin, id)).rows;
    expect(entry!.status).toBe('delivered');
    expect(entry!.log.map((l) => [l.httpStatus, l.responseExcerpt, l.error])).toEqual([
      [500, 'database is down', 'HTTP 500'],
      [null, null, 'timed out after 1500 ms'],
      [200, 'ok', null],
    ]);
    // Every attempt carried the same webhook-id.
    expect(new Set(receiver.got.map((g) => g.id)).size).toBe(1);
    // The default schedule keeps trying for more than 24 hours.
    expect(RETRY_SCHEDULE_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(RETRY_SCHEDULE_MS.reduce((s, w) => s + w, 0)).toBeGreaterThan(24 * 3600_000);
  });

  it('gives up after the last attempt; "send again" puts it back in line, and the worker sends it with the same id, logged as manual', async () => {
    const { admin, id } = await endpoint(['job.created']);
    const me = await signedIn(3);
    await makeJob({ clientId: me.clientId });
    receiver.answer = (_q, res) => res.writeHead(503).end();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await run();
      clock.advance(RETRY_SCHEDULE_MS[Math.min(i, RETRY_SCHEDULE_MS.length - 1)]!);
    }
    const [failed] = (await webhookDeliveryLog(admin, id)).rows;
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    clock.advance(48 * 3600_000);
    expect((await run()).attempts).toEqual([]);
    clock.set(new Date());
    receiver.answer = (_q, res) => res.writeHead(202).end();
    const sentBefore = receiver.got.length;
    await resendWebhookDelivery(admin, failed!.id);
    // Queued, not sent by the request itself: waiting, due now, marked as a person's.
    const [queued] = (await webhookDeliveryLog(admin, id)).rows;
    expect(queued).toMatchObject({
      status: 'pending',
      attempts: MAX_ATTEMPTS,
      resendRequested: true,
      nextAttemptAt: clock.now(),
    });
    expect(receiver.got.length).toBe(sentBefore);
    expect((await run()).attempts).toEqual([
      expect.objectContaining({ deliveryId: failed!.id, delivered: true, status: 202, final: true }),
    ]);
    const [after] = (await webhookDeliveryLog(admin, id)).rows;
    expect(after).toMatchObject({ status: 'delivered', attempts: MAX_ATTEMPTS + 1, resendRequested: false });
    expect(after!.log.at(-1)).toMatchObject({ httpStatus: 202, manual: true });
    expect(receiver.got.at(-1)).toMatchObject({ id: failed!.messageId, verified: true });
    // An operator (role 2) may not.
    await expect(resendWebhookDelivery(await staffActor(2), failed!.id)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('"send again" goes through the one queue: refused under a lease; the worker takes it with the queue\'s lease, attempt count and backoff', async () => {
    const { admin, id } = await endpoint(['job.created']);
    const me = await signedIn(3);
    await makeJob({ clientId: me.clientId });
    receiver.answer = (_q, res) => res.writeHead(503).end();
    await run();
    const [waiting] = (await webhookDeliveryLog(admin, id)).rows;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    // The worker claims it (its lease, DELIVERY_LEASE_MS): "send again" is refused, not queued beside it.
    clock.advance(RETRY_SCHEDULE_MS[0]!);
    expect((await claimDue(t.db(), 20)).map((d) => d.id)).toEqual([waiting!.id]);
    await expect(resendWebhookDelivery(admin, waiting!.id)).rejects.toMatchObject({
      status: 409,
      message: WEBHOOK_MSG.deliveryBusy,
    });
    // The worker's claim ran out (a crashed instance): "send again" puts it back in line, due now.
    clock.advance(70_000);
    await resendWebhookDelivery(admin, waiting!.id);
    expect((await webhookDeliveryLog(admin, id)).rows[0]).toMatchObject({
      status: 'pending',
      attempts: 2,
      nextAttemptAt: clock.now(),
    });
    // The receiver still fails: the queue counts the attempt (the 3rd claim) and backs off by its schedule.
    expect((await run()).attempts).toEqual([expect.objectContaining({ delivered: false, status: 503, final: false })]);
    const [backedOff] = (await webhookDeliveryLog(admin, id)).rows;
    expect(backedOff).toMatchObject({ status: 'pending', attempts: 3, resendRequested: false });
    expect(backedOff!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + RETRY_SCHEDULE_MS[2]!);
    // Sent again before that: due now; while the worker sends it, nothing else can claim it.
    await resendWebhookDelivery(admin, waiting!.id);
    let claimedMeanwhile: number[] | null = null;
    receiver.answer = (_q, res) => {
      void claimDue(t.db(), 20).then((c) => {
        claimedMeanwhile = c.map((d) => d.id);
        res.writeHead(200).end();
      });
    };
    expect((await run()).attempts).toEqual([expect.objectContaining({ delivered: true, status: 200, final: true })]);
    expect(claimedMeanwhile).toEqual([]);
    const [done] = (await webhookDeliveryLog(admin, id)).rows;
    expect(done).toMatchObject({ status: 'delivered', attempts: 4 });
    expect(done!.log.map((l) => [l.httpStatus, l.manual])).toEqual([
      [503, false],
      [503, true],
      [200, true],
    ]);
    receiver.answer = (_q, res) => res.writeHead(204).end();
  });

  it('a delivery is held while its receiver is slow (the lease renewed), and an instance that dies leaves it to another within one lease', async () => {
    const { id } = await endpoint(['job.created']);
    const me = await signedIn(3);
    await makeJob({ clientId: me.clientId });
    await dispatchOnly();
    const row = async () =>
      (await t.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)))[0]!;

    // An instance claims the delivery and dies: it never sends, settles or renews. Within one lease it is free.
    const abandoned = await claimDue(t.db(), 20);
    expect(abandoned.map((d) => d.endpointId)).toEqual([id]);
    clock.advance(DELIVERY_LEASE_MS - 1_000);
    expect(await claimDue(t.db(), 20)).toEqual([]);
    clock.advance(2_000);

    // Another instance takes it; its receiver is slow, past the lease: the worker renews the claim while it waits,
    // so a third instance claiming then finds nothing, and the delivery is sent once.
    let claimedMeanwhile: number[] | null = null;
    receiver.answer = (_q, res) => {
      void (async () => {
        const claimedUntil = (await row()).lockedUntil!.getTime();
        // Near the end of the claim's lease, the worker's renewal (every third of the lease) moves it on.
        clock.advance(DELIVERY_LEASE_MS - 1_000);
        const until = Date.now() + 10_000;
        while ((await row()).lockedUntil!.getTime() <= claimedUntil && Date.now() < until)
          await new Promise((r) => setTimeout(r, 100));
        // Past the first lease's end.
        clock.advance(2_000);
        claimedMeanwhile = (await claimDue(t.db(), 20)).map((d) => d.id);
        res.writeHead(204).end();
      })();
    };
    const done = await processWebhooksOnce({ send: { ...SEND, timeoutMs: 15_000 } });
    expect(done.attempts).toEqual([expect.objectContaining({ delivered: true, status: 204, final: true })]);
    expect(claimedMeanwhile).toEqual([]);
    expect(await row()).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.got).toHaveLength(1);
    receiver.answer = (_q, res) => res.writeHead(204).end();
  });

  it('"send again" on a disabled endpoint waits in line until the endpoint is enabled again', async () => {
    const { admin, id } = await endpoint(['job.created']);
    const me = await signedIn(3);
    await makeJob({ clientId: me.clientId });
    await run();
    const [delivered] = (await webhookDeliveryLog(admin, id)).rows;
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    await setWebhookEndpointActive(admin, id, false);
    await resendWebhookDelivery(admin, delivered!.id);
    expect((await run()).attempts).toEqual([]);
    expect((await webhookDeliveryLog(admin, id)).rows[0]).toMatchObject({ status: 'pending', resendRequested: true });
    await setWebhookEndpointActive(admin, id, true);
    expect((await run()).attempts).toEqual([
      expect.objectContaining({ deliveryId: delivered!.id, delivered: true, status: 204 }),
    ]);
    expect((await webhookDeliveryLog(admin, id)).rows[0]!.log.map((l) => l.manual)).toEqual([false, true]);
  });

  it('the receiver is down, five events of one job happen, it comes back: all five arrive once, in order', async () => {
    const { id } = await endpoint(['job.status_changed']);
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId, status: 12 });
    const other = await makeJob({ clientId: me.clientId, status: 12 });
    const port = receiver.port;
    await receiver.stop();
    const system = systemPrincipal('API key "shop floor"');
    const path = [2, 4, 14, 4, 8]; // Started, Ready for delivery, Being delivered, Ready for delivery, Delivered
    for (const [i, to] of path.entries()) {
      await changeJobStatus(system, job.id, { toStatus: to, visibility: 'client', confirmNoDeliverable: true });
      if (i === 0) {
        // While down: only the first of the job is tried (and fails); the others wait behind it.
        const r = await run();
        expect(r.attempts).toHaveLength(1);
        expect(r.attempts[0]!.error).toMatch(/ECONNREFUSED/);
      }
    }
    await changeJobStatus(system, other.id, { toStatus: 2, visibility: 'client' });
    const down = await run();
    // Not due yet for the first job; the other job's delivery is tried on its own (and fails too).
    expect(down.attempts).toHaveLength(1);
    const ours = await t.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(ours.map((d) => d.status).sort()).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(ours.map((d) => d.attempts).sort()).toEqual([0, 0, 0, 0, 1, 1]);

    await receiver.start(port);
    clock.advance(RETRY_SCHEDULE_MS[0]!);
    await run();
    const ofJob = receiver.got.filter((g) => g.data.jobId === job.id);
    expect(ofJob.map((g) => g.data.toStatus)).toEqual(path);
    expect(new Set(ofJob.map((g) => g.id)).size).toBe(5);
    expect(ofJob.every((g) => g.verified)).toBe(true);
    expect(receiver.got.filter((g) => g.data.jobId === other.id)).toHaveLength(1);
    expect((await run()).attempts).toEqual([]);
  });

  it('two workers at once never send one delivery twice', async () => {
    await endpoint(['job.created']);
    const me = await signedIn(3);
    for (let i = 0; i < 12; i++) await makeJob({ clientId: me.clientId });
    const [a, b, c] = await Promise.all([run(), run(), run()]);
    expect(a.attempts.length + b.attempts.length + c.attempts.length).toBe(12);
    expect(receiver.got).toHaveLength(12);
    expect(new Set(receiver.got.map((g) => g.id)).size).toBe(12);
  });

  it('SSRF guard: private and loopback addresses are refused in production; redirects are never followed', async () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a)).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(a)).toBe(false);
    const refused = await postWebhook(receiver.url, {}, '{}', { timeoutMs: 1500, allowPrivate: false });
    expect(refused).toMatchObject({
      status: null,
      error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private or local address/),
    });
    // A name that resolves to loopback is refused too (checked on the resolved address).
    const byName = await postWebhook(`http://localhost:${receiver.port}/hooks`, {}, '{}', {
      timeoutMs: 1500,
      allowPrivate: false,
    });
    expect(byName.error).toMatch(/^refused: localhost is a private or local address/);
    expect(receiver.got).toEqual([]);

    receiver.answer = (_q, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    const redirected = await postWebhook(receiver.url, {}, '{"type":"x","data":{}}', SEND);
    expect(redirected).toMatchObject({ status: 302, error: 'redirect not followed (302)' });
    expect(receiver.got).toHaveLength(1);

    // Registering such an address in production is refused at the form.
    const prev = process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'false';
    const { resetConfigForTests: resetConfig } = await import('@/lib/config');
    resetConfig();
    try {
      const admin = await staffActor(1);
      await expect(
        createWebhookEndpoint(admin, { url: 'http://10.0.0.5/hook', events: ['job.created'] }),
      ).rejects.toMatchObject({ fields: { url: [WEBHOOK_MSG.privateAddress] } });
    } finally {
      if (prev === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
      else process.env.WEBHOOK_ALLOW_PRIVATE_URLS = prev;
      resetConfig();
    }
  });

  it('validates the form with one schema; disabling stops deliveries; operators may not manage endpoints', async () => {
    const admin = await staffActor(1);
    await expect(
      createWebhookEndpoint(admin, { url: 'ftp://example.com/x', events: ['job.created'] }),
    ).rejects.toMatchObject({ fields: { url: [WEBHOOK_MSG.url] } });
    await expect(
      createWebhookEndpoint(admin, { url: 'https://user:pw@example.com/x', events: ['job.created'] }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(createWebhookEndpoint(admin, { url: 'https://example.com/x', events: [] })).rejects.toMatchObject({
      fields: { events: [WEBHOOK_MSG.events] },
    });
    await expect(
      createWebhookEndpoint(admin, { url: 'https://example.com/x', events: ['job.deleted' as never] }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      createWebhookEndpoint(await staffActor(2), { url: 'https://example.com/x', events: ['job.created'] }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listWebhookEndpoints((await signedIn(4)).actor)).rejects.toBeInstanceOf(ForbiddenError);

    const { id } = await endpoint(['job.created']);
    await setWebhookEndpointActive(admin, id, false);
    const me = await signedIn(3);
    await makeJob({ clientId: me.clientId });
    await run();
    expect(receiver.got).toEqual([]);
    expect((await listWebhookEndpoints(admin)).find((e) => e.id === id)).toMatchObject({ isActive: false, pending: 0 });
  });

  it('the operator’s events arrive too: job.assigned, and payment.received then invoice.paid when an invoice is marked paid', async () => {
    await endpoint(['job.assigned', 'invoice.paid', 'payment.received']);
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId, status: 4 });
    const owner = await makeUser({ role: 2, clientId: null, firstName: 'Olive', lastName: 'Owner' });
    await assignJob(systemPrincipal('API key "shop floor"'), job.id, { assigneeId: owner.id });
    const invoice = invoiceOfJob(me.clientId, job, `INV-WA-${job.id}`);
    await upsertInvoice(systemPrincipal('Billing'), invoice);
    await markInvoicePaid(systemPrincipal('Billing'), invoice.InvoiceNumber);

    expect((await run()).attempts.every((a) => a.delivered)).toBe(true);
    // Each job's and each invoice's events in order; the two queues may interleave.
    expect(receiver.got.map((g) => [g.type, g.verified]).sort()).toEqual([
      ['invoice.paid', true],
      ['job.assigned', true],
      ['payment.received', true],
    ]);
    const got = (type: string) => receiver.got.find((g) => g.type === type)!.data;
    expect(got('job.assigned')).toMatchObject({
      jobId: job.id,
      jmsNumber: job.jmsNumber,
      assignedToId: owner.id,
      assignedTo: 'Olive Owner',
    });
    expect(got('payment.received')).toMatchObject({
      invoiceNumber: invoice.InvoiceNumber,
      amount: '13.75',
      currencyCode: 'AUD',
      reference: 'Marked paid by Billing',
    });
  });
});
