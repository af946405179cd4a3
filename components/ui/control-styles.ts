/** Shared look of text-like controls (input, textarea, select, date and time pickers). */
export const controlClasses =
  'block w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-ink shadow-xs ' +
  'aria-invalid:border-danger-solid aria-invalid:ring-1 aria-invalid:ring-danger-solid ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-muted read-only:bg-slate-50';

export const controlHeight = 'h-10';
