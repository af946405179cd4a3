import { cn } from './cn';

export interface SpinnerProps {
  /** When set, the spinner is announced (role=status) with this text; otherwise it is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

/** A rotating ring. Inside buttons leave `label` empty (the button carries the state). */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const ring = (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={cn(sizes[size], 'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
