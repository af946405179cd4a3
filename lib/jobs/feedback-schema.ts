/**
 * The feedback rules shared by the browser and the server (browser-safe): `feedbackFormSchema` validates the
 * feedback modal (zodResolver) and the server action; `legacyFeedbackSchema` is the same rule in the legacy
 * PascalCase body of POST api/Job/JobFeedBack.
 */
import { z } from 'zod';
import { FIELD_MSG, hasHtmlTag, hasNul, isWhitespaceOnly, missingMessage } from '@/lib/validation';
import { FEEDBACK_MSG } from './feedback-messages';

export const FEEDBACK_COMMENTS_MAX = 1000;
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;

export { FEEDBACK_MSG };

const rating = z
  .number({ error: FEEDBACK_MSG.ratingRequired })
  .int(FEEDBACK_MSG.ratingRequired)
  .min(1, FEEDBACK_MSG.ratingRequired)
  .max(5, FEEDBACK_MSG.ratingRequired);

const comments = z
  .string({ error: 'must be text' })
  .max(FEEDBACK_COMMENTS_MAX, FIELD_MSG.tooLong(FEEDBACK_COMMENTS_MAX))
  .refine((s) => !hasHtmlTag(s), FIELD_MSG.htmlTags)
  .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter)
  .refine((s) => !isWhitespaceOnly(s), FIELD_MSG.whitespaceOnly);

const jobId = z
  .number({ error: (issue) => missingMessage(FIELD_MSG.required)(issue) ?? 'must be a job id' })
  .int()
  .min(1)
  .max(2_147_483_647);

/** The feedback modal's values (the browser form and the server action). */
export const feedbackFormSchema = z.object({
  jobId,
  feedBack: rating,
  comments: comments.default(''),
});

export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
export type FeedbackForm = z.output<typeof feedbackFormSchema>;

/** POST api/Job/JobFeedBack. JobFeedBackId is accepted (the legacy form sends 0) and ignored. */
export const legacyFeedbackSchema = z
  .strictObject({
    JobFeedBackId: z.number().int().nullish(),
    JobId: jobId,
    FeedBack: rating,
    Comments: comments.nullish(),
  })
  .transform((b): FeedbackForm => ({ jobId: b.JobId, feedBack: b.FeedBack, comments: b.Comments ?? '' }));

/** The rating scale as the modal shows it. */
export const FEEDBACK_SCALE = [
  { value: 1, label: '1 – Poor' },
  { value: 2, label: '2 – Fair' },
  { value: 3, label: '3 – Good' },
  { value: 4, label: '4 – Very good' },
  { value: 5, label: '5 – Excellent' },
] as const;

/** Existing feedback as the "Display feedback" modal shows it. */
export interface FeedbackDisplay {
  feedBack: number;
  comments: string;
  by: string;
  at: string;
}
