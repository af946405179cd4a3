'use server';
/**
 * Server actions of /JobClient: the feedback modal (save, display), through the one action wrapper. An ended
 * session answers "signed out" and the modal's page goes to /SignOut?type=11 remembering the list's URL
 * (spec §4.5, lib/client/action.ts), instead of showing a generic failure.
 */
import { z } from 'zod';
import { clientUser, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { getJobFeedback, saveJobFeedback } from '@/lib/jobs/feedback';
import { feedbackFormSchema, type FeedbackDisplay, type FeedbackFormInput } from '@/lib/jobs/feedback-schema';
import { displayDateTime } from '@/lib/jobs/legacy';
import { MSG } from '@/lib/messages';

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
    return first ? { feedBack: first.feedBack, comments: first.comments, by: first.createdByName ?? '', at: displayDateTime(first.createdAt, actor.timeZone) } : null;
  });
}
