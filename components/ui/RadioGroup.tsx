'use client';

import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { joinIds } from './field-context';
import { FieldError } from './Field';
import { useDomId } from './ids';

export interface RadioOption {
  value: string | number;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  /** Controlled value (compared as a string). */
  value?: string | number | null;
  defaultValue?: string | number;
  onValueChange?: (value: string) => void;
  /** For `{...register('name')}`: onChange, onBlur and ref go to every radio. */
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
  error?: ReactNode;
  help?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Lay the options out in a row (wraps on small screens). */
  inline?: boolean;
  hideLegend?: boolean;
  className?: string;
}

/** Native radios in a fieldset with a legend; arrow keys move between options. */
export function RadioGroup(props: RadioGroupProps) {
  const { legend, name, options, value, defaultValue, onValueChange, onChange, onBlur, ref } = props;
  const { error, help, required = false, disabled, inline = false, hideLegend = false, className } = props;
  const base = useDomId('r');
  const helpId = help ? `${base}-help` : undefined;
  const errId = error ? `${base}-error` : undefined;
  const controlled = value !== undefined;

  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${base}-legend`}
      className={cn('flex flex-col gap-1', className)}
      aria-describedby={joinIds(helpId, errId)}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend id={`${base}-legend`} className={cn('mb-1 text-sm font-medium text-ink', hideLegend && 'sr-only')}>
        {legend}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {help && (
        <p id={helpId} className="text-xs text-muted">
          {help}
        </p>
      )}
      <div className={cn('flex gap-x-6 gap-y-2', inline ? 'flex-row flex-wrap' : 'flex-col')}>
        {options.map((o, i) => {
          const id = `${base}-${i}`;
          const v = String(o.value);
          return (
            <div key={v} className="flex items-start gap-2">
              <input
                ref={ref}
                id={id}
                type="radio"
                name={name}
                value={v}
                disabled={o.disabled}
                aria-describedby={o.description ? `${id}-desc` : undefined}
                {...(controlled
                  ? { checked: String(value ?? '') === v }
                  : defaultValue !== undefined
                    ? { defaultChecked: String(defaultValue) === v }
                    : {})}
                onChange={(e) => {
                  onChange?.(e);
                  if (e.target.checked) onValueChange?.(v);
                }}
                onBlur={onBlur}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
              />
              <div className="flex flex-col">
                <label htmlFor={id} className="cursor-pointer text-sm text-ink">
                  {o.label}
                </label>
                {o.description && (
                  <span id={`${id}-desc`} className="text-xs text-muted">
                    {o.description}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && <FieldError id={errId}>{error}</FieldError>}
    </fieldset>
  );
}
