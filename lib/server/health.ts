/**
 * Readiness: the database answers a trivial query within DB_READY_TIMEOUT_MS. A pool that cannot serve a query
 * that soon (a database that is down, connections that hang) fails readiness, so a load balancer stops sending
 * requests here instead of letting them wait. Failed readiness during shutdown (SIGTERM).
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { config } from '@/lib/config';

const g = globalThis as unknown as { __jmsShuttingDown?: boolean };

export function markShuttingDown(): void {
  g.__jmsShuttingDown = true;
}

export async function readiness(): Promise<{ ready: boolean; reason?: string }> {
  if (g.__jmsShuttingDown) return { ready: false, reason: 'shutting down' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), config().DB_READY_TIMEOUT_MS);
  });
  const query = (async () => {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return 'answered' as const;
  })();
  try {
    const outcome = await Promise.race([query, late]);
    if (outcome === 'late') {
      // The query still runs on; its outcome (a late answer or an error) matters no more.
      query.catch(() => undefined);
      return { ready: false, reason: 'database not answering' };
    }
    return { ready: true };
  } catch {
    return { ready: false, reason: 'database unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
