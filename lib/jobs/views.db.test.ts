import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, savedViews } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { signedIn, signedInStaff } from '@/test/factories';
import { DEFAULT_JOB_QUERY } from './list-schema';
import { getUserPreference, saveJobListPreference, toPreferenceModel } from './preferences';
import {
  createView,
  deleteView,
  getView,
  listViews,
  openingView,
  renameView,
  setDefaultView,
  shareView,
} from './views';
import { saveViewSchema } from './views-schema';

const delivered = toPreferenceModel({
  query: { ...DEFAULT_JOB_QUERY, statuses: [8], sortBy: 6, sortOrder: 1 },
  pageSize: 50,
});
const matter = toPreferenceModel({ query: { ...DEFAULT_JOB_QUERY, matterReference: 'HV-2024' }, pageSize: 20 });

describe('saved views of the job list', () => {
  const t = useTestDatabase();

  it('a user saves the list under a name; the view holds the filters, sort and page size', async () => {
    const me = await signedIn(3);
    const { id } = await createView(me.actor, {
      name: 'Delivered',
      state: delivered,
      shared: false,
      makeDefault: false,
    });
    const [v] = await listViews(me.actor);
    expect(v).toMatchObject({
      id,
      name: 'Delivered',
      shared: false,
      mine: true,
      canManage: true,
      isDefault: false,
      pageSize: 50,
    });
    expect(v?.query).toEqual({ ...DEFAULT_JOB_QUERY, statuses: [8], sortBy: 6, sortOrder: 1 });
    const [audit] = await t.db().select().from(auditLog).where(eq(auditLog.action, 'view.create'));
    expect(audit).toMatchObject({ clientId: me.clientId, targetId: String(id) });
  });

  it('a view saved already shared with the firm is a share in the firm’s activity, by its name', async () => {
    const admin = await signedIn(4);
    const { id } = await createView(admin.actor, {
      name: 'Firm matters',
      state: matter,
      shared: true,
      makeDefault: false,
    });
    const ofFirm = async () =>
      (await t.db().select().from(auditLog).where(eq(auditLog.action, 'view.share'))).filter(
        (a) => a.clientId === admin.clientId,
      );
    const shares = await ofFirm();
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({
      clientId: admin.clientId,
      targetId: String(id),
      details: { name: 'Firm matters' },
    });
    await createView(admin.actor, { name: 'Mine only', state: matter, shared: false, makeDefault: false });
    expect(await ofFirm()).toHaveLength(1);
  });

  it('the form schema is the list query schema: bad filters and page sizes are field messages', () => {
    const r = saveViewSchema.safeParse({
      name: ' ',
      state: { OrderBy: 42, JobStatusFilter: [99], PageSize: 7, MatterRefFilter: '<b>x</b>' },
    });
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'state.PageSize']));
    const r2 = saveViewSchema.safeParse({
      name: 'x',
      state: { OrderBy: 42, JobStatusFilter: [99], MatterRefFilter: '<b>x</b>' },
    });
    const paths2 = r2.success ? [] : r2.error.issues.map((i) => i.path.join('.'));
    expect(paths2).toEqual(
      expect.arrayContaining(['state.OrderBy', 'state.JobStatusFilter.0', 'state.MatterRefFilter']),
    );
  });

  it('names are unique per user (case-insensitive): 409 with a field message', async () => {
    const me = await signedIn(3);
    await createView(me.actor, { name: 'Mine', state: matter, shared: false, makeDefault: false });
    await expect(
      createView(me.actor, { name: 'MINE', state: delivered, shared: false, makeDefault: false }),
    ).rejects.toMatchObject({ status: 409, fields: { name: ['You already have a view with this name.'] } });
    const other = await createView(me.actor, { name: 'Other', state: delivered, shared: false, makeDefault: false });
    await expect(renameView(me.actor, other.id, 'mine')).rejects.toMatchObject({ status: 409 });
  });

  it('a shared view appears for another user of the same firm, never for another firm (404 on direct access)', async () => {
    const admin = await signedIn(4);
    const colleague = await signedIn(3, admin.clientId);
    const stranger = await signedIn(4);
    const { id } = await createView(admin.actor, {
      name: 'Firm: delivered',
      state: delivered,
      shared: true,
      makeDefault: false,
    });
    const { id: privateId } = await createView(admin.actor, {
      name: 'Mine only',
      state: matter,
      shared: false,
      makeDefault: false,
    });

    expect((await listViews(colleague.actor)).map((v) => [v.name, v.shared, v.mine, v.canManage])).toEqual([
      ['Firm: delivered', true, false, false],
    ]);
    expect((await listViews(stranger.actor)).map((v) => v.name)).toEqual([]);
    await expect(getView(stranger.actor, id)).rejects.toMatchObject({ status: 404 });
    await expect(getView(colleague.actor, privateId)).rejects.toMatchObject({ status: 404 });
    await expect(setDefaultView(stranger.actor, id)).rejects.toMatchObject({ status: 404 });
    await expect(renameView(stranger.actor, id, 'taken over')).rejects.toMatchObject({ status: 404 });
    await expect(deleteView(stranger.actor, id)).rejects.toMatchObject({ status: 404 });
    await expect(shareView(stranger.actor, privateId, true)).rejects.toMatchObject({ status: 404 });
    // A colleague sees it but may not change it.
    await expect(renameView(colleague.actor, id, 'mine now')).rejects.toMatchObject({ status: 403 });
    await expect(deleteView(colleague.actor, id)).rejects.toMatchObject({ status: 403 });
  });

  it('only an administrator shares a view; another administrator of the firm may manage it', async () => {
    const clerk = await signedIn(3);
    await expect(
      createView(clerk.actor, { name: 'Firm', state: matter, shared: true, makeDefault: false }),
    ).rejects.toMatchObject({ status: 403 });
    const { id: clerkView } = await createView(clerk.actor, {
      name: 'Clerk',
      state: matter,
      shared: false,
      makeDefault: false,
    });
    await expect(shareView(clerk.actor, clerkView, true)).rejects.toMatchObject({ status: 403 });

    const admin = await signedIn(4);
    const admin2 = await signedIn(4, admin.clientId);
    const { id } = await createView(admin.actor, { name: 'Team', state: matter, shared: false, makeDefault: false });
    await shareView(admin.actor, id, true);
    await renameView(admin2.actor, id, 'Team view');
    expect((await listViews(admin.actor)).find((v) => v.id === id)).toMatchObject({
      name: 'Team view',
      shared: true,
      canManage: true,
    });
    await deleteView(admin2.actor, id);
    expect(await listViews(admin.actor)).toEqual([]);
    const shares = await t.db().select().from(auditLog).where(eq(auditLog.action, 'view.share'));
    expect(shares.filter((a) => a.clientId === admin.clientId)).toHaveLength(1);
  });

  it('the default view: the list opens with it; without one, with the remembered "Last used" view', async () => {
    const admin = await signedIn(4);
    const me = await signedIn(3, admin.clientId);
    expect(await openingView(me.actor)).toBeNull();

    // The spec's saved preference is the remembered view, the list's default until another is chosen.
    await saveJobListPreference(me.actor, { query: { ...DEFAULT_JOB_QUERY, contactName: 'olivia' }, pageSize: 15 });
    const remembered = await openingView(me.actor);
    expect(remembered).toMatchObject({ name: 'Last used', state: { pageSize: 15, query: { contactName: 'olivia' } } });
    expect((await listViews(me.actor)).map((v) => [v.name, v.remembered, v.isDefault, v.canManage])).toEqual([
      ['Last used', true, true, false],
    ]);
    await expect(renameView(me.actor, remembered?.id ?? 0, 'x')).rejects.toMatchObject({ status: 403 });

    const { id: shared } = await createView(admin.actor, {
      name: 'Firm',
      state: delivered,
      shared: true,
      makeDefault: false,
    });
    await setDefaultView(me.actor, shared);
    expect(await openingView(me.actor)).toMatchObject({
      id: shared,
      state: { pageSize: 50, query: { statuses: [8] } },
    });
    // The list keeps remembering; the default still wins.
    await saveJobListPreference(me.actor, { query: DEFAULT_JOB_QUERY, pageSize: 10 });
    expect((await openingView(me.actor))?.id).toBe(shared);
    expect((await listViews(me.actor)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([shared]);

    // Taken back by the administrator: my default goes, the remembered view opens the list again.
    await shareView(admin.actor, shared, false);
    expect((await openingView(me.actor))?.name).toBe('Last used');

    const { id: own } = await createView(me.actor, { name: 'Own', state: matter, shared: false, makeDefault: true });
    expect((await openingView(me.actor))?.id).toBe(own);
    await setDefaultView(me.actor, null);
    expect((await openingView(me.actor))?.name).toBe('Last used');
    await setDefaultView(me.actor, own);
    await deleteView(me.actor, own);
    expect((await openingView(me.actor))?.name).toBe('Last used');
  });

  it('the legacy preference reads and writes the remembered view', async () => {
    const me = await signedIn(3);
    await saveJobListPreference(me.actor, { query: { ...DEFAULT_JOB_QUERY, statuses: [12] }, pageSize: 20 });
    const rows = await t.db().select().from(savedViews).where(eq(savedViews.ownerId, me.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      remembered: true,
      shared: false,
      clientId: me.clientId,
      state: { JobStatusFilter: [12], PageSize: 20 },
    });
    expect((await getUserPreference(me.actor)).job).toEqual({
      query: { ...DEFAULT_JOB_QUERY, statuses: [12] },
      pageSize: 20,
    });
  });

  it('staff keep a remembered preference but have no views', async () => {
    const staff = await signedInStaff(2);
    await saveJobListPreference(staff.actor, { query: DEFAULT_JOB_QUERY, pageSize: 50 });
    expect((await getUserPreference(staff.actor)).job.pageSize).toBe(50);
    await expect(listViews(staff.actor)).rejects.toMatchObject({ status: 403 });
    await expect(
      createView(staff.actor, { name: 'x', state: matter, shared: false, makeDefault: false }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
