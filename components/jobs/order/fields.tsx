'use client';

/**
 * Form controls of the job order bound to react-hook-form by name. Choices are stored as numbers (codes), texts
 * as strings, so the values are exactly what lib/jobs/schema.ts parses in the browser and on the server.
 * Every control is labelled, marks required fields, and links its error (Field / RadioGroup / Checkbox do that).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { HelpTip } from '@/components/shell/HelpTip';
import { Checkbox } from '@/components/ui/Checkbox';
import { DatePicker } from '@/components/ui/DatePicker';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { RadioGroup } from '@/components/ui/RadioGroup';
import { Select, type SelectOption } from '@/components/ui/Select';
import { Textarea } from '@/components/ui/Textarea';
import { TimePicker } from '@/components/ui/TimePicker';
import type { CodeOption } from '@/lib/jobs/options';
import type { JobOrderInput } from '@/lib/jobs/schema';
import { toCode } from '@/lib/validation';

export type OrderPath = Path<JobOrderInput>;

export type { CodeOption };

/** A DOM id from a field name ('copyInstructions.paperSize' → 'copyInstructions-paperSize'). */
export const fieldId = (name: string) => name.replace(/\./g, '-');

/** A field's help button, beside its label (Field's labelAside: not part of the field's name). */
function helpFor(label: string, helpKey: string | undefined): ReactNode {
  return helpKey ? <HelpTip helpKey={helpKey} label={label} /> : undefined;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' && !Number.isNaN(v) ? String(v) : '');
const codeText = (v: unknown) => {
  const c = toCode(v);
  return c === undefined ? '' : String(c);
};

/** Lets through digits and editing keys only (spec §5: numeric-only key filter). */
export function digitsOnlyKeys(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
  if (!/[0-9]/.test(e.key)) e.preventDefault();
}

interface BaseProps {
  name: OrderPath;
  label: string;
  required?: boolean;
  help?: ReactNode;
  helpKey?: string;
  className?: string;
}

export function TextField(
  props: BaseProps & {
    maxLength?: number;
    digitsOnly?: boolean;
    autoComplete?: string;
    type?: 'text' | 'email' | 'tel';
  },
) {
  const { name, label, required, help, helpKey, className, maxLength, digitsOnly, autoComplete, type = 'text' } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => (
        <Field
          id={fieldId(name)}
          label={label}
          labelAside={helpFor(label, helpKey)}
          required={required}
          help={help}
          error={fieldState.error?.message}
          className={className}
        >
          <Input
            ref={field.ref}
            name={field.name}
            type={type}
            value={asText(field.value)}
            maxLength={maxLength}
            autoComplete={autoComplete ?? 'off'}
            inputMode={digitsOnly ? 'numeric' : undefined}
            onKeyDown={digitsOnly ? digitsOnlyKeys : undefined}
            onChange={(e) => field.onChange(digitsOnly ? e.target.value.replace(/[^0-9]/g, '') : e.target.value)}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

export function TextAreaField(props: BaseProps & { maxLength: number; rows?: number }) {
  const { name, label, required, help, helpKey, className, maxLength, rows = 4 } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => (
        <Field
          id={fieldId(name)}
          label={label}
          labelAside={helpFor(label, helpKey)}
          required={required}
          help={help}
          error={fieldState.error?.message}
          className={className}
        >
          <Textarea
            ref={field.ref}
            name={field.name}
            rows={rows}
            maxLength={maxLength}
            showCount
            value={asText(field.value)}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

/** A choice among codes as radios (a fieldset with a legend). */
export function RadioField(
  props: BaseProps & {
    options: readonly CodeOption[];
    inline?: boolean;
    disabled?: boolean;
    onPick?: (code: number) => void;
  },
) {
  const { name, label, required, help, className, options, inline = true, disabled, onPick } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => (
        <div id={fieldId(name)} className={className}>
          <RadioGroup
            ref={field.ref}
            legend={label}
            name={field.name}
            required={required}
            help={help}
            inline={inline}
            disabled={disabled}
            error={fieldState.error?.message}
            options={options.map((o) => ({ value: o.id, label: o.name }))}
            value={codeText(field.value)}
            onValueChange={(v) => {
              field.onChange(Number(v));
              onPick?.(Number(v));
            }}
            onBlur={field.onBlur}
          />
        </div>
      )}
    />
  );
}

/** A choice among codes as a select. */
export function SelectField(
  props: BaseProps & {
    options: readonly SelectOption[];
    placeholder?: string;
    onPick?: (code: number | null) => void;
    dataTour?: string;
  },
) {
  const { name, label, required, help, helpKey, className, options, placeholder = 'Select…', onPick, dataTour } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => (
        <Field
          id={fieldId(name)}
          label={label}
          labelAside={helpFor(label, helpKey)}
          required={required}
          help={help}
          error={fieldState.error?.message}
          className={className}
        >
          <Select
            ref={field.ref}
            name={field.name}
            data-tour={dataTour}
            placeholder={placeholder}
            options={options}
            value={codeText(field.value)}
            onChange={(e) => {
              const next = e.target.value === '' ? null : Number(e.target.value);
              field.onChange(next);
              onPick?.(next);
            }}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

export function CheckboxField(props: {
  name: OrderPath;
  label: ReactNode;
  description?: ReactNode;
  onToggle?: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <Controller<JobOrderInput>
      name={props.name}
      render={({ field, fieldState }) => (
        <Checkbox
          ref={field.ref}
          id={fieldId(props.name)}
          name={field.name}
          label={props.label}
          description={props.description}
          className={props.className}
          error={fieldState.error?.message}
          checked={field.value === true}
          onChange={(e) => {
            field.onChange(e.target.checked);
            props.onToggle?.(e.target.checked);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

export function DateField(props: BaseProps & { today?: Date; minDate?: Date; onPicked?: (value: string) => void }) {
  const { name, label, required, help, helpKey, className, today, minDate, onPicked } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => (
        <Field
          id={fieldId(name)}
          label={label}
          labelAside={helpFor(label, helpKey)}
          required={required}
          help={help}
          error={fieldState.error?.message}
          className={className}
        >
          <DatePicker
            ref={field.ref}
            name={field.name}
            value={asText(field.value)}
            today={today}
            minDate={minDate}
            calendarLabel={`Choose ${label.toLowerCase()}`}
            onChange={(v) => {
              field.onChange(v);
              onPicked?.(v);
            }}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

export function TimeField(props: BaseProps & { onPicked?: (value: string) => void }) {
  const { name, label, required, help, className, onPicked } = props;
  return (
    <Controller<JobOrderInput>
      name={name}
      render={({ field, fieldState }) => (
        <Field
          id={fieldId(name)}
          label={label}
          required={required}
          help={help}
          error={fieldState.error?.message}
          className={className}
        >
          <TimePicker
            ref={field.ref}
            name={field.name}
            value={asText(field.value)}
            onValueChange={(v) => {
              field.onChange(v);
              onPicked?.(v);
            }}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

/** Options for a SelectField from code options. */
export const selectOptions = (options: readonly CodeOption[]): SelectOption[] =>
  options.map((o) => ({ value: o.id, label: o.name }));
