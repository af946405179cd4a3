'use client';

import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { joinIds } from './field-context';
import { FieldError } from './Field';
import { useDomId } from './ids';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** Extra text under the label, read as the checkbox's description. */
  description?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label to the right. Spread `register('name')` onto it. */
export function Checkbox({ label, description, error, id, className, ref, ...rest }: CheckboxProps) {
  const inputId = useDomId('cb', id);
  const descId = description ? `${inputId}-desc` : undefined;
  const errId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2">
        <input
          {...rest}
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-describedby={joinIds(descId, errId, rest['aria-describedby'])}
          aria-invalid={error ? true : rest['aria-invalid']}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
        />
        <div className="flex flex-col">
          <label htmlFor={inputId} className="cursor-pointer text-sm text-ink">
            {label}
          </label>
          {description && (
            <span id={descId} className="text-xs text-muted">
              {description}
            </span>
          )}
        </div>
      </div>
      {error && <FieldError id={errId}>{error}</FieldError>}
    </div>
  );
}
