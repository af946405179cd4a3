/**
 * The notice pop-up (spec §4 "Tour and notice", §7 Notice): the newest active notice the user has
 * not switched off. Notices are provider-wide (not per client); a dismissal is per user.
 */
import { and, desc, eq, notExists } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { noticeDismissals, notices } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError } from '@/lib/http/errors';

export interface Notice {
  id: number;
  title: string;
  content: string;
}

/** The notice to show this user, or null when none is active or the user has switched it off. */
export async function getActiveNotice(actor: Actor): Promise<Notice | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: notices.id, title: notices.title, content: notices.content })
    .from(notices)
    .where(
      and(
        eq(notices.isActive, true),
        notExists(
          db
            .select({ one: noticeDismissals.noticeId })
            .from(noticeDismissals)
            .where(and(eq(noticeDismissals.noticeId, notices.id), eq(noticeDismissals.userId, actor.userId))),
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
  const [notice] = await db.select({ id: notices.id }).from(notices).where(eq(notices.id, noticeId)).limit(1);
  if (!notice) throw new NotFoundError();
  await db.insert(noticeDismissals).values({ noticeId, userId: actor.userId, createdAt: now() }).onConflictDoNothing();
}

/** The legacy shape of api/Notice/GetNotice. */
export function presentNotice(n: Notice): { NoticeId: number; Title: string; Content: string } {
  return { NoticeId: n.id, Title: n.title, Content: n.content };
}
