'use client';

import { createContext, useContext, useMemo, type Ref } from 'react';

/** What a Field tells the control inside it: its id, help/error ids, invalid and required state. */
export interface FieldControlContext {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

export const FieldContext = createContext<FieldControlContext | null>(null);

interface ControlAriaProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-required'?: boolean | 'true' | 'false';
}

export function joinIds(...ids: (string | undefined | null | false)[]): string | undefined {
  const list = ids.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return list.length > 0 ? list.join(' ') : undefined;
}

/** Merges a control's own aria props with those of the surrounding Field (own props win). */
export function useFieldControl(props: ControlAriaProps, extraDescribedBy?: string) {
  const ctx = useContext(FieldContext);
  const invalid = props['aria-invalid'] ?? (ctx?.invalid ? true : undefined);
  return {
    id: props.id ?? ctx?.id,
    'aria-describedby': joinIds(ctx?.describedBy, props['aria-describedby'], extraDescribedBy),
    'aria-invalid': invalid,
    'aria-required': props['aria-required'] ?? (ctx?.required ? true : undefined),
  };
}

/** Calls every ref with the element (React 19 refs are plain props). */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (el: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    }
  };
}

/**
 * mergeRefs kept across renders while both refs stay the same: a new callback on every render would make React
 * detach and attach the element each time.
 */
export function useMergedRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): (el: T | null) => void {
  return useMemo(() => mergeRefs(a, b), [a, b]);
}
