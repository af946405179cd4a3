'use client';

import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { useFieldControl } from './field-context';
import { ProgressBar } from './ProgressBar';

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue'> {
  /** Called with the chosen files (empty when cleared). */
  onFilesChange?: (files: File[]) => void;
  /** Upload progress 0-100 while sending; null/undefined hides the bar. */
  progress?: number | null;
  /** Name of the file being uploaded (for the progress label). */
  uploadingName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A native file input (label it with Field) with an upload progress bar under it. */
export function FileInput({
  onFilesChange,
  onChange,
  progress,
  uploadingName,
  className,
  ref,
  ...rest
}: FileInputProps) {
  const aria = useFieldControl(rest);
  const uploading = typeof progress === 'number';

  function handleChange(e: ChangeEvent<HTMLInputElement>) {
    onChange?.(e);
    onFilesChange?.(Array.from(e.target.files ?? []));
  }

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <input
        ref={ref}
        type="file"
        onChange={handleChange}
        {...rest}
        {...aria}
        disabled={rest.disabled || uploading}
        className={cn(
          'block w-full cursor-pointer rounded-md border border-line-strong bg-surface text-sm text-ink',
          'file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-line-strong file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800',
          'aria-invalid:border-danger-solid disabled:cursor-not-allowed disabled:bg-slate-100',
        )}
      />
      {uploading && <ProgressBar value={progress} label={uploadingName ? `Uploading ${uploadingName}` : 'Uploading'} />}
    </div>
  );
}
