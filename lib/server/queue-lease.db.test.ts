/**
 * The job alert digests and the webhook dispatcher are tasks of the one queue (lib/core/queue.ts): a claim whose
 * runner died mid-way (claimed, never finished) holds its row until its lease ends, and the task is then run again
 * by whichever instance drains next. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, jobAlertDigestItems, jobAlertDigests, webhookDeliveries } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { claimDue } from '@/lib/core/queue';
import { DIGESTS, JOB_ALERT_DIGEST_KIND, sendDueDigests } from '@/lib/jobs/alerts';
import { createWebhookEndpoint } from '@/lib/webhooks/endpoints';
import { DISPATCHER, dispatchEvents } from '@/lib/webhooks/outbox';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser } from '@/test/factories';
import { staffActor } from '@/test/staff';

describe('digests and the webhook dispatcher on the one queue', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2025-06-02T00:00:00Z');
  let restore = () => undefined as void;
  beforeEach(() => {
    restore = setClock(clock);
  });
  afterEach(() => restore());

  it('a digest claimed by a sender that died is sent once its lease ends, and only then', async () => {
    const client = await makeClient();
    const dana = await makeUser({ clientId: client.id, role: 3, jobAlertMode: 'digest' });
    const job = await makeJob({ clientId: client.id, status: 2 });
    await t
      .db()
      .insert(jobAlertDigestItems)
      .values({ userId: dana.id, jobId: job.id, statusId: 2, comment: null, changedAt: clock.now() });
    await t
      .db()
      .insert(jobAlertDigests)
      .values({ userId: dana.id, dueAt: new Date(clock.now().getTime() - 60_000) });
    const digestsTo = () =>
      t
        .db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, dana.email), eq(emailOutbox.kind, JOB_ALERT_DIGEST_KIND)));

    // A sender claims the digest and dies before it writes anything.
    expect(await claimDue(t.db(), DIGESTS, { batch: 10 })).toEqual([{ id: dana.id, attempts: 1 }]);
    // While its lease holds, no other run takes it.
    expect(await sendDueDigests()).toBe(0);
    expect(await digestsTo()).toEqual([]);
    clock.advance(DIGESTS.leaseMs - 1_000);
    expect(await sendDueDigests()).toBe(0);

    // The lease ends: the next run sends it, once, as its second attempt.
    clock.advance(2_000);
    expect(await sendDueDigests()).toBe(1);
    const mails = await digestsTo();
    expect(mails.map((m) => m.subject)).toEqual(['Your JMS job alerts: 1 status change']);
    expect(await t.db().select().from(jobAlertDigests)).toEqual([]);
    expect(await t.db().select().from(jobAlertDigestItems)).toEqual([]);
    expect(await sendDueDigests()).toBe(0);
  });

  it('the webhook dispatcher claimed by an instance that died reads on once its lease ends, and only then', async () => {
    const admin = await staffActor(1);
    await createWebhookEndpoint(admin, { url: 'http://127.0.0.1:9/hooks', events: ['job.created'] });
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id });

    // An instance claims the dispatcher and dies before it reads anything.
    expect(await claimDue(t.db(), DISPATCHER, { batch: 1 })).toEqual([{ id: 1, attempts: 1 }]);
    expect(await dispatchEvents(t.db())).toBe(0);
    clock.advance(DISPATCHER.leaseMs - 1_000);
    expect(await dispatchEvents(t.db())).toBe(0);
    expect(await t.db().select().from(webhookDeliveries)).toEqual([]);

    // The lease ends: the next run reads the job's event and makes its delivery; then nothing is new.
    clock.advance(2_000);
    expect(await dispatchEvents(t.db())).toBe(1);
    const deliveries = await t.db().select().from(webhookDeliveries);
    expect(deliveries.map((d) => [d.eventType, d.orderKey])).toEqual([['job.created', `job:${job.id}`]]);
    expect(await dispatchEvents(t.db())).toBe(0);
  });
});
