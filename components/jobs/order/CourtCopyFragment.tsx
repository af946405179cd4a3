'use client';

/**
 * Order type 2 (spec §3 "Court copy block", §4 court copy methods, §5 "Court copy"). The courts load per job
 * type and location; the chosen court's flags decide the copy methods offered and the solicitor section. The
 * flags are written into the block for the browser's validation only: the server reads them from its courts.
 */
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { FormSection } from '@/components/ui/FormSection';
import { PARTIES } from '@/lib/jobs/options';
import { COPY_METHODS, courtContext, courtCopyVisibility, type JobOrderInput } from '@/lib/jobs/schema';
import { toCode } from '@/lib/validation';
import type { LocationOption } from './AppealBookFragment';
import { CheckboxField, DateField, RadioField, SelectField, TextAreaField, TextField } from './fields';
import { useClearWhenHidden, useCourts, useSelectedCourt } from './hooks';
import { PartsField } from './PartsField';
import { PracticeNoteHint } from './PracticeNoteHint';

export function CourtCopyFragment({
  locations,
  maxInstructions,
  practiceNoteUrl = null,
}: {
  locations: readonly LocationOption[];
  maxInstructions: number;
  /** The practice note to read before agreeing (PRACTICE_NOTE_URL); null: the registry is named instead. */
  practiceNoteUrl?: string | null;
}) {
  const { setValue, getValues } = useFormContext<JobOrderInput>();
  const block = useWatch<JobOrderInput, 'courtCopy'>({ name: 'courtCopy' });
  const v = courtCopyVisibility(block);
  const location = toCode(block?.location);
  const court = toCode(block?.courtNew);
  const courts = useCourts(2, location);
  const flags = useSelectedCourt(court, location);

  useEffect(() => {
    if (flags.status !== 'ready' && flags.status !== 'idle') return;
    const ctx = courtContext(flags.status === 'ready' ? flags.data : null);
    const current = getValues('courtCopy');
    const same =
      JSON.stringify(current?.courtMethods ?? []) === JSON.stringify(ctx.courtMethods) &&
      (current?.courtNeedsSolicitor ?? false) === ctx.courtNeedsSolicitor;
    if (same) return;
    setValue('courtCopy.courtMethods', ctx.courtMethods);
    setValue('courtCopy.courtNeedsSolicitor', ctx.courtNeedsSolicitor);
    const method = toCode(current?.copyMethod);
    if (method !== undefined && !ctx.courtMethods.includes(method)) setValue('courtCopy.copyMethod', null);
  }, [flags, getValues, setValue]);

  useClearWhenHidden(v.otherCourt, ['courtCopy.otherCourt']);
  useClearWhenHidden(v.accessOrdersForWCC, ['courtCopy.accessOrdersForWCC'], () => false);
  useClearWhenHidden(v.otherActingFor, ['courtCopy.otherActingFor']);
  useClearWhenHidden(v.copyMethod, ['courtCopy.copyMethod']);
  useClearWhenHidden(v.numberOfCopies, ['numberOfCopies']);
  useClearWhenHidden(v.dates, ['courtCopy.dateProduced', 'courtCopy.dateAccessGranted']);
  useClearWhenHidden(
    v.solicitor,
    [
      'courtCopy.practiceNoteAgreement',
      'courtCopy.solicitorFullName',
      'courtCopy.solicitorFor',
      'courtCopy.otherAsSolicitorFor',
      'courtCopy.isPracticeNoteAttached',
    ],
    (n) => (n === 'courtCopy.practiceNoteAgreement' || n === 'courtCopy.isPracticeNoteAttached' ? false : null),
  );
  useClearWhenHidden(v.otherAsSolicitorFor, ['courtCopy.otherAsSolicitorFor']);

  const message =
    flags.status === 'ready' && flags.data.EnableMessage && flags.data.MessageDescription
      ? flags.data.MessageDescription
      : null;
  const courtPlaceholder =
    location === undefined ? 'Choose a location first' : courts.status === 'loading' ? 'Loading courts…' : 'Select…';
  return (
    <div className="flex flex-col gap-6">
      <FormSection title="Court and matter" columns={2}>
        <SelectField
          name="courtCopy.location"
          label="Location"
          required
          options={locations.map((l) => ({ value: l.id, label: l.name }))}
          onPick={() => setValue('courtCopy.courtNew', null)}
        />
        <SelectField
          name="courtCopy.courtNew"
          label="Court"
          required
          placeholder={courtPlaceholder}
          options={courts.status === 'ready' ? courts.data.map((c) => ({ value: c.CourtId, label: c.Text })) : []}
        />
        {message && (
          <Alert tone="info" className="md:col-span-2">
            {message}
          </Alert>
        )}
        {v.otherCourt && <TextField name="courtCopy.otherCourt" label="Other court" required maxLength={255} />}
        {v.accessOrdersForWCC && (
          <CheckboxField
            name="courtCopy.accessOrdersForWCC"
            label="Access orders have been made by the Workers Compensation Commission"
            className="md:col-span-2"
          />
        )}
        <RadioField
          name="courtCopy.actingFor"
          label="Acting for"
          required
          options={PARTIES}
          className="md:col-span-2"
        />
        {v.otherActingFor && (
          <TextField name="courtCopy.otherActingFor" label="Acting for (other)" required maxLength={255} />
        )}
        <PartsField block="courtCopy" kind="fileNumber" required />
        <PartsField block="courtCopy" kind="matterName" required />
      </FormSection>
      <FormSection title="Copying" columns={2}>
        {v.copyMethod && (
          <RadioField
            name="courtCopy.copyMethod"
            label="Copy method"
            required
            options={COPY_METHODS.filter((m) => v.offeredMethods.some((o) => o === m.id))}
            className="md:col-span-2"
          />
        )}
        {v.numberOfCopies && (
          <TextField name="numberOfCopies" label="Number of copies" required digitsOnly helpKey="NumberOfCopies" />
        )}
        {v.dates && <DateField name="courtCopy.dateProduced" label="Date produced" />}
        {v.dates && <DateField name="courtCopy.dateAccessGranted" label="Date access granted" />}
        <TextAreaField
          name="courtCopy.documentsToPhotoCopy"
          label="Material to copy"
          maxLength={maxInstructions}
          rows={3}
          className="md:col-span-2"
        />
      </FormSection>
      {v.solicitor && (
        <FormSection
          title="Solicitor"
          description="This court asks for the solicitor’s details and the practice note agreement."
          columns={2}
        >
          <CheckboxField
            name="courtCopy.practiceNoteAgreement"
            label="I agree to the practice note"
            description={<PracticeNoteHint url={practiceNoteUrl} />}
            className="md:col-span-2"
          />
          <TextField name="courtCopy.solicitorFullName" label="Solicitor’s full name" required maxLength={255} />
          <RadioField
            name="courtCopy.solicitorFor"
            label="Solicitor for"
            required
            options={PARTIES}
            className="md:col-span-2"
          />
          {v.otherAsSolicitorFor && (
            <TextField name="courtCopy.otherAsSolicitorFor" label="Solicitor for (other)" required maxLength={255} />
          )}
          <CheckboxField
            name="courtCopy.isPracticeNoteAttached"
            label="The practice note is attached"
            className="md:col-span-2"
          />
        </FormSection>
      )}
    </div>
  );
}
