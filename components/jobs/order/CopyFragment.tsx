'use client';

/**
 * Order type 3 (spec §3 "Copy block", §4 "Copy form", §5 "Copy job"): optional copy instructions in six
 * sections; Set As Originals fills the presets; page numbering reveals its options with the exclude options
 * ticked by default; binding 0–2 reveals hole punch and staples on copies; dividers 2 asks for instructions.
 */
import { useContext } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FormSection } from '@/components/ui/FormSection';
import * as O from '@/lib/jobs/options';
import {
  applySetAsOriginals,
  COPY_SECTIONS,
  copyVisibility,
  defaultExcludeFromNumbering,
  EXCLUDE_FROM_NUMBERING,
  firstIncompleteCopySection,
  type JobOrderInput,
  type Section,
} from '@/lib/jobs/schema';
import { SelectionCheckboxes } from './checkbox-groups';
import { CheckboxField, RadioField, SelectField, selectOptions, TextAreaField, TextField } from './fields';
import { useClearWhenHidden } from './hooks';
import { InstructionSection, InstructionSections, SectionsContext } from './sections';

const section = (id: (typeof COPY_SECTIONS)[number]['id']): Section =>
  COPY_SECTIONS.find((s) => s.id === id) ?? { id, fields: [] };

export function CopyFragment({ maxInstructions }: { maxInstructions: number }) {
  const { setValue, getValues } = useFormContext<JobOrderInput>();
  const { setOpen } = useContext(SectionsContext);
  const block = useWatch<JobOrderInput, 'copyInstructions'>({ name: 'copyInstructions' });
  const v = copyVisibility(block);
  const p = 'copyInstructions' as const;

  useClearWhenHidden(v.otherSingleOrDoubleSided, [`${p}.otherSingleOrDoubleSided`]);
  useClearWhenHidden(v.otherPaperSize, [`${p}.otherPaperSize`]);
  useClearWhenHidden(v.finishing, [`${p}.holePunch`, `${p}.otherHolePunch`, `${p}.staplesClipsCopies`]);
  useClearWhenHidden(v.otherHolePunch, [`${p}.otherHolePunch`]);
  useClearWhenHidden(v.dividersInstructions, [`${p}.dividersInstructions`]);
  useClearWhenHidden(
    v.numbering,
    [
      `${p}.numberLocation`,
      `${p}.startingNumber`,
      `${p}.numberingSequence`,
      `${p}.otherNumberingSequence`,
      `${p}.excludeFromNumbering`,
    ],
    (n) => (n === `${p}.excludeFromNumbering` ? defaultExcludeFromNumbering() : null),
  );
  useClearWhenHidden(v.otherNumberingSequence, [`${p}.otherNumberingSequence`]);

  function setAsOriginals() {
    const next = applySetAsOriginals(getValues(p));
    setValue(p, next, { shouldDirty: true });
    setValue('copyAsOriginal', true, { shouldDirty: true });
    const incomplete = firstIncompleteCopySection(next, { maxInstructions });
    setOpen(incomplete ? [incomplete] : []);
  }

  return (
    <div className="flex flex-col gap-6">
      <FormSection title="Copy instructions" columns={1}>
        <div className="flex flex-wrap items-center gap-4">
          <CheckboxField
            name={`${p}.accordionOpen`}
            label="Give detailed copy instructions"
            description="Without them we copy as the originals are."
            onToggle={(on) => setOpen(on ? ['colour'] : [])}
          />
          <Button variant="secondary" onClick={setAsOriginals}>
            Set As Originals
          </Button>
        </div>
      </FormSection>
      {v.open && (
        <InstructionSections>
          <InstructionSection block={p} section={section('colour')} title="Colour and paper">
            <RadioField name={`${p}.originalContainsAnyColor`} label="Colour" required options={O.COPY_COLOUR} />
            <RadioField name={`${p}.originalPaper`} label="Paper" required options={O.COPY_PAPER} />
          </InstructionSection>
          <InstructionSection block={p} section={section('paper')} title="Sides and paper size">
            <SelectField
              name={`${p}.singleOrDoubleSided`}
              label="Single or double-sided"
              required
              options={selectOptions(O.COPY_SIDES)}
            />
            {v.otherSingleOrDoubleSided && (
              <TextField name={`${p}.otherSingleOrDoubleSided`} label="Sides (other)" required maxLength={255} />
            )}
            <SelectField
              name={`${p}.paperSize`}
              label="Paper size"
              required
              options={selectOptions(O.COPY_PAPER_SIZE)}
            />
            {v.otherPaperSize && (
              <TextField name={`${p}.otherPaperSize`} label="Paper size (other)" required maxLength={255} />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('finishing')} title="Folders, binding and staples">
            <SelectField
              name={`${p}.foldersNBinding`}
              label="Folders and binding"
              required
              options={selectOptions(O.COPY_BINDING)}
            />
            <SelectField
              name={`${p}.staplesClipsOriginals`}
              label="Staples and clips on the originals"
              required
              options={selectOptions(O.COPY_STAPLES_ORIGINALS)}
            />
            {v.finishing && (
              <SelectField
                name={`${p}.holePunch`}
                label="Hole punch"
                required
                options={selectOptions(O.COPY_HOLE_PUNCH)}
              />
            )}
            {v.otherHolePunch && (
              <TextField name={`${p}.otherHolePunch`} label="Hole punch (other)" required maxLength={255} />
            )}
            {v.finishing && (
              <SelectField
                name={`${p}.staplesClipsCopies`}
                label="Staples and clips on the copies"
                required
                options={selectOptions(O.COPY_STAPLES_COPIES)}
              />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('dividers')} title="Dividers">
            <RadioField name={`${p}.dividers`} label="Dividers" required options={O.COPY_DIVIDERS} />
            {v.dividersInstructions && (
              <TextAreaField
                name={`${p}.dividersInstructions`}
                label="Dividers instructions"
                required
                maxLength={maxInstructions}
                rows={3}
                className="md:col-span-2"
              />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('documentOrder')} title="Document order">
            <RadioField
              name={`${p}.documentOrder`}
              label="Order of the documents"
              required
              options={O.COPY_DOCUMENT_ORDER}
            />
          </InstructionSection>
          <InstructionSection block={p} section={section('pageNumbering')} title="Page numbering">
            <RadioField
              name={`${p}.applyPageNumbers`}
              label="Page numbers"
              required
              options={O.COPY_PAGE_NUMBERS}
              className="md:col-span-2"
              onPick={(c) => {
                if (c !== 0 && !getValues(`${p}.excludeFromNumbering`)?.length)
                  setValue(`${p}.excludeFromNumbering`, defaultExcludeFromNumbering());
              }}
            />
            {v.numbering && (
              <>
                <SelectField
                  name={`${p}.numberLocation`}
                  label="Number location"
                  required
                  options={selectOptions(O.NUMBER_LOCATIONS)}
                />
                <TextField name={`${p}.startingNumber`} label="Starting number" required digitsOnly maxLength={9} />
                <SelectField
                  name={`${p}.numberingSequence`}
                  label="Numbering sequence"
                  required
                  options={selectOptions(O.NUMBERING_SEQUENCES)}
                />
                {v.otherNumberingSequence && (
                  <TextField
                    name={`${p}.otherNumberingSequence`}
                    label="Numbering sequence (other)"
                    required
                    maxLength={255}
                  />
                )}
                <div className="md:col-span-2">
                  <SelectionCheckboxes
                    name={`${p}.excludeFromNumbering`}
                    legend="Do not number"
                    typeKey="numberingType"
                    options={EXCLUDE_FROM_NUMBERING}
                  />
                </div>
              </>
            )}
          </InstructionSection>
        </InstructionSections>
      )}
    </div>
  );
}
