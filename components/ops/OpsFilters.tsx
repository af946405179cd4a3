'use client';
/**
 * The filters of a staff list, kept in the URL like the client lists (components/list): a debounced text
 * filter, choice filters and the page size. The server component renders the list from the URL.
 */
import { TextFilter } from '@/components/list/TextFilter';
import { useListParams } from '@/components/list/useListParams';
import { Field } from '@/components/ui/Field';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Select } from '@/components/ui/Select';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';

export interface ChoiceFilter {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

export function OpsFilters({
  label,
  text,
  choices = [],
  pageSize,
}: {
  label: string;
  text: { name: string; label: string };
  choices?: readonly ChoiceFilter[];
  pageSize: number;
}) {
  const { params, set, pending } = useListParams();
  return (
    <div
      role="search"
      aria-label={label}
      aria-busy={pending}
      className="grid gap-3 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextFilter name={text.name} label={text.label} />
      {choices.map((c) => (
        <Field key={c.name} label={c.label} id={`filter-${c.name}`}>
          <Select
            value={params.get(c.name) ?? ''}
            onChange={(e) => set({ [c.name]: e.target.value || null })}
            options={c.options}
          />
        </Field>
      ))}
      <PageSizeSelect
        value={pageSize}
        id="filter-pageSize"
        onPageSizeChange={(size) => set({ pageSize: size === DEFAULT_PAGE_SIZE ? null : size })}
      />
    </div>
  );
}
