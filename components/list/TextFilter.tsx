'use client';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { useListParams } from './useListParams';
import { useParamText } from './useParamText';

/**
 * A 'contains' text filter bound to one URL parameter, debounced by 400 ms. Pass `id` when the
 * same filter is rendered twice (desktop filters and the mobile filter panel).
 */
export function TextFilter({
  name,
  label,
  placeholder,
  id,
}: {
  name: string;
  label: string;
  placeholder?: string;
  id?: string;
}) {
  const { set } = useListParams();
  const { value, onChange } = useParamText(name, (v) => set({ [name]: v.trim() || null }));
  return (
    <Field label={label} id={id ?? `filter-${name}`}>
      <Input
        type="search"
        value={value}
        placeholder={placeholder}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
