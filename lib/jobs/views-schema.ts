/**
 * Saved views of the job list: the forms' schemas and the shape a page gets. Browser-safe, so the
 * dialogs validate with exactly what the server actions parse. A view's list state is the spec's preference model
 * checked by the list query's own schema (`listStateModelSchema`, lib/jobs/preference-model.ts).
 */
import { z } from 'zod';
import { FIELD_MSG, hasHtmlTag, hasNul } from '@/lib/validation';
import type { JobListQuery } from './list-schema';
import { listStateModelSchema } from './preference-model';

export const VIEW_NAME_MAX = 60;
/** /JobClient?view=<id> opens the list with that view (a view the user sees; any other id is a 404). */
export const VIEW_PARAM = 'view';
/** The name of each user's remembered view (the spec's saved preference). */
export const REMEMBERED_VIEW_NAME = 'Last used';

export const VIEW_MSG = {
  nameRequired: 'Enter a name for the view.',
  nameTaken: 'You already have a view with this name.',
  saved: 'View saved.',
  renamed: 'View renamed.',
  deleted: 'View deleted.',
  shared: 'The view is now shared with your firm.',
  unshared: 'The view is now yours only.',
  defaultSet: 'The job list now opens with this view.',
  defaultCleared: 'The job list now opens with your last used settings.',
} as const;

export const viewNameSchema = z
  .string({ error: VIEW_MSG.nameRequired })
  .trim()
  .min(1, VIEW_MSG.nameRequired)
  .max(VIEW_NAME_MAX, FIELD_MSG.tooLong(VIEW_NAME_MAX))
  .refine((s) => !hasHtmlTag(s), FIELD_MSG.htmlTags)
  .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter);

const viewId = z.number({ error: 'must be a view id' }).int().positive().max(2_147_483_647);

/** Save the list on screen as a view. */
export const saveViewSchema = z.strictObject({
  name: viewNameSchema,
  state: listStateModelSchema,
  /** Shared with the whole firm (client administrators only). */
  shared: z.boolean().default(false),
  /** Open the job list with this view from now on. */
  makeDefault: z.boolean().default(false),
});
export type SaveViewInput = z.input<typeof saveViewSchema>;

export const renameViewSchema = z.strictObject({ id: viewId, name: viewNameSchema });
export type RenameViewInput = z.input<typeof renameViewSchema>;

export const shareViewSchema = z.strictObject({ id: viewId, shared: z.boolean() });
export const viewIdSchema = z.strictObject({ id: viewId });
/** null: no chosen default (the list opens with the user's last used settings). */
export const defaultViewSchema = z.strictObject({ id: viewId.nullable() });

/** A view as the list and the views page show it. */
export interface SavedViewItem {
  id: number;
  name: string;
  shared: boolean;
  /** The user's "Last used" view (the spec's saved preference). */
  remembered: boolean;
  /** The user owns it. */
  mine: boolean;
  ownerName: string;
  /** The list opens with it. */
  isDefault: boolean;
  /** The user may rename, delete and (administrators) share it. */
  canManage: boolean;
  query: JobListQuery;
  pageSize: number;
}
