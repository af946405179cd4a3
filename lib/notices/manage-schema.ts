/**
 * The staff forms for notices and contextual help texts: ONE schema for the /Ops/Notices form in
 * the browser (zodResolver) and its server action. Browser-safe.
 *
 * Start and end are local date-times (yyyy-MM-ddTHH:mm, the datetime-local input) in the staff member's time
 * zone; empty means "at once" and "until retired". The end must be after the start.
 */
import { z } from 'zod';
import { FIELD_MSG, formText } from '@/lib/validation';

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 4000;
export const HELP_KEY_MAX = 100;
export const HELP_VALUE_MAX = 1000;

export const CONTENT_MSG = {
  dateTime: 'Please enter a date and time.',
  endBeforeStart: 'The end must be after the start.',
  helpKey: 'A key may contain only letters, digits and . _ - (up to 100 characters).',
  notFound: 'This notice does not exist.',
  helpNotFound: 'This help text does not exist.',
} as const;

const text = (max: number) => formText(max);

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const localDateTime = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || (LOCAL_DATE_TIME.test(v) && !Number.isNaN(Date.parse(`${v}:00Z`))), CONTENT_MSG.dateTime);

export const noticeFormSchema = z
  .object({
    /** 0 (or absent) creates a notice. */
    NoticeId: z.number().int().min(0).max(2_147_483_647).optional(),
    Title: text(NOTICE_TITLE_MAX),
    Content: text(NOTICE_CONTENT_MAX),
    StartsAt: localDateTime,
    EndsAt: localDateTime,
  })
  .superRefine((v, ctx) => {
    // Same zone on both sides: comparing the local strings compares the instants.
    if (v.StartsAt && v.EndsAt && v.EndsAt <= v.StartsAt)
      ctx.addIssue({ code: 'custom', path: ['EndsAt'], message: CONTENT_MSG.endBeforeStart });
  });
export type NoticeFormInput = z.input<typeof noticeFormSchema>;
export type NoticeForm = z.output<typeof noticeFormSchema>;

export const helpFormSchema = z.object({
  Key: z
    .string({ error: FIELD_MSG.required })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, FIELD_MSG.required)
        .regex(/^[A-Za-z0-9._-]{1,100}$/, CONTENT_MSG.helpKey),
    ),
  Value: text(HELP_VALUE_MAX),
});
export type HelpFormInput = z.input<typeof helpFormSchema>;
export type HelpForm = z.output<typeof helpFormSchema>;

export const idSchema = z.number().int().min(1).max(2_147_483_647);
export const helpKeySchema = z.string().min(1).max(HELP_KEY_MAX);
