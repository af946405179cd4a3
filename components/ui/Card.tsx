import type { ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps {
  /** Optional header title; `titleAs` picks the heading level (default h2). */
  title?: ReactNode;
  titleAs?: 'h2' | 'h3' | 'h4';
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** Render as a list item or section (default div). */
  as?: 'div' | 'section' | 'article' | 'li';
  /** Colours the left edge with a job status (data-status). */
  status?: number;
  padded?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A white panel with an optional header and footer. */
export function Card({ title, titleAs = 'h2', actions, footer, as = 'div', status, padded = true, className, children }: CardProps) {
  const Root = as;
  const Title = titleAs;
  return (
    <Root
      data-status={status}
      className={cn(
        'rounded-lg border border-line bg-surface shadow-xs',
        status !== undefined && 'border-l-4 border-l-(--status-dot)',
        className,
      )}
    >
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          {title && <Title className="text-base font-semibold text-ink">{title}</Title>}
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      <div className={cn(padded && 'p-4')}>{children}</div>
      {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line px-4 py-3">{footer}</div>}
    </Root>
  );
}
