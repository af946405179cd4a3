'use client';

/** A file number ('a of b') or matter name ('a vs b') entered in two parts (spec §5 appeal book, court copy). */
import { TextField } from './fields';

type Block = 'appealBook' | 'courtCopy';

export function PartsField({
  block,
  kind,
  required = false,
}: {
  block: Block;
  kind: 'fileNumber' | 'matterName';
  required?: boolean;
}) {
  const file = kind === 'fileNumber';
  const legend = file ? 'File number' : 'Matter name';
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-ink">
        {legend}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-2">
        <TextField
          name={`${block}.${kind}A`}
          label={file ? 'Number' : 'First party'}
          required={required}
          maxLength={255}
        />
        <span className="pt-8 text-sm text-muted" aria-hidden="true">
          {file ? 'of' : 'vs'}
        </span>
        <TextField
          name={`${block}.${kind}B`}
          label={file ? 'Year or total' : 'Second party'}
          required={required}
          maxLength={255}
        />
      </div>
    </fieldset>
  );
}
