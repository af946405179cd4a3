'use client';

/**
 * Order type 6 (spec §3 "Scan instructions", §4 "Scan form", §5 "Scan save"): the advanced scan instructions in
 * an accordion. Page numbers 1 reveal location, starting number and sequence; indexing 2 or 3 asks about
 * hyperlinks; image format 3 and file naming 4 ask for a text; physical media enables the media type.
 */
import { useContext } from 'react';
import { useWatch } from 'react-hook-form';
import { FormSection } from '@/components/ui/FormSection';
import * as O from '@/lib/jobs/options';
import { PHYSICAL_MEDIA_TYPES } from '@/lib/reference';
import {
  DELIVERY_TYPES,
  OTHER_FILES,
  SCAN_SECTIONS,
  scanVisibility,
  type JobOrderInput,
  type Section,
} from '@/lib/jobs/schema';
import { SelectionCheckboxes } from './checkbox-groups';
import { CheckboxField, RadioField, SelectField, selectOptions, TextField } from './fields';
import { useClearWhenHidden } from './hooks';
import { InstructionSection, InstructionSections, SectionsContext } from './sections';

const section = (id: (typeof SCAN_SECTIONS)[number]['id']): Section =>
  SCAN_SECTIONS.find((s) => s.id === id) ?? { id, fields: [] };
const p = 'eScanInstructions' as const;

export function ScanFragment() {
  const { setOpen } = useContext(SectionsContext);
  const block = useWatch<JobOrderInput, 'eScanInstructions'>({ name: p });
  const v = scanVisibility(block);

  useClearWhenHidden(v.numbering, [`${p}.numbersLocation`, `${p}.startingNumber`, `${p}.numberingSequence`]);
  useClearWhenHidden(v.hyperlinks, [`${p}.scanCreateHyperlinks`]);
  useClearWhenHidden(v.otherImageFileFormat, [`${p}.otherImageFileFormat`]);
  useClearWhenHidden(v.otherFileNaming, [`${p}.otherFileNaming`]);
  useClearWhenHidden(v.physicalMediaType, [`${p}.physicalMediaType`]);

  return (
    <div className="flex flex-col gap-6">
      <FormSection title="Scan instructions" columns={1}>
        <CheckboxField
          name={`${p}.accordionOpen`}
          label="Give advanced scan instructions"
          description="Without them we scan to searchable PDF, one file per document."
          onToggle={(on) => setOpen(on ? ['colour'] : [])}
        />
      </FormSection>
      {v.open && (
        <InstructionSections>
          <InstructionSection block={p} section={section('colour')} title="Colour">
            <RadioField
              name={`${p}.originalFileContainsAnyColour`}
              label="Do the originals contain any colour?"
              required
              options={O.SCAN_COLOUR}
              inline={false}
            />
          </InstructionSection>
          <InstructionSection block={p} section={section('documentBreaks')} title="Document breaks">
            <SelectField
              name={`${p}.scanDetermineDocumentBreaks`}
              label="How should we decide where documents break?"
              required
              options={selectOptions(O.DOCUMENT_BREAKS)}
            />
            <RadioField
              name={`${p}.scanDetermineHostAttachment`}
              label="Keep attachments with their host document?"
              required
              options={O.YES_NO}
            />
          </InstructionSection>
          <InstructionSection block={p} section={section('pageNumbering')} title="Page numbering">
            <RadioField
              name={`${p}.scanApplyPageNumbers`}
              label="Apply page numbers"
              required
              options={O.APPLY_NUMBERS}
              className="md:col-span-2"
            />
            {v.numbering && (
              <>
                <SelectField
                  name={`${p}.numbersLocation`}
                  label="Number location"
                  required
                  options={selectOptions(O.NUMBER_LOCATIONS)}
                />
                <TextField name={`${p}.startingNumber`} label="Starting number" required digitsOnly maxLength={9} />
                <SelectField
                  name={`${p}.numberingSequence`}
                  label="Numbering sequence"
                  required
                  options={selectOptions(O.SCAN_NUMBERING_SEQUENCES)}
                />
              </>
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('objectiveCoding')} title="Objective coding">
            <RadioField
              name={`${p}.scanObjectiveCodingDocuments`}
              label="Objectively code the documents?"
              required
              options={O.YES_NO}
            />
          </InstructionSection>
          <InstructionSection block={p} section={section('indexing')} title="Indexing">
            <RadioField name={`${p}.scanCreateIndexing`} label="Create an index" required options={O.INDEXING} />
            {v.hyperlinks && (
              <RadioField
                name={`${p}.scanCreateHyperlinks`}
                label="Hyperlink the index to the documents?"
                required
                options={O.YES_NO}
              />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('imageFormat')} title="Image file format">
            <RadioField
              name={`${p}.scanImageFileFormat`}
              label="Image file format"
              required
              options={O.IMAGE_FORMATS}
            />
            {v.otherImageFileFormat && (
              <TextField
                name={`${p}.otherImageFileFormat`}
                label="Image file format (other)"
                required
                maxLength={255}
              />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('fileNaming')} title="File naming">
            <SelectField
              name={`${p}.scanFileNaming`}
              label="Name the files by"
              required
              options={selectOptions(O.FILE_NAMING)}
            />
            {v.otherFileNaming && (
              <TextField name={`${p}.otherFileNaming`} label="File naming (other)" required maxLength={255} />
            )}
          </InstructionSection>
          <InstructionSection block={p} section={section('otherFiles')} title="Other files to include">
            <div className="md:col-span-2">
              <SelectionCheckboxes
                name={`${p}.otherFilesToInclude`}
                legend="Also deliver"
                typeKey="numberingType"
                options={OTHER_FILES}
              />
            </div>
          </InstructionSection>
          <InstructionSection block={p} section={section('delivery')} title="Delivery">
            <div className="md:col-span-2">
              <SelectionCheckboxes
                name={`${p}.deliverFiles`}
                legend="Deliver the files as"
                typeKey="deliverType"
                options={DELIVERY_TYPES}
                required
              />
            </div>
            <RadioField
              name={`${p}.physicalMediaType`}
              label="Physical media type"
              required={v.physicalMediaType}
              disabled={!v.physicalMediaType}
              options={PHYSICAL_MEDIA_TYPES}
              className="md:col-span-2"
            />
          </InstructionSection>
        </InstructionSections>
      )}
    </div>
  );
}
