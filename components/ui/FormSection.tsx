import type { ReactNode } from 'react';
import { cn } from './cn';
import { useDomId } from './ids';

export interface FormSectionProps {
  title: ReactNode;
  description?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 2 | 3 | 4;
  /** Grid columns on md+ screens (fields stack on mobile). */
  columns?: 1 | 2 | 3;
  /** Prefix of the heading id (generated when omitted). */
  id?: string;
  className?: string;
  children: ReactNode;
}

const headings = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;
const grid = { 1: 'md:grid-cols-1', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3' } as const;

/** A titled group of fields: a <section> named by its heading, fields in a responsive grid. */
export function FormSection({ title, description, level = 2, columns = 2, id, className, children }: FormSectionProps) {
  const Heading = headings[level];
  const headingId = `${useDomId('s', id)}-title`;
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-4', className)}>
      <div className="flex flex-col gap-1 border-b border-line pb-2">
        <Heading id={headingId} className="section-title">
          {title}
        </Heading>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      <div className={cn('grid grid-cols-1 gap-x-6 gap-y-4', grid[columns])}>{children}</div>
    </section>
  );
}
