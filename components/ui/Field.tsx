'use client';

import { useMemo, type ReactNode } from 'react';
import { cn } from './cn';
import { FieldContext, joinIds } from './field-context';
import { ErrorIcon } from './icons';
import { useDomId } from './ids';

export interface FieldProps {
  label: ReactNode;
  /** The control's id (generated when omitted). The label points at it. */
  id?: string;
  /** Validation message; marks the control aria-invalid and describes it. */
  error?: ReactNode;
  /** Help text under the label, read with the control. */
  help?: ReactNode;
  /** Shows the required marker and sets aria-required on the control. */
  required?: boolean;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /**
   * Beside the label but outside it (a field's help button): a control inside a <label> would become part of the
   * field's accessible name ("Order type Help: Order type").
   */
  labelAside?: ReactNode;
  /**
   * Keeps room for a two-line error under the control whether or not one shows: an error appearing when the
   * field loses focus then moves nothing below it, so the click that left the field lands where it was aimed.
   */
  reserveError?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label + control + help + error, wired with htmlFor / aria-describedby / aria-invalid. Laid out by .fld (app/globals.css). */
export function Field({
  label,
  id,
  error,
  help,
  required = false,
  hideLabel = false,
  labelAside,
  reserveError = false,
  className,
  children,
}: FieldProps) {
  const controlId = useDomId('f', id);
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const invalid = Boolean(error);
  const ctx = useMemo(
    () => ({ id: controlId, describedBy: joinIds(helpId, errorId), invalid, required }),
    [controlId, helpId, errorId, invalid, required],
  );
  const labelEl = (
    <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'lbl'}>
      {label}
      {required && (
        <span className="ml-0.5 text-danger" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={cn('fld', className)}>
      {labelAside ? (
        <div className="flex items-center">
          {labelEl}
          {labelAside}
        </div>
      ) : (
        labelEl
      )}
      {help && (
        <p id={helpId} className="text-xs text-muted">
          {help}
        </p>
      )}
      <FieldContext.Provider value={ctx}>{children}</FieldContext.Provider>
      {reserveError ? (
        <div className="min-h-10" data-testid="error-room">
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </div>
      ) : (
        error && <FieldError id={errorId}>{error}</FieldError>
      )}
    </div>
  );
}

/** The red message under a control (also used by RadioGroup and Checkbox). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1 text-sm text-danger">
      <ErrorIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
