'use server';
/**
 * Server actions of /JobClient: the feedback modal (save, display). An ended session redirects to
 * /SignOut?type=11 (9 for staff) remembering the list's URL (spec §4.5), as a page would: the router follows the
 * redirect, instead of the modal showing a generic failure.
 */
import { requirePageClientActor } from '@/lib/auth/page';
import { AppError, parseOrThrow } from '@/lib/http/errors';
import { getJobFeedback, saveJobFeedback } from '@/lib/jobs/feedback';
import { feedbackFormSchema, type FeedbackActionResult, type FeedbackDisplay, type FeedbackFormInput } from '@/lib/jobs/feedback-schema';
import { displayDateTime } from '@/lib/jobs/legacy';
import { MSG } from '@/lib/messages';

export async function saveFeedbackAction(input: FeedbackFormInput): Promise<FeedbackActionResult> {
  const actor = await requirePageClientActor();
  try {
    await saveJobFeedback(actor, parseOrThrow(feedbackFormSchema, input));
    return { ok: true, message: MSG.jobFeedbackSaved };
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { ok: false, message: e.message, fields: e.fields };
    throw e;
  }
}

export async function loadFeedbackAction(jobId: number): Promise<FeedbackDisplay | null> {
  const actor = await requirePageClientActor();
  if (!Number.isInteger(jobId)) return null;
  const first = (await getJobFeedback(actor, jobId))?.[0];
  return first ? { feedBack: first.feedBack, comments: first.comments, by: first.createdByName ?? '', at: displayDateTime(first.createdAt, actor.timeZone) } : null;
}
