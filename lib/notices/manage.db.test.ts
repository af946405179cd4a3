import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contextualHelp } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { listContextualHelp } from '@/lib/help/service';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { noticeFormSchema } from './manage-schema';
import { listManagedNotices, retireHelp, retireNotice, saveHelp, saveNotice } from './manage';
import { disableNotice, getActiveNotice } from './service';

describe('notices and help texts managed by staff', () => {
  const t = useTestDatabase();
  const form = (v: Record<string, unknown>) =>
    noticeFormSchema.parse({ Title: 'Registry closed', Content: 'Closed on Friday.', StartsAt: '', EndsAt: '', ...v });

  it('a changed notice shows again to a user who dismissed the old one; a retired one to nobody', async () => {
    const staff = await staffActor(2);
    const user = await signedIn(3);
    const { id } = await saveNotice(staff, form({}));
    expect((await getActiveNotice(user.actor))?.id).toBe(id);
    await disableNotice(user.actor, id);
    expect((await getActiveNotice(user.actor))?.id).not.toBe(id);

    // The same text saved again (a new schedule only) stays dismissed.
    await saveNotice(staff, form({ NoticeId: id }));
    expect((await getActiveNotice(user.actor))?.id).not.toBe(id);
    // A changed text comes back, with its new content.
    const changed = await saveNotice(staff, form({ NoticeId: id, Content: 'Closed on Friday and Monday.' }));
    expect(changed.revision).toBe(2);
    expect(await getActiveNotice(user.actor)).toEqual({
      id,
      title: 'Registry closed',
      content: 'Closed on Friday and Monday.',
    });

    await retireNotice(staff, id);
    expect((await getActiveNotice(user.actor))?.id).not.toBe(id);
    expect((await listManagedNotices(staff)).find((n) => n.id === id)?.state).toBe('retired');
    const actions = await t
      .db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'notice'), eq(auditLog.targetId, String(id))));
    expect(actions.map((a) => a.action)).toEqual([
      'ops.notice.created',
      'ops.notice.updated',
      'ops.notice.updated',
      'ops.notice.retired',
    ]);
  });

  it('a scheduled notice shows only between its start and its end, in the staff member’s time zone', async () => {
    const restore = setClock(fixedClock('2026-03-01T00:00:00Z'));
    try {
      const staff = await staffActor(1); // Australia/Sydney: 11:00 on 1 March
      const user = await signedIn(3);
      const { id } = await saveNotice(
        staff,
        form({ Title: 'Easter hours', StartsAt: '2026-03-02T09:00', EndsAt: '2026-03-03T09:00' }),
      );
      expect((await getActiveNotice(user.actor))?.id).not.toBe(id);
      setClock(fixedClock('2026-03-01T22:00:00Z')); // 09:00 on 2 March in Sydney
      expect((await getActiveNotice(user.actor))?.id).toBe(id);
      setClock(fixedClock('2026-03-02T22:00:00Z'));
      expect((await getActiveNotice(user.actor))?.id).not.toBe(id);
    } finally {
      restore();
    }
  });

  it('refuses an end before the start, and client roles', async () => {
    expect(
      noticeFormSchema.safeParse({ Title: 'x', Content: 'y', StartsAt: '2026-03-02T09:00', EndsAt: '2026-03-02T08:00' })
        .success,
    ).toBe(false);
    const user = await signedIn(4);
    await expect(saveNotice(user.actor, form({}))).rejects.toMatchObject({ status: 403 });
  });

  it('help texts: created, changed and retired by staff; a retired text is no longer served', async () => {
    const staff = await staffActor(2);
    await saveHelp(staff, { Key: 'ops.test.key', Value: 'First text' });
    await saveHelp(staff, { Key: 'ops.test.key', Value: 'Second text' });
    expect((await listContextualHelp()).find((h) => h.key === 'ops.test.key')?.value).toBe('Second text');
    await retireHelp(staff, 'ops.test.key');
    expect((await listContextualHelp()).some((h) => h.key === 'ops.test.key')).toBe(false);
    const [row] = await t.db().select().from(contextualHelp).where(eq(contextualHelp.key, 'ops.test.key'));
    expect(row?.retiredAt).not.toBeNull();
  });
});
