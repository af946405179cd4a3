'use client';

import * as Popover from '@radix-ui/react-popover';
import { useRef, useState, type FocusEvent, type Ref } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { cn } from './cn';
import { controlClasses, controlHeight } from './control-styles';
import { formatPickerDate, fromLocalDate, normalizePickerDate, parsePickerDate, toLocalDate } from './date-input';
import { useFieldControl, useMergedRefs } from './field-context';
import { CalendarIcon } from './icons';
import { useDomId } from './ids';

export interface DatePickerProps {
  /** dd/MM/yyyy text ('' when empty). Controlled when set. */
  value?: string;
  defaultValue?: string;
  /** Called with the text as typed, and with dd/MM/yyyy after a pick or on blur when it parses. */
  onChange?: (value: string) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  name?: string;
  id?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** Days before/after these are disabled in the calendar (typing is checked by the form schema). */
  minDate?: Date;
  maxDate?: Date;
  /** "Today" in the user's time zone (defaults to the browser's). */
  today?: Date;
  placeholder?: string;
  calendarLabel?: string;
  captionLayout?: 'label' | 'dropdown';
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A dd/MM/yyyy text box with a calendar button (react-day-picker in a popover). */
export function DatePicker(props: DatePickerProps) {
  const { value, defaultValue = '', onChange, onBlur, name, disabled, readOnly, minDate, maxDate, today } = props;
  const { placeholder = 'dd/mm/yyyy', calendarLabel = 'Choose date', captionLayout = 'label', ref, className } = props;
  const formatId = useDomId('fmt');
  const aria = useFieldControl(props, formatId);
  const [own, setOwn] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const refs = useMergedRefs(input, ref);
  const text = value ?? own;
  const parsed = parsePickerDate(text);
  const selected = parsed ? toLocalDate(parsed) : undefined;

  function set(next: string) {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  }

  const disabledDays: Matcher[] = [];
  if (minDate) disabledDays.push({ before: minDate });
  if (maxDate) disabledDays.push({ after: maxDate });

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className={cn('relative flex', className)}>
          <input
            ref={refs}
            type="text"
            inputMode="text"
            autoComplete="off"
            name={name}
            value={text}
            placeholder={placeholder}
            disabled={disabled}
            readOnly={readOnly}
            onChange={(e) => set(e.target.value)}
            onBlur={(e) => {
              const normal = normalizePickerDate(text);
              if (normal !== text) set(normal);
              onBlur?.(e);
            }}
            {...aria}
            className={cn(controlClasses, controlHeight, 'pr-11')}
          />
          <span id={formatId} className="sr-only">
            Format: dd/mm/yyyy
          </span>
          <Popover.Trigger
            type="button"
            disabled={disabled || readOnly}
            aria-label={calendarLabel}
            className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-500"
          >
            <CalendarIcon className="size-5" />
          </Popover.Trigger>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={calendarLabel}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            input.current?.focus();
          }}
          className="z-50 rounded-lg border border-line bg-surface p-3 text-ink shadow-lg"
        >
          <DayPicker
            mode="single"
            autoFocus
            selected={selected}
            defaultMonth={selected ?? today}
            today={today}
            disabled={disabledDays}
            captionLayout={captionLayout}
            startMonth={minDate}
            endMonth={maxDate}
            onSelect={(day) => {
              if (day) set(formatPickerDate(fromLocalDate(day)));
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
