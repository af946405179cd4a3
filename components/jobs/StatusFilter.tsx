'use client';
/**
 * The job status multi-select (spec §3 JobStatusModel): a button that opens a list of the 13 statuses as
 * checkboxes, with their status colours. Each change applies at once (the URL holds the selection).
 */
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { StatusDot } from '@/components/ui/StatusBadge';
import { cn } from '@/components/ui/cn';
import { controlClasses, controlHeight } from '@/components/ui/control-styles';
import { JOB_STATUSES } from '@/lib/reference';

export interface StatusFilterProps {
  id: string;
  value: readonly number[];
  onChange: (statuses: number[]) => void;
}

export function StatusFilter({ id, value, onChange }: StatusFilterProps) {
  // Ticks show at once; the URL (and so `value`) follows when the list has reloaded.
  const [shown, setShown] = useState<{ from: string; ids: readonly number[] }>({ from: value.join(), ids: value });
  const current = shown.from === value.join() ? shown.ids : value;
  const chosen = new Set(current);
  const summary =
    current.length === 0
      ? 'Any status'
      : current.length === 1
        ? (JOB_STATUSES.find((s) => s.id === current[0])?.label ?? '1 selected')
        : `${current.length} selected`;
  const toggle = (statusId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(statusId);
    else next.delete(statusId);
    const ids = [...next].sort((a, b) => a - b);
    setShown({ from: value.join(), ids });
    onChange(ids);
  };
  return (
    <div className="fld">
      <span id={`${id}-label`} className="lbl">
        Status
      </span>
      <Popover.Root>
        <Popover.Trigger
          id={id}
          aria-labelledby={`${id}-label ${id}`}
          className={cn(controlClasses, controlHeight, 'ctl-dd')}
        >
          {/* .ctl-dd (app/globals.css) draws the chevron after the summary. */}
          <span className="truncate">{summary}</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            aria-label="Status filter"
            align="start"
            sideOffset={4}
            className="z-50 w-64 rounded-md border border-line bg-surface p-2 shadow-lg focus:outline-none"
          >
            <fieldset>
              <legend className="sr-only">Job status</legend>
              <ul className="flex max-h-80 flex-col overflow-y-auto">
                {JOB_STATUSES.map((s) => (
                  <li key={s.id}>
                    <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={chosen.has(s.id)}
                        onChange={(e) => toggle(s.id, e.target.checked)}
                      />
                      <StatusDot status={s.id} />
                      {s.label}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            {current.length > 0 && (
              <button
                type="button"
                className="mt-1 w-full rounded px-2 py-1.5 text-left text-sm text-brand-700 hover:bg-brand-50"
                onClick={() => {
                  setShown({ from: value.join(), ids: [] });
                  onChange([]);
                }}
              >
                Clear status filter
              </button>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
