'use client';

import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { ChevronDownIcon } from './icons';

export type AccordionProps = ComponentProps<typeof RadixAccordion.Root>;

/** Radix accordion root: pass type="single" collapsible, or type="multiple". Arrow keys move between headers. */
export function Accordion({ className, ...props }: AccordionProps) {
  return (
    <RadixAccordion.Root
      className={cn('divide-y divide-line rounded-lg border border-line bg-surface', className)}
      {...props}
    />
  );
}

export interface AccordionItemProps {
  value: string;
  title: ReactNode;
  /** Heading level wrapping the trigger (default 3). */
  level?: 2 | 3 | 4;
  disabled?: boolean;
  children: ReactNode;
}

const headings = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/** One section: a heading with a toggle button (aria-expanded) and its panel. */
export function AccordionItem({ value, title, level = 3, disabled, children }: AccordionItemProps) {
  const Heading = headings[level];
  return (
    <RadixAccordion.Item value={value} disabled={disabled}>
      <RadixAccordion.Header asChild>
        <Heading className="m-0">
          <RadixAccordion.Trigger
            data-print="keep"
            className="group flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm font-semibold text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-muted"
          >
            {title}
            <ChevronDownIcon className="size-4 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className="px-4 pt-1 pb-4 text-sm">{children}</RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
