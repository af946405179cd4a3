/**
 * The strip's counts (issue 28) by name: the list behind each count and its label. Browser-safe (no database), so the
 * strip renders in the browser from the counts alone (components/jobs/AttentionStrip.tsx); lib/jobs/attention.ts
 * counts them.
 */
import { DEFAULT_JOB_QUERY, type JobListQuery } from './list-schema';

export type JobAttentionKey =
  | 'due24'
  | 'overdue'
  | 'waiting'
  | 'readyForCollection'
  | 'deliveredRecently'
  | 'deliveredWithFiles'
  | 'deliveredWithoutFeedback';

const q = (over: Partial<JobListQuery>): JobListQuery => ({ ...DEFAULT_JOB_QUERY, ...over });

/** The list behind each count (its URL is `querySearchParams` of the query). */
export const ATTENTION_QUERIES: Record<JobAttentionKey, JobListQuery> = {
  due24: q({ attention: 'due24', sortBy: 6, sortOrder: 1 }),
  overdue: q({ timeDue: 1, sortBy: 6, sortOrder: 1 }),
  waiting: q({ statuses: [3, 13] }),
  readyForCollection: q({ statuses: [6] }),
  deliveredRecently: q({ timeDelivered: 3, sortBy: 7, sortOrder: 2 }),
  deliveredWithFiles: q({ attention: 'files' }),
  deliveredWithoutFeedback: q({ attention: 'nofeedback' }),
};

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
