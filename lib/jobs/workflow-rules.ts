/**
 * The job workflow over the 13 statuses of spec §4, written once: which status may follow which, and the
 * status-change input (one zod schema for the staff form in the browser, the server action and any API).
 * Browser-safe. The service that applies it is lib/jobs/workflow.ts.
 *
 * The main line: Cost Estimate → Submitted → (Ready For Collection → Being Collected →) Not Started → Started →
 * QA Started → Ready For Delivery → Being Delivered → Delivered, where a step may be skipped when it does not
 * apply (nothing to collect, no QA, handed over at the counter). On Hold pauses any open job and resumes it at
 * any open step; Waiting For Payment holds work or delivery until the client pays; Cancelled ends an open job
 * (and can be undone to Submitted). Delivered is final. See docs/decisions/010-job-workflow-and-alerts.md.
 */
import { z } from 'zod';
import { JOB_STATUS_IDS, statusLabel } from '@/lib/reference';
import { textProblem } from '@/lib/validation-rules';

export const STATUS = {
  costEstimate: 15,
  submitted: 12,
  readyForCollection: 6,
  beingCollected: 9,
  notStarted: 1,
  started: 2,
  qaStarted: 7,
  readyForDelivery: 4,
  beingDelivered: 14,
  delivered: 8,
  onHold: 3,
  waitingForPayment: 13,
  cancelled: 10,
} as const;

const S = STATUS;

/** The statuses of work in progress, which On Hold may pause and resume to. */
const OPEN_STEPS = [
  S.submitted,
  S.readyForCollection,
  S.beingCollected,
  S.notStarted,
  S.started,
  S.qaStarted,
  S.readyForDelivery,
  S.beingDelivered,
] as const;

/** Allowed next statuses of each status (the order is the order offered to staff). */
export const TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  [S.costEstimate]: [S.submitted, S.waitingForPayment, S.onHold, S.cancelled],
  [S.submitted]: [S.readyForCollection, S.notStarted, S.started, S.waitingForPayment, S.onHold, S.cancelled],
  [S.readyForCollection]: [S.beingCollected, S.onHold, S.cancelled],
  [S.beingCollected]: [S.notStarted, S.started, S.onHold, S.cancelled],
  [S.notStarted]: [S.started, S.waitingForPayment, S.onHold, S.cancelled],
  [S.started]: [S.qaStarted, S.readyForDelivery, S.onHold, S.cancelled],
  [S.qaStarted]: [S.readyForDelivery, S.started, S.onHold, S.cancelled],
  [S.readyForDelivery]: [S.beingDelivered, S.delivered, S.waitingForPayment, S.onHold, S.cancelled],
  [S.beingDelivered]: [S.delivered, S.readyForDelivery, S.onHold],
  [S.delivered]: [],
  [S.onHold]: [...OPEN_STEPS, S.waitingForPayment, S.cancelled],
  [S.waitingForPayment]: [
    S.submitted,
    S.notStarted,
    S.started,
    S.readyForDelivery,
    S.beingDelivered,
    S.delivered,
    S.onHold,
    S.cancelled,
  ],
  [S.cancelled]: [S.submitted],
};

export function allowedNextStatuses(from: number): readonly number[] {
  return TRANSITIONS[from] ?? [];
}

export function canTransition(from: number, to: number): boolean {
  return allowedNextStatuses(from).includes(to);
}

export const WORKFLOW_MSG = {
  chooseStatus: 'Please choose the new status.',
  notAllowed: (from: number, to: number) => `A job cannot move from ${statusLabel(from)} to ${statusLabel(to)}.`,
  final: (from: number) => `A job that is ${statusLabel(from)} cannot change status.`,
  same: (status: number) => `The job is already ${statusLabel(status)}.`,
  changedMeanwhile: (now: number) =>
    `The job's status changed to ${statusLabel(now)} while you were looking at it. Please check it and try again.`,
  jobNotFound: 'Job not found.',
  changed: (to: number) => `Status changed to ${statusLabel(to)}.`,
  /** Asked before a job with no delivered file becomes Delivered; the change carries confirmNoDeliverable. */
  noDeliverable: 'No file has been delivered for this job. Set it to Delivered anyway?',
  /** The same question for several jobs, naming them (at most NAMED_MAX, then how many more). */
  noDeliverables: (numbers: readonly string[], more: number) =>
    `No file has been delivered for ${numbers.length + more === 1 ? 'job' : 'jobs'} ${numbers.join(', ')}${
      more > 0 ? ` and ${more} more` : ''
    }. Set ${numbers.length + more === 1 ? 'it' : 'them'} to Delivered anyway?`,
} as const;

/** The longest comment accepted with a status change. */
export const STATUS_COMMENT_MAX = 1000;

export const COMMENT_VISIBILITY = ['client', 'internal'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITY)[number];

const statusId = z.coerce
  .number({ error: WORKFLOW_MSG.chooseStatus })
  .int(WORKFLOW_MSG.chooseStatus)
  .refine((n) => JOB_STATUS_IDS.includes(n), WORKFLOW_MSG.chooseStatus);

/**
 * A status change: the new status, an optional comment (shown to the client, or internal only), and the status
 * the caller last saw (when given, a change made by someone else in between is refused with 409 instead of
 * being overwritten).
 */
export const statusChangeSchema = z.object({
  toStatus: statusId,
  comment: z
    .string()
    .nullish()
    .transform((v) => v ?? '')
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : textProblem(v, STATUS_COMMENT_MAX);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.trim()),
  visibility: z.enum(COMMENT_VISIBILITY, { error: 'Please choose who may see the comment.' }).default('client'),
  expectedStatus: z.coerce.number().int().optional(),
  /**
   * The person has confirmed that the job may become Delivered with no delivered file. Without it such a change
   * is refused (409, on this field) so that the form can ask first.
   */
  confirmNoDeliverable: z.boolean().optional(),
});

export type StatusChangeInput = z.input<typeof statusChangeSchema>;
export type StatusChange = z.output<typeof statusChangeSchema>;
