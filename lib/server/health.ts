/** Readiness: the database answers a trivial query. Failed readiness during shutdown (SIGTERM). */
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';

const g = globalThis as unknown as { __jmsShuttingDown?: boolean };

export function markShuttingDown(): void {
  g.__jmsShuttingDown = true;
}

export async function readiness(): Promise<{ ready: boolean; reason?: string }> {
  if (g.__jmsShuttingDown) return { ready: false, reason: 'shutting down' };
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return { ready: true };
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
}
