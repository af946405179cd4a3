import { statusLabel } from '@/lib/reference';
import { cn } from './cn';
import { badgeBase } from './Badge';

export interface StatusBadgeProps {
  /** A job status id of JOB_STATUSES (15, 12, 6, 9, 1, 2, 7, 4, 14, 8, 3, 13, 10). */
  status: number;
  /** Text to show instead of the reference label (e.g. the label the server sent). */
  label?: string;
  className?: string;
}

/** The job status as a coloured pill: same colours in lists, cards, filters and the slip. */
export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  return (
    // The dot is the badge's ::before (app/globals.css .badge-st): decorative, and not one more element per row.
    <span data-status={status} className={cn(badgeBase, 'badge-st', className)}>
      {label ?? statusLabel(status)}
    </span>
  );
}

/** Just the coloured dot, for places that already show the label (e.g. a filter checkbox). */
export function StatusDot({ status, className }: { status: number; className?: string }) {
  return (
    <span
      data-status={status}
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full bg-(--status-dot)', className)}
    />
  );
}
