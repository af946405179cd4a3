/**
 * Saved views of the job list. A view is a name and a list state (filters, sort, page size: the
 * spec's JobPreferenceModel, validated by the list query's own schema before it is written and again when read).
 *
 *  - A user's views are theirs; a client administrator may share a view with the whole firm. A user sees their own
 *    views and the views shared with their firm, never another firm's: any other id answers like a missing one (404).
 *  - Each user has one remembered view, "Last used": the spec's saved preference ("remember my settings"), which the
 *    list writes on every change of its state (lib/jobs/preferences.ts keeps the legacy API over it).
 *  - A user may choose a default among the views they see; the list opens with it. Without one (or when it is no
 *    longer shared) the list opens with the remembered view, as the spec's preference did, or the defaults.
 *  - Renaming, deleting and sharing: the owner for a private view; any administrator of the firm for a shared one.
 *    The remembered view is kept by the list itself and cannot be renamed, shared or deleted.
 *
 * Tenancy from the actor (lib/core/tenancy.ts), rules from the views policy below (`authorize`); changes of named
 * views write their audit row in the transaction.
 */
import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { savedViews, userPreferences, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/core/audit';
import { authorize, defineSubject } from '@/lib/core/authorize';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@/lib/core/errors';
import { userPrincipal, type Principal } from '@/lib/core/principal';
import { hasTenant, requireTenant, tenantScope, type TenantActor } from '@/lib/core/tenancy';
import { isUserAdmin } from '@/lib/core/user-policy';
import { now } from '@/lib/clock';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';
import { DEFAULT_JOB_QUERY, normaliseStatuses } from './list-schema';
import { jobPreferenceModelSchema, parseModel, toPreferenceModel, type JobListPreference } from './preference-model';
import { REMEMBERED_VIEW_NAME, VIEW_MSG, type SavedViewItem } from './views-schema';

type ViewRow = typeof savedViews.$inferSelect;

/** Who may do what with views (asked with `authorize`). */
export const viewPolicy = defineSubject('saved-views', {
  /** Save and use views: a client user with a firm. */
  use: (a: Actor): a is TenantActor => hasTenant(a),
  /** Share a view with the whole firm (or take it back): the firm's administrator. */
  share: (a: Actor): a is TenantActor => isUserAdmin(a),
});

/** The views an actor sees: their own, and those shared with their firm. */
function visibleTo(actor: Actor): SQL {
  const own = eq(savedViews.ownerId, actor.userId);
  return hasTenant(actor)
    ? (or(own, and(eq(savedViews.shared, true), tenantScope(savedViews.clientId, actor))) as SQL)
    : own;
}

/** May the actor rename, delete or share this view? */
function canManage(actor: Actor, v: Pick<ViewRow, 'ownerId' | 'shared' | 'remembered' | 'clientId'>): boolean {
  if (v.remembered) return false;
  if (v.shared) return isUserAdmin(actor) && v.clientId === actor.clientId;
  return v.ownerId === actor.userId;
}

/** A stored state as the list state; a stored value that no longer validates reads as the defaults. */
export function stateOf(state: unknown, fallbackPageSize = DEFAULT_PAGE_SIZE): JobListPreference {
  const model = jobPreferenceModelSchema.safeParse(state ?? {});
  const parsed = model.success ? parseModel(model.data, fallbackPageSize) : null;
  const p = parsed?.ok ? parsed.value : { query: { ...DEFAULT_JOB_QUERY, statuses: [] }, pageSize: fallbackPageSize };
  return { pageSize: p.pageSize, query: { ...p.query, statuses: normaliseStatuses(p.query.statuses) } };
}

/** A view the actor sees, or 404 (another firm's view, another user's private view, a missing id). */
async function visibleView(q: Queryable, actor: Actor, id: number): Promise<ViewRow> {
  const [row] = await q
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** A view the actor may manage (404 when they cannot see it, 403 when they can but may not change it). */
async function manageableView(q: Queryable, actor: Actor, id: number): Promise<ViewRow> {
  const row = await visibleView(q, actor, id);
  if (!canManage(actor, row)) throw new ForbiddenError();
  return row;
}

/** Every view the actor sees: the remembered one first, then by name. */
export async function listViews(actor: Actor): Promise<SavedViewItem[]> {
  authorize(actor, 'use', viewPolicy);
  const db = await getDb();
  // The user's chosen default rides along on every row: one statement for the list and the choice.
  const rows = await db
    .select({
      view: savedViews,
      firstName: users.firstName,
      lastName: users.lastName,
      chosen: sql<
        number | null
      >`(select ${userPreferences.defaultViewId} from ${userPreferences} where ${userPreferences.userId} = ${actor.userId})`,
    })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(visibleTo(actor))
    .orderBy(desc(savedViews.remembered), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  const chosen = rows[0]?.chosen ?? null;
  const chosenVisible = rows.some((r) => r.view.id === chosen);
  return rows.map(({ view, firstName, lastName }) => {
    const state = stateOf(view.state);
    return {
      id: view.id,
      name: view.name,
      shared: view.shared,
      remembered: view.remembered,
      mine: view.ownerId === actor.userId,
      ownerName: `${firstName} ${lastName}`.trim(),
      isDefault: chosenVisible ? view.id === chosen : view.remembered,
      canManage: canManage(actor, view),
      query: state.query,
      pageSize: state.pageSize,
    };
  });
}

/**
 * The view the job list opens with, of the actor's views (listViews): the chosen default when the user still sees
 * it, else the remembered view; null when there is neither.
 */
export function openingOf(views: readonly SavedViewItem[]): SavedViewItem | null {
  return views.find((v) => v.isDefault) ?? null;
}

/** As openingOf, reading the actor's views. */
export async function openingView(
  actor: Actor,
): Promise<{ id: number; name: string; state: JobListPreference } | null> {
  const v = openingOf(await listViews(actor));
  return v ? { id: v.id, name: v.name, state: { query: v.query, pageSize: v.pageSize } } : null;
}

/** The actor's remembered view (the spec's saved preference), or null when the list never saved one. */
export async function rememberedView(actor: Actor): Promise<ViewRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, actor.userId), eq(savedViews.remembered, true)))
    .limit(1);
  return row ?? null;
}

