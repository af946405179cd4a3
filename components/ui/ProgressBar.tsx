import { cn } from './cn';

export interface ProgressBarProps {
  /** 0-100; omit for an indeterminate bar (work of unknown length, e.g. an export). */
  value?: number;
  /** Accessible name, e.g. "Uploading Report.pdf". */
  label: string;
  /** Show the label and percentage above the bar. */
  showText?: boolean;
  className?: string;
}

/** A progress bar (role=progressbar with aria-valuenow). */
export function ProgressBar({ value, label, showText = true, className }: ProgressBarProps) {
  const pct = value === undefined ? undefined : Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {showText && (
        <div className="flex justify-between text-xs text-muted" aria-hidden="true">
          <span className="truncate">{label}</span>
          {pct !== undefined && <span className="tabular-nums">{pct}%</span>}
        </div>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={pct === undefined ? 'In progress' : `${pct}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full bg-brand-600 transition-[width] motion-reduce:transition-none',
            pct === undefined && 'w-1/3 animate-pulse',
          )}
          style={pct === undefined ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
