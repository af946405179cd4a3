/**
 * The webhook worker, like the mail worker (lib/mail/worker.ts): the task 'webhooks' (lib/server/tasks.ts) turns newly
 * committed events into deliveries and sends what is due — every WEBHOOK_WORKER_INTERVAL_MS on the in-process
 * timer, and from the cron route. Claims are FOR UPDATE SKIP LOCKED with a lease (the one queue,
 * lib/core/queue.ts), so any number of instances can run it; a receiver that is down delays its deliveries
 * (retried with backoff for about 27.6 hours), it never loses one.
 */
import { getDb, type Db } from '@/db/client';
import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { whileLeased } from '@/lib/core/queue';
import { attemptDelivery, claimDue, deliveries, dispatchEvents, type AttemptResult } from './outbox';
import type { SendOptions } from './send';

export interface WebhookRunResult {
  dispatched: number;
  attempts: AttemptResult[];
}

/**
 * One run: dispatch all new events, then send in rounds — each round claims the deliveries first in line for
 * their endpoint and job and sends them concurrently; a delivered one lets the next of its job go in the next
 * round. Stops when nothing is due or after `maxRounds`.
 */
export async function processWebhooksOnce(
  opts: { db?: Db; batch?: number; maxRounds?: number; send?: SendOptions } = {},
): Promise<WebhookRunResult> {
  const db = opts.db ?? (await getDb());
  let dispatched = 0;
  for (;;) {
    const n = await dispatchEvents(db);
    dispatched += n;
    if (n === 0) break;
  }
  const attempts: AttemptResult[] = [];
  for (let round = 0; round < (opts.maxRounds ?? 50); round++) {
    const claimed = await claimDue(db, opts.batch ?? 20);
    if (claimed.length === 0) break;
    // Each claim is held for as long as its attempt takes (a row's attempt count is its claim's fencing token).
    const claims = claimed.map((d) => ({ id: d.id, attempts: d.attempts }));
    const round = await whileLeased(db, deliveries(), claims, (release) =>
      Promise.all(
        claimed.map(async (d) => {
          try {
            return await attemptDelivery(db, d, { send: opts.send });
          } finally {
            release(d.id);
          }
        }),
      ),
    );
    attempts.push(...round);
  }
  return { dispatched, attempts };
}

/** The task of lib/server/tasks.ts: one run; answers how many events and attempts it handled. */
export async function webhookTaskRun(): Promise<number> {
  const r = await processWebhooksOnce();
  const failed = r.attempts.filter((a) => !a.delivered).length;
  if (failed) log().warn({ failed, sent: r.attempts.length - failed }, 'webhook deliveries failed (will be retried)');
  return r.dispatched + r.attempts.length;
}

/** The in-process timer's period for webhooks (null: WEBHOOK_WORKER_ENABLED=false). */
export function webhookTimerMs(): number | null {
  const c = config();
  return c.WEBHOOK_WORKER_ENABLED ? c.WEBHOOK_WORKER_INTERVAL_MS : null;
}