/** Writes the list state as the actor's remembered view (one per user; concurrent writes keep the last). */
export async function rememberListState(actor: Actor, p: JobListPreference, q?: Queryable): Promise<void> {
  const db = q ?? (await getDb());
  const t = now();
  const state = toPreferenceModel(p);
  await db
    .insert(savedViews)
    .values({
      clientId: actor.clientId,
      ownerId: actor.userId,
      name: REMEMBERED_VIEW_NAME,
      remembered: true,
      state,
      createdAt: t,
      updatedAt: t,
    })
    .onConflictDoUpdate({
      target: savedViews.ownerId,
      targetWhere: sql`${savedViews.remembered}`,
      set: { state, updatedAt: t },
    });
}

async function setDefault(q: Queryable, userId: number, viewId: number | null): Promise<void> {
  await q
    .insert(userPreferences)
    .values({ userId, defaultViewId: viewId, updatedAt: now() })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { defaultViewId: viewId, updatedAt: now() } });
}

function nameTaken(): ConflictError {
  return new ConflictError(VIEW_MSG.nameTaken, { name: [VIEW_MSG.nameTaken] });
}

/** Saves a list state under a name (shared with the firm when an administrator asks), optionally as the default. */
export async function createView(
  actor: Actor,
  input: { name: string; state: Record<string, unknown>; shared: boolean; makeDefault: boolean },
  principal: Principal = userPrincipal(actor),
): Promise<{ id: number }> {
  const me = authorize(actor, 'use', viewPolicy);
  if (input.shared) authorize(actor, 'share', viewPolicy);
  const parsed = jobPreferenceModelSchema.safeParse(input.state);
  const state = parsed.success ? parseModel(parsed.data, DEFAULT_PAGE_SIZE) : null;
  if (!state?.ok) throw new ValidationError({ state: ['is not a valid job list state'] });
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const t = now();
      const [row] = await tx
        .insert(savedViews)
        .values({
          clientId: me.clientId,
          ownerId: me.userId,
          name: input.name,
          shared: input.shared,
          state: toPreferenceModel(state.value),
          createdAt: t,
          updatedAt: t,
        })
        .returning({ id: savedViews.id });
      if (!row) throw new Error('saved view not written');
      if (input.makeDefault) await setDefault(tx, me.userId, row.id);
      await recordAudit(tx, principal, {
        clientId: me.clientId,
        action: 'view.create',
        targetType: 'saved_view',
        targetId: row.id,
        details: { shared: input.shared },
      });
      // Saved already shared is sharing, as Share is on a saved view: the firm's activity tells it by the view's name.
      if (input.shared)
        await recordAudit(tx, principal, {
          clientId: me.clientId,
          action: 'view.share',
          targetType: 'saved_view',
          targetId: row.id,
          details: { name: input.name },
        });
      return row;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

export async function renameView(
  actor: Actor,
  id: number,
  name: string,
  principal: Principal = userPrincipal(actor),
): Promise<void> {
  const me = authorize(actor, 'use', viewPolicy);
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const v = await manageableView(tx, me, id);
      await tx.update(savedViews).set({ name, updatedAt: now() }).where(eq(savedViews.id, v.id));
      await recordAudit(tx, principal, {
        clientId: me.clientId,
        action: 'view.rename',
        targetType: 'saved_view',
        targetId: v.id,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

/** Deletes a view; whoever had it as their default opens the list with their remembered view again. */
export async function deleteView(actor: Actor, id: number, principal: Principal = userPrincipal(actor)): Promise<void> {
  const me = authorize(actor, 'use', viewPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const v = await manageableView(tx, me, id);
    await tx.update(userPreferences).set({ defaultViewId: null }).where(eq(userPreferences.defaultViewId, v.id));
    await tx.delete(savedViews).where(eq(savedViews.id, v.id));
    await recordAudit(tx, principal, {
      clientId: me.clientId,
      action: 'view.delete',
      targetType: 'saved_view',
      targetId: v.id,
      details: { shared: v.shared },
    });
  });
}

/**
 * Shares a view with the firm, or takes it back (administrators). Taken back, it becomes its owner's private view
 * again, and the other users who had it as their default lose it as such.
 */
export async function shareView(
  actor: Actor,
  id: number,
  shared: boolean,
  principal: Principal = userPrincipal(actor),
): Promise<void> {
  const me = authorize(actor, 'share', viewPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const v = await manageableView(tx, me, id);
    if (v.shared === shared) return;
    await tx.update(savedViews).set({ shared, updatedAt: now() }).where(eq(savedViews.id, v.id));
    if (!shared)
      await tx
        .update(userPreferences)
        .set({ defaultViewId: null })
        .where(and(eq(userPreferences.defaultViewId, v.id), ne(userPreferences.userId, v.ownerId)));
    await recordAudit(tx, principal, {
      clientId: me.clientId,
      action: shared ? 'view.share' : 'view.unshare',
      targetType: 'saved_view',
      targetId: v.id,
      details: { name: v.name },
    });
  });
}

/** Chooses the view the list opens with (one the actor sees), or none (null: the remembered view). */
export async function setDefaultView(actor: Actor, id: number | null): Promise<void> {
  const me = authorize(actor, 'use', viewPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (id !== null) await visibleView(tx, me, id);
    await setDefault(tx, me.userId, id);
  });
}

/** One view the actor sees (404 otherwise). */
export async function getView(actor: Actor, id: number): Promise<SavedViewItem> {
  requireTenant(actor, () => new NotFoundError());
  const item = (await listViews(actor)).find((v) => v.id === id);
  if (!item) throw new NotFoundError();
  return item;
}
