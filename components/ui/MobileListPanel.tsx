'use client';

import type { ReactNode } from 'react';
import { SORT_ASC, SORT_DESC } from '@/lib/reference';
import { Field } from './Field';
import { FilterIcon, ChevronDownIcon } from './icons';
import { Select, type SelectOption } from './Select';

export interface MobileListPanelProps {
  /** Filter controls of the list. */
  filters?: ReactNode;
  sort?: { column: number; direction: number };
  /** Sort choices; no sort controls when empty. */
  sortOptions: readonly SelectOption[];
  onSortChange?: (sort: { column: number; direction: number }) => void;
  label?: string;
}

/** The collapsible "Filter and sort" panel above a mobile card list (native <details>: keyboard-ready). */
export function MobileListPanel({
  filters,
  sort,
  sortOptions,
  onSortChange,
  label = 'Filter and sort',
}: MobileListPanelProps) {
  const hasSort = sortOptions.length > 0 && onSortChange !== undefined;
  if (!filters && !hasSort) return null;
  const column = sort?.column ?? Number(sortOptions[0]?.value ?? 0);
  const direction = sort?.direction ?? SORT_DESC;
  return (
    <details className="group rounded-lg border border-line bg-surface">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <FilterIcon />
          {label}
        </span>
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="flex flex-col gap-4 border-t border-line px-4 py-4">
        {hasSort && (
          <div className="grid grid-cols-2 gap-3">
            <Field label="Sort by">
              <Select
                value={column}
                options={sortOptions}
                onChange={(e) => onSortChange({ column: Number(e.target.value), direction })}
              />
            </Field>
            <Field label="Order">
              <Select
                value={direction}
                options={[
                  { value: SORT_ASC, label: 'Ascending' },
                  { value: SORT_DESC, label: 'Descending' },
                ]}
                onChange={(e) => onSortChange({ column, direction: Number(e.target.value) })}
              />
            </Field>
          </div>
        )}
        {filters}
      </div>
    </details>
  );
}
