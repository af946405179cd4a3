/**
 * The strip's counts by name: the list behind each count and its label. Browser-safe (no database), so the
 * strip renders in the browser from the counts alone (components/jobs/AttentionStrip.tsx); lib/jobs/attention.ts
 * counts them.
 */
import { DEFAULT_JOB_QUERY, type JobListQuery } from './list-schema';
import { STATUS } from './workflow-rules';

export type JobAttentionKey =
  | 'due24'
  | 'overdue'
  | 'waiting'
  | 'readyForCollection'
  | 'deliveredRecently'
  | 'deliveredWithFiles'
  | 'deliveredWithoutFeedback';

/**
 * The statuses in which the provider is working on a job, the only ones "Overdue" counts: a job on hold, waiting for
 * payment, awaiting a cost estimate or ready for collection waits on the client and has its own tile, so the tiles
 * never count one job twice. Ascending, as the list normalises its statuses.
 */
export const IN_WORK_STATUSES: number[] = [
  STATUS.submitted,
  STATUS.beingCollected,
  STATUS.notStarted,
  STATUS.started,
  STATUS.qaStarted,
  STATUS.readyForDelivery,
  STATUS.beingDelivered,
].sort((a, b) => a - b);

const q = (over: Partial<JobListQuery>): JobListQuery => ({ ...DEFAULT_JOB_QUERY, ...over });

/** The list behind each count (its URL is `querySearchParams` of the query). */
export const ATTENTION_QUERIES: Record<JobAttentionKey, JobListQuery> = {
  due24: q({ attention: 'due24', sortBy: 6, sortOrder: 1 }),
  overdue: q({ timeDue: 1, statuses: IN_WORK_STATUSES, sortBy: 6, sortOrder: 1 }),
  waiting: q({ statuses: [STATUS.onHold, STATUS.waitingForPayment] }),
  readyForCollection: q({ statuses: [STATUS.readyForCollection] }),
  deliveredRecently: q({ timeDelivered: 3, sortBy: 7, sortOrder: 2 }),
  deliveredWithFiles: q({ attention: 'files' }),
  deliveredWithoutFeedback: q({ attention: 'nofeedback' }),
};

/**
 * Whose jobs the strip counts: the firm's, or the viewer's own (ordered by them or naming them as contact, the list's
 * "Only my jobs"). A client administrator looks after the firm and starts with the firm's; everyone else starts with
 * their own. Either can switch (`STRIP_PARAM`).
 */
export type StripScope = 'firm' | 'mine';
export const STRIP_SCOPES: readonly StripScope[] = ['firm', 'mine'];
/** /JobClient?tiles=firm|mine: the strip's scope when the viewer chose one. */
export const STRIP_PARAM = 'tiles';

/** The list behind a count in a scope: the firm's list, or the same list of the viewer's own jobs. */
export function attentionQuery(key: JobAttentionKey, scope: StripScope): JobListQuery {
  const query = ATTENTION_QUERIES[key];
  return scope === 'mine' ? { ...query, mine: true } : query;
}

export const ATTENTION_LABELS: Record<JobAttentionKey, string> = {
  due24: 'Due within 24 hours',
  overdue: 'Overdue',
  waiting: 'Waiting on you (On Hold, Waiting For Payment)',
  readyForCollection: 'Ready for collection',
  deliveredRecently: 'Delivered in the last 7 days',
  deliveredWithFiles: 'Delivered with files to download',
  deliveredWithoutFeedback: 'Delivered without feedback',
};

export interface AttentionCount {
  n: number;
  /** More match than the count looks at (n is COUNT_CAP + 1, shown as "1,000+"), as the list's total says. */
  capped: boolean;
}

export type JobAttentionCounts = Record<JobAttentionKey, AttentionCount>;
