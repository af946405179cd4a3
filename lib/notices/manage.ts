/**
 * Notices and contextual help texts, managed by staff (/Ops/Notices): create, change, schedule a
 * start and an end, retire. Policy 'content.manage' (lib/core/staff-policy.ts); every change writes its audit row
 * in its transaction.
 *
 * A change of title or content bumps the notice's revision, so users who dismissed the old text see the new
 * one (lib/notices/service.ts compares the dismissed revision). A new schedule alone does not.
 */
import { fromZonedTime, formatInTimeZone } from 'date-fns-tz';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { contextualHelp, notices } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError } from '@/lib/core/errors';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { CONTENT_MSG, type HelpForm, type NoticeForm } from './manage-schema';

export type NoticeState = 'scheduled' | 'live' | 'ended' | 'retired' | 'inactive';

export interface ManagedNotice {
  id: number;
  title: string;
  content: string;
  startsAt: Date | null;
  endsAt: Date | null;
  retiredAt: Date | null;
  revision: number;
  state: NoticeState;
  updatedAt: Date;
}

export function noticeState(
  n: { isActive: boolean; retiredAt: Date | null; startsAt: Date | null; endsAt: Date | null },
  at: Date,
): NoticeState {
  if (n.retiredAt) return 'retired';
  if (!n.isActive) return 'inactive';
  if (n.startsAt && n.startsAt > at) return 'scheduled';
  if (n.endsAt && n.endsAt <= at) return 'ended';
  return 'live';
}

/** A datetime-local value in a time zone → the instant (null when empty). */
export function fromLocal(value: string, timeZone: string): Date | null {
  return value ? fromZonedTime(`${value}:00`, timeZone) : null;
}

/** An instant → the datetime-local value in a time zone ('' for null). */
export function toLocal(at: Date | null, timeZone: string): string {
  return at ? formatInTimeZone(at, timeZone, "yyyy-MM-dd'T'HH:mm") : '';
}

/** Every notice, newest first, with its state now. */
export async function listManagedNotices(actor: Actor): Promise<ManagedNotice[]> {
  authorize(actor, 'content.manage', staffPolicy);
  const db = await getDb();
  const rows = await db.select().from(notices).orderBy(desc(notices.createdAt), desc(notices.id)).limit(500);
  const t = now();
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    startsAt: n.startsAt,
    endsAt: n.endsAt,
    retiredAt: n.retiredAt,
    revision: n.revision,
    state: noticeState(n, t),
    updatedAt: n.updatedAt,
  }));
}

export async function getManagedNotice(actor: Actor, id: number): Promise<ManagedNotice | null> {
  return (await listManagedNotices(actor)).find((n) => n.id === id) ?? null;
}

/** Creates a notice (no NoticeId) or changes one; a retired notice comes back when saved again. */
export async function saveNotice(actor: Actor, form: NoticeForm): Promise<{ id: number; revision: number }> {
  const a = authorize(actor, 'content.manage', staffPolicy);
  const startsAt = fromLocal(form.StartsAt, a.timeZone);
  const endsAt = fromLocal(form.EndsAt, a.timeZone);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = now();
    if (!form.NoticeId) {
      const [row] = await tx
        .insert(notices)
        .values({
          title: form.Title,
          content: form.Content,
          isActive: true,
          startsAt,
          endsAt,
          createdAt: t,
          updatedAt: t,
        })
        .returning({ id: notices.id, revision: notices.revision });
      if (!row) throw new Error('notice not created');
      await recordAudit(tx, userPrincipal(a), {
        action: 'ops.notice.created',
        clientId: null,
        targetType: 'notice',
        targetId: row.id,
        details: { title: form.Title, startsAt, endsAt },
      });
      return row;
    }
    const [before] = await tx.select().from(notices).where(eq(notices.id, form.NoticeId)).for('update').limit(1);
    if (!before) throw new NotFoundError(CONTENT_MSG.notFound);
    const textChanged = before.title !== form.Title || before.content !== form.Content;
    const [row] = await tx
      .update(notices)
      .set({
        title: form.Title,
        content: form.Content,
        startsAt,
        endsAt,
        isActive: true,
        retiredAt: null,
        updatedAt: t,
        ...(textChanged ? { revision: sql`${notices.revision} + 1` } : {}),
      })
      .where(eq(notices.id, before.id))
      .returning({ id: notices.id, revision: notices.revision });
    if (!row) throw new NotFoundError(CONTENT_MSG.notFound);
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.notice.updated',
      clientId: null,
      targetType: 'notice',
      targetId: row.id,
      details: { textChanged, revision: row.revision, startsAt, endsAt, reinstated: Boolean(before.retiredAt) },
    });
    return row;
  });
}

/** Retires a notice: nobody sees it any more; it stays in the list. */
export async function retireNotice(actor: Actor, id: number): Promise<void> {
  const a = authorize(actor, 'content.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = now();
    const [row] = await tx
      .update(notices)
      .set({ retiredAt: t, isActive: false, updatedAt: t })
      .where(eq(notices.id, id))
      .returning({ id: notices.id });
    if (!row) throw new NotFoundError(CONTENT_MSG.notFound);
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.notice.retired',
      clientId: null,
      targetType: 'notice',
      targetId: id,
    });
  });
}

export interface ManagedHelp {
  key: string;
  value: string;
  retiredAt: Date | null;
  updatedAt: Date;
}

export async function listManagedHelp(actor: Actor): Promise<ManagedHelp[]> {
  authorize(actor, 'content.manage', staffPolicy);
  const db = await getDb();
  return db
    .select({
      key: contextualHelp.key,
      value: contextualHelp.value,
      retiredAt: contextualHelp.retiredAt,
      updatedAt: contextualHelp.updatedAt,
    })
    .from(contextualHelp)
    .orderBy(asc(contextualHelp.key));
}

/** Creates or changes the help text of a key (a retired one comes back). */
export async function saveHelp(actor: Actor, form: HelpForm): Promise<void> {
  const a = authorize(actor, 'content.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = now();
    const [before] = await tx
      .select({ key: contextualHelp.key })
      .from(contextualHelp)
      .where(eq(contextualHelp.key, form.Key))
      .limit(1);
    await tx
      .insert(contextualHelp)
      .values({ key: form.Key, value: form.Value, updatedAt: t })
      .onConflictDoUpdate({ target: contextualHelp.key, set: { value: form.Value, retiredAt: null, updatedAt: t } });
    await recordAudit(tx, userPrincipal(a), {
      action: before ? 'ops.help.updated' : 'ops.help.created',
      clientId: null,
      targetType: 'contextual_help',
      targetId: form.Key,
    });
  });
}

export async function retireHelp(actor: Actor, key: string): Promise<void> {
  const a = authorize(actor, 'content.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = now();
    const [row] = await tx
      .update(contextualHelp)
      .set({ retiredAt: t, updatedAt: t })
      .where(eq(contextualHelp.key, key))
      .returning({ key: contextualHelp.key });
    if (!row) throw new NotFoundError(CONTENT_MSG.helpNotFound);
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.help.retired',
      clientId: null,
      targetType: 'contextual_help',
      targetId: key,
    });
  });
}
