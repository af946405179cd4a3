'use client';

/** Order types 4, 7 and 8 (data processing, consulting, court): the collection description only (spec §3, §5). */
import { FormSection } from '@/components/ui/FormSection';
import { TextAreaField } from './fields';

const HELP: Record<number, string> = {
  4: 'Describe the data to process: the source, the volume and what you need back.',
  7: 'Describe what you would like advice on.',
  8: 'Describe the court work: the registry, the documents and what to return.',
};

export function CollectionFragment({ orderType, maxInstructions }: { orderType: number; maxInstructions: number }) {
  return (
    <FormSection title="Job description" columns={1}>
      <TextAreaField
        name="collectionDescription"
        label="Description"
        help={HELP[orderType]}
        maxLength={maxInstructions}
        rows={5}
      />
    </FormSection>
  );
}
