'use client';

/**
 * Step one of the job order (spec §5 "Job form, step one"): order type, contact, after-hours phone, cost
 * estimate, matter reference, branch address, the optional text fields of lib/job-fields.ts (alternate
 * pickup/delivery), ready and due date and time, instructions, what-to-collect and number of copies where the
 * type asks for them.
 */
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSection } from '@/components/ui/FormSection';
import { JOB_TEXT_FIELDS, maxLengthOf } from '@/lib/job-fields';
import { defaultDueInputs, isAfterHours, nowInTimeZone } from '@/lib/jobs/rules';
import { copiesRule, whatToCollectRequired, type JobOrderInput } from '@/lib/jobs/schema';
import { ORDER_TYPES } from '@/lib/reference';
import { toCode } from '@/lib/validation';
import { DateField, SelectField, TextAreaField, TextField, TimeField } from './fields';
import { useClearWhenHidden } from './hooks';
import { MatterReferenceField } from './MatterReferenceField';

export interface BranchOption {
  id: number;
  label: string;
  address: string;
}

export interface StepOneProps {
  clientId: number;
  branches: readonly BranchOption[];
  now: () => Date;
  timeZone: string;
  maxInstructions: number;
  onOrderTypePicked: (type: number | null) => void;
}

/** Re-renders every 30 s so rules about "now" (after-hours) follow the clock. */
function useTick(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(t);
  }, [ms]);
  return tick;
}

export function StepOne({ clientId, branches, now, timeZone, maxInstructions, onOrderTypePicked }: StepOneProps) {
  const { setValue, getValues } = useFormContext<JobOrderInput>();
  const [orderType, appealBook, courtCopy] = useWatch<JobOrderInput, ['orderType', 'appealBook', 'courtCopy']>({
    name: ['orderType', 'appealBook', 'courtCopy'],
  });
  useTick(30_000);
  const at = now();
  const afterHours = isAfterHours(at, timeZone);
  const today = nowInTimeZone(at, timeZone).date;
  const todayLocal = new Date(today.year, today.month - 1, today.day);
  const type = toCode(orderType);
  const copies = type === 1 || type === 2 ? 'detail' : copiesRule({ orderType: type, appealBook, courtCopy });
  // What-to-collect belongs to types 3 and 6 only: another type clears it.
  useClearWhenHidden(whatToCollectRequired(type), ['whatToCollect']);

  function readyChanged() {
    const due = defaultDueInputs(String(getValues('dateReadyInput') ?? ''), String(getValues('timeReadyInput') ?? ''));
    if (!due) return;
    setValue('dateDueInput', due.dateDueInput, { shouldDirty: true });
    setValue('timeDueInput', due.timeDueInput, { shouldDirty: true });
  }

  return (
    <div className="flex flex-col gap-8" data-tour="job-details">
      <FormSection title="Job type and contact" columns={2}>
        <SelectField
          name="orderType"
          label="Order type"
          required
          helpKey="OrderType"
          dataTour="order-type"
          options={ORDER_TYPES.map((t) => ({ value: t.id, label: t.name }))}
          onPick={onOrderTypePicked}
        />
        <TextField
          name="contactName"
          label="Contact name"
          required
          helpKey="ContactName"
          maxLength={255}
          autoComplete="name"
        />
        <TextField name="email" label="E-mail" required type="email" maxLength={254} autoComplete="email" />
        <TextField
          name="contactPhone"
          label="Contact phone"
          required
          helpKey="ContactPhone"
          type="tel"
          maxLength={255}
          autoComplete="tel"
        />
        <TextField
          name="afterHourContactNumber"
          label="After-hours contact number"
          required={afterHours}
          helpKey="AfterHourContactNumber"
          type="tel"
          maxLength={32}
          help={afterHours ? 'Required outside business hours (weekdays 7:00 AM to 3:59 PM).' : undefined}
        />
      </FormSection>
      <FormSection title="Matter and address" columns={2}>
        <MatterReferenceField clientId={clientId} />
        <TextField
          name="costEstimateNumber"
          label="Cost estimate number"
          helpKey="CostEstimateNumber"
          digitsOnly
          maxLength={20}
        />
        <SelectField
          name="clientBranchAddressId"
          label="Client branch address"
          required
          helpKey="Address"
          options={branches.map((b) => ({ value: b.id, label: `${b.label} – ${b.address}` }))}
        />
        {JOB_TEXT_FIELDS.filter((f) => f.form === 'Matter and address').map((f) => (
          <TextAreaField
            key={f.key}
            name={f.key}
            label={f.label}
            helpKey={f.helpKey}
            maxLength={maxLengthOf(f, maxInstructions)}
            rows={f.rows}
          />
        ))}
      </FormSection>
      <FormSection title="When" columns={2}>
        <DateField
          name="dateReadyInput"
          label="Ready date"
          required
          helpKey="DateReady"
          today={todayLocal}
          minDate={todayLocal}
          onPicked={readyChanged}
        />
        <TimeField name="timeReadyInput" label="Ready time" required onPicked={readyChanged} />
        <DateField
          name="dateDueInput"
          label="Requested due date"
          required
          helpKey="DateDue"
          today={todayLocal}
          minDate={todayLocal}
        />
        <TimeField name="timeDueInput" label="Requested due time" required />
      </FormSection>
      <FormSection title="Instructions" columns={2}>
        <TextAreaField
          name="instructions"
          label="Instructions"
          helpKey="Instructions"
          maxLength={maxInstructions}
          className="md:col-span-2"
        />
        {whatToCollectRequired(type) && (
          <TextAreaField
            name="whatToCollect"
            label="What to collect"
            required
            helpKey="WhatToCollect"
            maxLength={maxInstructions}
            rows={2}
          />
        )}
        {copies !== 'detail' && copies !== 'hidden' && (
          <TextField
            name="numberOfCopies"
            label="Number of copies"
            required={copies === 'required'}
            helpKey="NumberOfCopies"
            digitsOnly
            maxLength={6}
          />
        )}
      </FormSection>
    </div>
  );
}
