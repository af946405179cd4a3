'use client';

import { useEffect, useRef, useState, type ChangeEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses } from './control-styles';
import { useFieldControl, useMergedRefs } from './field-context';
import { useDomId } from './ids';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Shows "n / maxLength" under the box (needs maxLength). */
  showCount?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line input with an optional character counter (works controlled, uncontrolled or registered). */
export function Textarea({ className, showCount = false, maxLength, rows = 4, onChange, ref, ...rest }: TextareaProps) {
  const counterId = useDomId('c');
  const withCount = showCount && typeof maxLength === 'number';
  const aria = useFieldControl(rest, withCount ? counterId : undefined);
  const own = useRef<HTMLTextAreaElement | null>(null);
  const refs = useMergedRefs(own, ref);
  const [typed, setTyped] = useState(() => String(rest.defaultValue ?? '').length);
  // Registered (uncontrolled) forms may set the value after mount without an input event.
  useEffect(() => {
    if (own.current) setTyped(own.current.value.length);
  }, []);
  const count = typeof rest.value === 'string' ? rest.value.length : typed;

  function handleChange(e: ChangeEvent<HTMLTextAreaElement>) {
    setTyped(e.target.value.length);
    onChange?.(e);
  }

  return (
    <div className="flex flex-col gap-1">
      <textarea
        ref={refs}
        rows={rows}
        maxLength={maxLength}
        onChange={handleChange}
        {...rest}
        {...aria}
        className={cn(controlClasses, 'py-2 leading-5', className)}
      />
      {withCount && (
        <p id={counterId} className="self-end text-xs text-muted tabular-nums">
          {count} / {maxLength}
          <span className="sr-only"> characters used</span>
        </p>
      )}
    </div>
  );
}
