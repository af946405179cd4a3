'use client';
import { useState } from 'react';
import { Field, Input } from '@/components/ui';
import { useDebounced, useListParams } from './useListParams';

/** A 'contains' text filter bound to one URL parameter, debounced by 400 ms. */
export function TextFilter({ name, label, placeholder }: { name: string; label: string; placeholder?: string }) {
  const { params, set } = useListParams();
  const [value, setValue] = useState(params.get(name) ?? '');
  const push = useDebounced((v: string) => set({ [name]: v.trim() || null }));
  return (
    <Field label={label} id={`filter-${name}`}>
      <Input
        type="search"
        value={value}
        placeholder={placeholder}
        maxLength={100}
        onChange={(e) => {
          setValue(e.target.value);
          push(e.target.value);
        }}
      />
    </Field>
  );
}
