'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { controlClasses, controlHeight } from './control-styles';
import { useFieldControl } from './field-context';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A text-like input. Inside a Field it takes the Field's id, description and invalid state. */
export function Input({ className, type = 'text', ref, ...rest }: InputProps) {
  const aria = useFieldControl(rest);
  return <input ref={ref} type={type} {...rest} {...aria} className={cn(controlClasses, controlHeight, className)} />;
}
