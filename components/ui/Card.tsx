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

/** A white panel with an optional header and footer (the .card classes of app/globals.css). */
export function Card({
  title,
  titleAs = 'h2',
  actions,
  footer,
  as = 'div',
  status,
  padded = true,
  className,
  children,
}: CardProps) {
  const Root = as;
  const Title = titleAs;
  return (
    <Root data-status={status} className={cn('card', status !== undefined && 'card-st', className)}>
      {(title || actions) && (
        <div className="card-h">
          {title && <Title className="card-t">{title}</Title>}
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      <div className={cn(padded && 'p-4')}>{children}</div>
      {footer && <div className="card-f">{footer}</div>}
    </Root>
  );
}
