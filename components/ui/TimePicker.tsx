'use client';

import type { Ref, SelectHTMLAttributes } from 'react';
import { timeOptions } from './date-input';
import { Select } from './Select';

const OPTIONS = timeOptions();

export interface TimePickerProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'defaultValue'> {
  /** 'hh:mm AM/PM' ('' when empty). A value off the 15-minute grid is kept as an extra option. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Text of the empty choice; pass null for no empty choice. */
  placeholder?: string | null;
  ref?: Ref<HTMLSelectElement>;
}

/** 12-hour time in 15-minute steps as a native select (keyboard and type-ahead work everywhere). */
export function TimePicker({
  value,
  defaultValue,
  onValueChange,
  onChange,
  placeholder = 'Select time',
  ref,
  ...rest
}: TimePickerProps) {
  const current = value ?? defaultValue ?? '';
  const extra = current !== '' && !OPTIONS.includes(current) ? [current] : [];
  const options = [...extra, ...OPTIONS].map((t) => ({ value: t, label: t }));
  return (
    <Select
      ref={ref}
      {...rest}
      value={value}
      defaultValue={defaultValue}
      placeholder={placeholder ?? undefined}
      options={options}
      onChange={(e) => {
        onChange?.(e);
        onValueChange?.(e.target.value);
      }}
    />
  );
}
