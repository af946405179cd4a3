/**
 * Webhook endpoints (/Ops/Webhooks): ONE schema for the browser form and the server action.
 * Browser-safe.
 */
import { z } from 'zod';
import { FIELD_MSG, hasHtmlTag, hasNul } from '@/lib/validation';

/** The events an endpoint can subscribe to, in the order the form offers them. */
export const WEBHOOK_EVENTS = [
  'job.created',
  'job.status_changed',
  'job.assigned',
  'job.feedback',
  'invoice.issued',
  'invoice.paid',
  'payment.received',
  'invoice.voided',
  'credit_note.issued',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'job.created': 'A job is ordered',
  'job.status_changed': 'A job’s status changes',
  'job.assigned': 'A job is assigned to a staff user (or unassigned)',
  'job.feedback': 'A client gives feedback on a job',
  'invoice.issued': 'An invoice is issued',
  'invoice.paid': 'An invoice is paid',
  'payment.received': 'A payment is recorded against an invoice (one event per invoice it pays)',
  'invoice.voided': 'An invoice is voided',
  'credit_note.issued': 'An adjustment note is issued against an invoice',
};

export const WEBHOOK_MSG = {
  url: 'Please enter the address as a full http:// or https:// URL without a user name or password.',
  events: 'Please choose at least one event.',
  notFound: 'This webhook endpoint does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  deliveryBusy: 'This delivery is being sent right now. Please try again in a minute.',
  privateAddress: 'This address is on a private or local network; webhooks are only sent to public addresses.',
} as const;

export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 200;

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && u.hostname !== '';
  } catch {
    return false;
  }
}

export const webhookEndpointFormSchema = z.object({
  url: z
    .string({ error: FIELD_MSG.required })
    .transform((v) => v.trim())
    .pipe(
      z.string().min(1, FIELD_MSG.required).max(URL_MAX, FIELD_MSG.tooLong(URL_MAX)).refine(isHttpUrl, WEBHOOK_MSG.url),
    ),
  description: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(
      z
        .string()
        .max(DESCRIPTION_MAX, FIELD_MSG.tooLong(DESCRIPTION_MAX))
        .refine((v) => !hasHtmlTag(v), FIELD_MSG.htmlTags)
        .refine((v) => !hasNul(v), FIELD_MSG.nulCharacter),
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.events }), { error: WEBHOOK_MSG.events })
    .min(1, WEBHOOK_MSG.events)
    .transform((v) => WEBHOOK_EVENTS.filter((e) => v.includes(e))),
});
export type WebhookEndpointFormInput = z.input<typeof webhookEndpointFormSchema>;
export type WebhookEndpointForm = z.output<typeof webhookEndpointFormSchema>;

/** A row id sent back by a staff action (an endpoint or a delivery). */
export const webhookIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
