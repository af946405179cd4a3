/**
 * The shapes of the news API (app/api/Notification/*; lib/jobs/news.ts): the answers the OpenAPI document shows
 * and the browser reads. Browser-safe.
 */
import { z } from 'zod';

export const newsItemAnswer = z.object({
  position: z.string(),
  id: z.number().int(),
  kind: z.enum(['job.status_changed', 'job.file_added', 'invoice.issued', 'job.message']),
  jb: z.string().nullable(),
  status: z.number().int().nullable(),
  statusLabel: z.string().nullable(),
  title: z.string(),
  href: z.string(),
  inBell: z.boolean(),
  read: z.boolean(),
  occurredAt: z.string(),
});

/** The poll where a stream cannot go: the news after `since`, and the position to ask from next. */
export const newsPollAnswer = z.object({ items: z.array(newsItemAnswer), position: z.string() });

export const bellAnswer = z.object({ items: z.array(newsItemAnswer), unread: z.number().int() });

/** Mark read: these lines, or without ids all of them. */
export const markReadBody = z.object({ ids: z.array(z.number().int().positive()).max(200).optional() }).strict();

export const markReadAnswer = z.object({ unread: z.number().int() });
