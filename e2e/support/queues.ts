/**
 * The e2e portal's background queues, drained on demand: the portal is started with this CRON_SECRET
 * (playwright.config.ts), so a spec can call the cron route (GET /api/cron/run) to run every task now. When it
 * answers, every mail queued before the call has been handed to the SMTP server (or has failed), whichever trigger
 * had taken it: a drain asked for while the in-process timer's runs goes round once more and waits for it
 * (lib/core/queue.ts drainTask). A spec that must know "nothing else was sent" waits for this instead of a sleep.
 */
import { APP_URL } from './ports';

export const E2E_CRON_SECRET = 'e2e-cron-secret-of-the-test-portal';

/** Runs every background task of the portal at `baseUrl` now, and waits until the drain is over. */
export async function drainQueues(baseUrl = APP_URL): Promise<void> {
  const res = await fetch(`${baseUrl}/api/cron/run`, { headers: { authorization: `Bearer ${E2E_CRON_SECRET}` } });
  if (!res.ok) throw new Error(`the cron route answered ${res.status}: ${await res.text()}`);
  const report = (await res.json()) as { tasks: Record<string, { error?: string }> };
  const failed = Object.entries(report.tasks).filter(([, t]) => t.error);
  if (failed.length) throw new Error(`background tasks failed: ${JSON.stringify(failed)}`);
}
