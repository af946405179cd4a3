'use client';

/** Groups of checkboxes bound to the job order form: a list of codes, or a list of `{ type, selectedValue }` items. */
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Checkbox';
import type { JobOrderInput } from '@/lib/jobs/schema';
import { toCode } from '@/lib/validation';
import { fieldId, type CodeOption, type OrderPath } from './fields';

function Group({
  id,
  legend,
  error,
  required,
  children,
}: {
  id: string;
  legend: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-ink">
        {legend}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="flex flex-row flex-wrap gap-x-6 gap-y-2">{children}</div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const codesOf = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(toCode).filter((c): c is number => c !== undefined) : [];

/** A set of codes as checkboxes (e.g. additional tasks, service recipients): the value is the list of ticked codes. */
export function CodeCheckboxes(props: { name: OrderPath; legend: string; options: readonly CodeOption[] }) {
  return (
    <Controller<JobOrderInput>
      name={props.name}
      render={({ field, fieldState }) => {
        const ticked = codesOf(field.value);
        return (
          <Group id={fieldId(props.name)} legend={props.legend} error={fieldState.error?.message}>
            {props.options.map((o) => (
              <Checkbox
                key={o.id}
                label={o.name}
                checked={ticked.includes(o.id)}
                onChange={(e) =>
                  field.onChange(
                    e.target.checked ? [...ticked, o.id].sort((a, b) => a - b) : ticked.filter((c) => c !== o.id),
                  )
                }
                onBlur={field.onBlur}
              />
            ))}
          </Group>
        );
      }}
    />
  );
}

type SelectionItem = { selectedValue?: boolean | null } & Record<string, unknown>;
const itemsOf = (v: unknown): SelectionItem[] =>
  Array.isArray(v) ? v.filter((i): i is SelectionItem => typeof i === 'object' && i !== null) : [];

/**
 * A list of `{ <typeKey>: type, selectedValue }` items as checkboxes (exclude-from-numbering, inserts, other
 * files, delivery): one item per option, in option order.
 */
export function SelectionCheckboxes(props: {
  name: OrderPath;
  legend: string;
  typeKey: string;
  options: readonly CodeOption[];
  required?: boolean;
}) {
  const { name, legend, typeKey, options, required } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => {
        const items = itemsOf(field.value);
        const isTicked = (type: number) => items.some((i) => toCode(i[typeKey]) === type && i.selectedValue === true);
        return (
          <Group id={fieldId(name)} legend={legend} required={required} error={fieldState.error?.message}>
            {options.map((o) => (
              <Checkbox
                key={o.id}
                label={o.name}
                checked={isTicked(o.id)}
                onChange={(e) =>
                  field.onChange(
                    options.map((x) => ({
                      [typeKey]: x.id,
                      selectedValue: x.id === o.id ? e.target.checked : isTicked(x.id),
                    })),
                  )
                }
                onBlur={field.onBlur}
              />
            ))}
          </Group>
        );
      }}
    />
  );
}
