'use client';

/** Order type 1 (spec §3 "Appeal book block", §4 "Appeal book form", §5 "Appeal book"). */
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSection } from '@/components/ui/FormSection';
import { APPEAL_BOOK_TYPES, PREPARE_OPTIONS } from '@/lib/jobs/options';
import { ADDITIONAL_TASKS, appealBookVisibility, SERVICE_RECIPIENTS, type JobOrderInput } from '@/lib/jobs/schema';
import { toCode } from '@/lib/validation';
import { CodeCheckboxes } from './checkbox-groups';
import { RadioField, SelectField, TextAreaField, TextField } from './fields';
import { useClearWhenHidden, useCourts } from './hooks';
import { PartsField } from './PartsField';

export interface LocationOption {
  id: number;
  name: string;
}

export function AppealBookFragment({
  locations,
  maxInstructions,
}: {
  locations: readonly LocationOption[];
  maxInstructions: number;
}) {
  const { setValue } = useFormContext<JobOrderInput>();
  const block = useWatch<JobOrderInput, 'appealBook'>({ name: 'appealBook' });
  const v = appealBookVisibility(block);
  const location = toCode(block?.location);
  const courts = useCourts(1, location);

  useClearWhenHidden(
    v.draft,
    [
      'appealBook.location',
      'appealBook.appealBookCourt',
      'appealBook.otherAppealCourt',
      'appealBook.appealBookType',
      'appealBook.additionalTasks',
    ],
    (n) => (n === 'appealBook.additionalTasks' ? [] : null),
  );
  useClearWhenHidden(v.finalCopies, ['numberOfCopies', 'appealBook.serviceTo', 'appealBook.serviceAddress'], (n) =>
    n === 'appealBook.serviceTo' ? [] : null,
  );
  useClearWhenHidden(v.otherAppealCourt, ['appealBook.otherAppealCourt']);
  useClearWhenHidden(v.serviceAddress, ['appealBook.serviceAddress']);

  const courtOptions = courts.status === 'ready' ? courts.data.map((c) => ({ value: c.CourtId, label: c.Text })) : [];
  return (
    <div className="flex flex-col gap-6">
      <FormSection title="Appeal book" columns={2}>
        <RadioField
          name="appealBook.prepare"
          label="What should we prepare?"
          required
          options={PREPARE_OPTIONS}
          className="md:col-span-2"
        />
        <PartsField block="appealBook" kind="fileNumber" />
        <PartsField block="appealBook" kind="matterName" />
      </FormSection>
      {v.draft && (
        <FormSection title="Draft appeal book" columns={2}>
          <SelectField
            name="appealBook.location"
            label="Location"
            required
            options={locations.map((l) => ({ value: l.id, label: l.name }))}
            onPick={() => setValue('appealBook.appealBookCourt', null)}
          />
          <SelectField
            name="appealBook.appealBookCourt"
            label="Court"
            required
            placeholder={
              location === undefined
                ? 'Choose a location first'
                : courts.status === 'loading'
                  ? 'Loading courts…'
                  : 'Select…'
            }
            options={courtOptions}
          />
          {v.otherAppealCourt && (
            <TextField name="appealBook.otherAppealCourt" label="Other court" required maxLength={255} />
          )}
          <SelectField
            name="appealBook.appealBookType"
            label="Appeal book type"
            required
            options={APPEAL_BOOK_TYPES.map((t) => ({ value: t.id, label: t.name }))}
          />
          <div className="md:col-span-2">
            <CodeCheckboxes name="appealBook.additionalTasks" legend="Additional tasks" options={ADDITIONAL_TASKS} />
          </div>
        </FormSection>
      )}
      {v.finalCopies && (
        <FormSection title="Copies of the final appeal book" columns={2}>
          <TextField name="numberOfCopies" label="Number of copies" required digitsOnly helpKey="NumberOfCopies" />
          <div className="md:col-span-2">
            <CodeCheckboxes name="appealBook.serviceTo" legend="Serve copies on" options={SERVICE_RECIPIENTS} />
          </div>
          {v.serviceAddress && (
            <TextAreaField
              name="appealBook.serviceAddress"
              label="Service address"
              required
              maxLength={maxInstructions}
              rows={3}
              className="md:col-span-2"
            />
          )}
        </FormSection>
      )}
    </div>
  );
}
