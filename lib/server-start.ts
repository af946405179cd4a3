/** Start-up of a server instance (called from instrumentation.ts). */
import { currentHandle } from '@/db/client';
import { config } from '@/lib/config';
import { stopTaskTimer } from '@/lib/core/queue';
import { markShuttingDown } from '@/lib/health';
import { log } from '@/lib/log';
import { warnConsoleMailOnce } from '@/lib/mail/console';
import { startTasks } from '@/lib/tasks';

export async function startServer(): Promise<void> {
  const c = config();
  warnConsoleMailOnce(c.SMTP_URL);
  // The background tasks (mail, digests, webhooks, orphan sweep) on one in-process timer; registered also when
  // their timers are off, so that after() can send a request's mail at once (lib/tasks.ts).
  startTasks();
  process.once('SIGTERM', () => {
    markShuttingDown();
    stopTaskTimer();
    log().info('SIGTERM: readiness failed, draining');
    // Give the platform time to stop routing new requests, then close the pool.
    setTimeout(() => {
      void currentHandle()
        ?.close()
        .finally(() => process.exit(0));
    }, 5_000).unref();
  });
}
