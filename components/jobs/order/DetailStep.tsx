'use client';

/** Step two: the fragment of the order type (spec §2: 1 appeal book, 2 court copy, 3 copy, 4/7/8 collection, 5 print, 6 scan) and the source files. */
import { FormSection } from '@/components/ui/FormSection';
import { AppealBookFragment, type LocationOption } from './AppealBookFragment';
import { CollectionFragment } from './CollectionFragment';
import { CopyFragment } from './CopyFragment';
import { CourtCopyFragment } from './CourtCopyFragment';
import { PrintFragment } from './PrintFragment';
import { ScanFragment } from './ScanFragment';
import { SourceFilesField, type SourceFilesFieldProps } from './SourceFilesField';

export interface DetailStepProps {
  orderType: number;
  maxInstructions: number;
  appealBookLocations: readonly LocationOption[];
  courtCopyLocations: readonly LocationOption[];
  practiceNoteUrl: string | null;
  files: SourceFilesFieldProps;
}

function Fragment({
  orderType,
  maxInstructions,
  appealBookLocations,
  courtCopyLocations,
  practiceNoteUrl,
}: Omit<DetailStepProps, 'files'>) {
  switch (orderType) {
    case 1:
      return <AppealBookFragment locations={appealBookLocations} maxInstructions={maxInstructions} />;
    case 2:
      return (
        <CourtCopyFragment
          locations={courtCopyLocations}
          maxInstructions={maxInstructions}
          practiceNoteUrl={practiceNoteUrl}
        />
      );
    case 3:
      return <CopyFragment maxInstructions={maxInstructions} />;
    case 5:
      return <PrintFragment />;
    case 6:
      return <ScanFragment />;
    default:
      return <CollectionFragment orderType={orderType} maxInstructions={maxInstructions} />;
  }
}

export function DetailStep({ files, ...rest }: DetailStepProps) {
  return (
    <div className="flex flex-col gap-8">
      <Fragment {...rest} />
      <FormSection title="Attachment" columns={1}>
        <SourceFilesField {...files} />
      </FormSection>
    </div>
  );
}
