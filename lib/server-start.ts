/** Start-up of a server instance (called from instrumentation.ts). */
import { currentHandle } from '@/db/client';
import { config } from '@/lib/config';
import { markShuttingDown } from '@/lib/health';
import { log } from '@/lib/log';
import { startOrphanSweep, stopOrphanSweep } from '@/lib/documents/sweep';
import { warnConsoleMailOnce } from '@/lib/mail/console';
import { startMailWorker, stopMailWorker } from '@/lib/mail/worker';
import { startWebhookWorker, stopWebhookWorker } from '@/lib/webhooks/worker';

export async function startServer(): Promise<void> {
  const c = config();
  warnConsoleMailOnce(c.SMTP_URL);
  startMailWorker();
  startWebhookWorker();
  startOrphanSweep();
  process.once('SIGTERM', () => {
    markShuttingDown();
    stopMailWorker();
    stopWebhookWorker();
    stopOrphanSweep();
    log().info('SIGTERM: readiness failed, draining');
    // Give the platform time to stop routing new requests, then close the pool.
    setTimeout(() => {
      void currentHandle()
        ?.close()
        .finally(() => process.exit(0));
    }, 5_000).unref();
  });
}
