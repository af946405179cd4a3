'use server';
/**
 * Server actions of /JobClient: the feedback modal (save, display) and the saved views, through the one action wrapper. An ended
 * session answers "signed out" and the modal's page goes to /SignOut?type=11 remembering the list's URL
 * (spec §4.5, lib/client-side/action.ts), instead of showing a generic failure.
 */
import { z } from 'zod';
import { clientUser, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { getJobFeedback, saveJobFeedback } from '@/lib/jobs/feedback';
import { feedbackFormSchema, type FeedbackDisplay, type FeedbackFormInput } from '@/lib/jobs/feedback-schema';
import { displayDateTime } from '@/lib/display-date';
import { MSG } from '@/lib/messages';
import { createView, deleteView, renameView, setDefaultView, shareView } from '@/lib/jobs/views';
import {
  defaultViewSchema,
  renameViewSchema,
  saveViewSchema,
  shareViewSchema,
  VIEW_MSG,
  viewIdSchema,
  type RenameViewInput,
  type SaveViewInput,
} from '@/lib/jobs/views-schema';

/** Answers the message the list shows. */
export async function saveFeedbackAction(input: FeedbackFormInput): Promise<ActionResult<string>> {
  return runAction(clientUser(), feedbackFormSchema, input, async (form, { actor }) => {
    await saveJobFeedback(actor, form);
    return MSG.jobFeedbackSaved;
  });
}

export async function loadFeedbackAction(jobId: number): Promise<ActionResult<FeedbackDisplay | null>> {
  return runAction(clientUser(), z.number().int(), jobId, async (id, { actor }) => {
    const first = (await getJobFeedback(actor, id))?.[0];
    return first
      ? {
          feedBack: first.feedBack,
          comments: first.comments,
          by: first.createdByName ?? '',
          at: displayDateTime(first.createdAt, actor.timeZone),
        }
      : null;
  });
}

// Saved views of the list: thin adapters over lib/jobs/views.ts.

export async function createViewAction(input: SaveViewInput): Promise<ActionResult<{ id: number }>> {
  return runAction(clientUser(), saveViewSchema, input, (form, { actor, principal }) =>
    createView(actor, form, principal),
  );
}

export async function renameViewAction(input: RenameViewInput): Promise<ActionResult<string>> {
  return runAction(clientUser(), renameViewSchema, input, async (form, { actor, principal }) => {
    await renameView(actor, form.id, form.name, principal);
    return VIEW_MSG.renamed;
  });
}

export async function deleteViewAction(id: number): Promise<ActionResult<string>> {
  return runAction(clientUser(), viewIdSchema, { id }, async (form, { actor, principal }) => {
    await deleteView(actor, form.id, principal);
    return VIEW_MSG.deleted;
  });
}

export async function shareViewAction(id: number, shared: boolean): Promise<ActionResult<string>> {
  return runAction(clientUser(), shareViewSchema, { id, shared }, async (form, { actor, principal }) => {
    await shareView(actor, form.id, form.shared, principal);
    return form.shared ? VIEW_MSG.shared : VIEW_MSG.unshared;
  });
}

export async function setDefaultViewAction(id: number | null): Promise<ActionResult<string>> {
  return runAction(clientUser(), defaultViewSchema, { id }, async (form, { actor }) => {
    await setDefaultView(actor, form.id);
    return form.id === null ? VIEW_MSG.defaultCleared : VIEW_MSG.defaultSet;
  });
}
