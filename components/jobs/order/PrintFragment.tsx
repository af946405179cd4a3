'use client';

/**
 * Order type 5 (spec §3 "Print instructions", §4 "Print form", §5 "Print save"): the advanced print
 * instructions in an accordion. Ticking separator sheets or tabbed dividers reveals their details (unticking
 * clears them); binding 0 or 1 reveals hole punch and stapled; order 2 or 3 asks where undated documents go.
 */
import { useContext } from 'react';
import { useWatch } from 'react-hook-form';
import { FormSection } from '@/components/ui/FormSection';
import * as O from '@/lib/jobs/options';
import { INSERT_TYPES, PRINT_SECTIONS, printVisibility, type JobOrderInput, type Section } from '@/lib/jobs/schema';
import { SelectionCheckboxes } from './checkbox-groups';
import { CheckboxField, RadioField, SelectField, selectOptions, TextField } from './fields';
import { useClearWhenHidden } from './hooks';
import { InstructionSection, InstructionSections, SectionsContext } from './sections';

const section = (id: (typeof PRINT_SECTIONS)[number]['id']): Section =>
  PRINT_SECTIONS.find((s) => s.id === id) ?? { id, fields: [] };
const p = 'ePrintInstructions' as const;

export function PrintFragment() {
  const { setOpen } = useContext(SectionsContext);
  const block = useWatch<JobOrderInput, 'ePrintInstructions'>({ name: p });
  const v = printVisibility(block);

  useClearWhenHidden(v.otherPaperSize, [`${p}.otherPaperSize`]);
  useClearWhenHidden(v.separatorSheets, [`${p}.separatorSheetsType`, `${p}.separatorSheetLocation`]);
  useClearWhenHidden(v.tabbedDividers, [
    `${p}.tabbedDividerType`,
    `${p}.tabbedDividerLabel`,
    `${p}.tabbedDividerLocation`,
  ]);
  useClearWhenHidden(v.finishing, [`${p}.holePunch`, `${p}.otherHolePunch`, `${p}.stapled`]);
  useClearWhenHidden(v.otherHolePunch, [`${p}.otherHolePunch`]);
  useClearWhenHidden(v.documentLocation, [`${p}.documentLocation`]);
  useClearWhenHidden(v.otherOrderDocuments, [`${p}.otherOrderDocuments`]);
  useClearWhenHidden(v.numbering, [
    `${p}.numbersLocationEPrint`,
    `${p}.startingNumber`,
    `${p}.numberingSequenceEPrint`,
    `${p}.otherNumberingSequence`,
  ]);
  useClearWhenHidden(v.otherNumberingSequence, [`${p}.otherNumberingSequence`]);

  return (
    <div className="flex flex-col gap-6">
      <FormSection title="Print instructions" columns={1}>
        <CheckboxField
          name={`${p}.accordionOpen`}
          label="Give advanced print instructions"
          description="Without them we print single-sided on A4 in the order of the files."
          onToggle={(on) => setOpen(on ? ['colour'] : [])}
        />
      </FormSection>
      {v.open && (
        <InstructionSections>
          <InstructionSection block={p} section={section('colour')} title="Colour">
            <RadioField
              name={`${p}.originalFileContainsAnyColour`}
              label="Does the file contain any colour?"
              required
              options={O.PRINT_COLOUR}
              inline={false}
            />
          </InstructionSection>
          <InstructionSection block={p} section={section('paper')} title="Sides and paper size">
            <RadioField
              name={`${p}.singleOrDoubleSided`}
              label="Single or double-sided"
              required
              options={O.PRINT_SIDES}
            />
            <RadioField name={`${p}.paperSize`} label="Paper size" required options={O.PRINT_PAPER_SIZE} />
            {v.otherPaperSize && (
              <TextField name={`${p}.otherPaperSize`} label="Paper size (other)" required maxLength={255} />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('inserts')} title="Separator sheets and tabbed dividers">
            <div className="md:col-span-2">
              <SelectionCheckboxes
                name={`${p}.insert`}
                legend="Insert"
                typeKey="insertSeprationType"
                options={INSERT_TYPES}
              />
            </div>
            {v.separatorSheets && (
              <>
                <SelectField
                  name={`${p}.separatorSheetsType`}
                  label="Separator sheet type"
                  required
                  options={selectOptions(O.SEPARATOR_TYPES)}
                />
                <SelectField
                  name={`${p}.separatorSheetLocation`}
                  label="Separator sheet location"
                  required
                  options={selectOptions(O.INSERT_LOCATIONS)}
                />
              </>
            )}
            {v.tabbedDividers && (
              <>
                <SelectField
                  name={`${p}.tabbedDividerType`}
                  label="Tabbed divider type"
                  required
                  options={selectOptions(O.TABBED_DIVIDER_TYPES)}
                />
                <TextField name={`${p}.tabbedDividerLabel`} label="Tabbed divider label" required maxLength={255} />
                <SelectField
                  name={`${p}.tabbedDividerLocation`}
                  label="Tabbed divider location"
                  required
                  options={selectOptions(O.INSERT_LOCATIONS)}
                />
              </>
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('finishing')} title="Folders and binding">
            <SelectField
              name={`${p}.foldersNBinding`}
              label="Folders and binding"
              required
              options={selectOptions(O.PRINT_BINDING)}
            />
            {v.finishing && (
              <RadioField name={`${p}.holePunch`} label="Hole punch" required options={O.PRINT_HOLE_PUNCH} />
            )}
            {v.otherHolePunch && (
              <TextField name={`${p}.otherHolePunch`} label="Hole punch (other)" required maxLength={255} />
            )}
            {v.finishing && <RadioField name={`${p}.stapled`} label="Stapled" options={O.YES_NO} />}
          </InstructionSection>
          <InstructionSection block={p} section={section('documents')} title="Documents">
            <RadioField name={`${p}.duplicateDocuments`} label="Duplicate documents" required options={O.DUPLICATES} />
            <RadioField name={`${p}.attachments`} label="E-mail attachments" required options={O.ATTACHMENTS} />
            <SelectField
              name={`${p}.orderDocuments`}
              label="Order of the documents"
              required
              options={selectOptions(O.ORDER_DOCUMENTS)}
            />
            {v.documentLocation && (
              <RadioField
                name={`${p}.documentLocation`}
                label="Undated documents go"
                required
                options={O.UNDATED_LOCATIONS}
              />
            )}
            {v.otherOrderDocuments && (
              <TextField
                name={`${p}.otherOrderDocuments`}
                label="Order of the documents (other)"
                required
                maxLength={255}
              />
            )}
            <RadioField
              name={`${p}.unprintableFiles`}
              label="Files that cannot be printed"
              required
              options={O.UNPRINTABLE}
            />
            <RadioField name={`${p}.excelFiles`} label="Excel files" required options={O.EXCEL} />
          </InstructionSection>
          <InstructionSection block={p} section={section('numbering')} title="Page numbering">
            <RadioField
              name={`${p}.applyNumbers`}
              label="Apply page numbers"
              required
              options={O.APPLY_NUMBERS}
              className="md:col-span-2"
            />
            {v.numbering && (
              <>
                <SelectField
                  name={`${p}.numbersLocationEPrint`}
                  label="Number location"
                  required
                  options={selectOptions(O.NUMBER_LOCATIONS)}
                />
                <TextField name={`${p}.startingNumber`} label="Starting number" required digitsOnly maxLength={9} />
                <SelectField
                  name={`${p}.numberingSequenceEPrint`}
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
              </>
            )}
          </InstructionSection>
        </InstructionSections>
      )}
    </div>
  );
}
