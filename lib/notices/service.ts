/**
 * The notice pop-up (spec §4 "Tour and notice", §7 Notice): the newest active notice the user has
 * not switched off. Notices are provider-wide (not per client); a dismissal is per user.
 */
import { and, desc, eq, gt, gte, isNull, lte, notExists, or, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { noticeDismissals, notices } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError } from '@/lib/core/errors';

export interface Notice {
  id: number;
  title: string;
  content: string;
}

/**
 * A notice is live when active, not retired, started (or unscheduled) and not yet ended. Staff
 * schedule, change and retire notices in /Ops/Notices (lib/notices/manage.ts).
 */
export function noticeIsLive(at: Date): SQL {
  return and(
    eq(notices.isActive, true),
    isNull(notices.retiredAt),
    or(isNull(notices.startsAt), lte(notices.startsAt, at)),
    or(isNull(notices.endsAt), gt(notices.endsAt, at)),
  ) as SQL;
}

/** The notice to show this user, or null when none is active or the user has switched it off. */
export async function getActiveNotice(actor: Actor): Promise<Notice | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: notices.id, title: notices.title, content: notices.content })
    .from(notices)
    .where(
      and(
        noticeIsLive(now()),
        // A dismissal hides only the revision it saw: a changed notice shows again.
        notExists(
          db
            .select({ one: noticeDismissals.noticeId })
            .from(noticeDismissals)
            .where(
              and(
                eq(noticeDismissals.noticeId, notices.id),
                eq(noticeDismissals.userId, actor.userId),
                gte(noticeDismissals.revision, notices.revision),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(1);
  return row ?? null;
}

/** "Save" in the notice: this user no longer sees this notice. Idempotent; unknown notices are 404. */
export async function disableNotice(actor: Actor, noticeId: number): Promise<void> {
  const db = await getDb();
  const [notice] = await db
    .select({ id: notices.id, revision: notices.revision })
    .from(notices)
    .where(eq(notices.id, noticeId))
    .limit(1);
  if (!notice) throw new NotFoundError();
  const t = now();
  await db
    .insert(noticeDismissals)
    .values({ noticeId, userId: actor.userId, createdAt: t, revision: notice.revision })
    .onConflictDoUpdate({
      target: [noticeDismissals.noticeId, noticeDismissals.userId],
      set: { revision: notice.revision, createdAt: t },
    });
}

/** The legacy shape of api/Notice/GetNotice. */
export function presentNotice(n: Notice): { NoticeId: number; Title: string; Content: string } {
  return { NoticeId: n.id, Title: n.title, Content: n.content };
}
