import type { ReactNode } from 'react';
import { MSG } from '@/lib/messages';
import { cn } from './cn';

export interface EmptyStateProps {
  /** Defaults to the spec's 'No Data Available'. */
  message?: ReactNode;
  /** An optional action, e.g. a reset-filters button. */
  children?: ReactNode;
  className?: string;
}

/** What an empty list shows. */
export function EmptyState({ message = MSG.noData, children, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-10 text-center', className)}>
      <p className="text-sm font-medium text-muted">{message}</p>
      {children}
    </div>
  );
}
