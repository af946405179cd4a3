'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { controlClasses, controlHeight } from './control-styles';
import { useEarlyValue } from './early-value';
import { useFieldControl, useMergedRefs } from './field-context';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text-like input. Inside a Field it takes the Field's id, description and invalid state. Controlled, it adopts
 * what was typed into it before the page's script ran (early-value.ts).
 */
export function Input({ className, type = 'text', ref, ...rest }: InputProps) {
  const aria = useFieldControl(rest);
  const own = useEarlyValue(rest.value, rest.onChange);
  const refs = useMergedRefs(own, ref);
  return <input ref={refs} type={type} {...rest} {...aria} className={cn(controlClasses, controlHeight, className)} />;
}
