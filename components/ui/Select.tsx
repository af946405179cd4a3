'use client';

import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses, controlHeight } from './control-styles';
import { useEarlyValue } from './early-value';
import { useFieldControl, useMergedRefs } from './field-context';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Options to render (or pass <option> children). */
  options?: readonly SelectOption[];
  /** A first option with an empty value, e.g. "Select…". */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A styled native <select>: keyboard, type-ahead and screen readers work as the platform does. The wrapper's .sel
 * class (app/globals.css) draws the chevron and keeps the select's text clear of it. Controlled, it adopts what was
 * chosen in it before the page's script ran (early-value.ts).
 */
export function Select({ options, placeholder, className, children, ref, ...rest }: SelectProps) {
  const aria = useFieldControl(rest);
  const own = useEarlyValue(rest.value, rest.onChange);
  const refs = useMergedRefs(own, ref);
  return (
    <div className={cn('sel', className)}>
      <select ref={refs} {...rest} {...aria} className={cn(controlClasses, controlHeight)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={String(o.value)} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}
