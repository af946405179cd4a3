/**
 * The insufficient-rights e-mail (spec §6, §8): a signed-in user reached a page their role may
 * not open; support is told who, which client and which page, through the outbox. The same user
 * and page are reported at most once every REPEAT_MINUTES (the audit row remembers), so a
 * reloading page cannot flood the support mailbox.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { auditLog, clients, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { auditAuth } from '@/lib/auth/audit';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { roleName } from '@/lib/reference';

export const REPEAT_MINUTES = 10;
export { INSUFFICIENT_RIGHTS_SUBJECT } from '@/lib/mail/kinds/insufficient-rights';

/** A page path as reported (path only, bounded, printable). */
export function reportedPath(value: string | null | undefined): string {
  const v = (value ?? '').split(/[?#]/)[0] ?? '';
  const clean = v.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 300);
  return clean.startsWith('/') ? clean : '(unknown page)';
}

/** Queues the e-mail to SUPPORT_EMAIL. Returns false when the same report was sent recently. */
export async function notifyInsufficientRights(actor: Actor, page: string | null | undefined): Promise<boolean> {
  const path = reportedPath(page);
  const db = await getDb();
  const t = now();
  return db.transaction(async (tx) => {
    const since = new Date(t.getTime() - REPEAT_MINUTES * 60_000);
    const [recent] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, actor.userId),
          eq(auditLog.action, 'access.denied'),
          eq(auditLog.targetId, path),
          gt(auditLog.createdAt, since),
        ),
      );
    if (Number(recent?.n ?? 0) > 0) return false;
    const [who] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, client: clients.name })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, actor.userId))
      .limit(1);
    await auditAuth(tx, {
      action: 'access.denied',
      userId: actor.userId,
      clientId: actor.clientId,
      targetType: 'page',
      targetId: path,
    });
    await enqueueMail(tx, {
      to: config().SUPPORT_EMAIL,
      kind: 'insufficient-rights',
      props: {
        userName: actor.userName,
        who: who ? `${who.firstName} ${who.lastName}, ${who.email}` : null,
        client: `${who?.client ?? '(internal)'}${actor.clientId !== null ? ` [id ${actor.clientId}]` : ''}`,
        role: `${actor.role} ${roleName(actor.role)}`,
        path,
        at: t,
      },
    });
    return true;
  });
}
