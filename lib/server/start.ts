/** Start-up of a server instance (called from instrumentation.ts). */
import { sql } from 'drizzle-orm';
import { currentHandle, getHandle, type DbHandle } from '@/db/client';
import { dummyHash } from '@/lib/auth/password';
import { config } from '@/lib/config';
import { stopTaskTimer } from '@/lib/core/queue';
import { markShuttingDown } from '@/lib/server/health';
import { log } from '@/lib/log';
import { warnConsoleMailOnce } from '@/lib/mail/console';
import { startTasks } from '@/lib/server/tasks';

export interface StartOptions {
  /** Makes the embedded database ready (migrations, reference and demo data); answers whether the demo data was seeded. */
  prepareEmbedded?: (handle: DbHandle, demoPassword: string) => Promise<boolean>;
}

/**
 * What the first requests of an instance would otherwise pay for, done before it serves (a sign-in code
 * within 2 s on a cold instance): the database opened and its catalog read for the sign-in's tables, and argon2's
 * native module loaded with its first hash (the sign-in of an unknown user verifies against it).
 */
async function warmUp(): Promise<void> {
  const db = (await getHandle()).db;
  await Promise.all([
    db.execute(sql`select (select count(*) from users where false) + (select count(*) from clients where false)
      + (select count(*) from client_security_policies where false) + (select count(*) from sign_in_otps where false)
      + (select count(*) from sessions where false) + (select count(*) from audit_log where false)
      + (select count(*) from email_outbox where false) as n`),
    dummyHash(),
  ]);
}

export async function startServer(opts: StartOptions = {}): Promise<void> {
  const c = config();
  warnConsoleMailOnce(c.SMTP_URL);
  if (c.embedded && opts.prepareEmbedded) {
    const started = Date.now();
    const seeded = await opts.prepareEmbedded(await getHandle(), c.DEMO_PASSWORD);
    if (seeded) console.log(`Demo data seeded. (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // The background tasks (mail, digests, webhooks, orphan sweep) on one in-process timer; registered also when
  // their timers are off, so that after() can send a request's mail at once (lib/server/tasks.ts).
  startTasks();
  await warmUp().catch((e: unknown) => log().warn({ err: e }, 'warm-up failed (the first requests will do it)'));
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
