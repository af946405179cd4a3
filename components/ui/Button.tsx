import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap select-none ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900 border border-brand-700',
  secondary: 'bg-surface text-brand-700 border border-line-strong hover:bg-brand-50 active:bg-brand-100',
  ghost: 'bg-transparent text-brand-700 border border-transparent hover:bg-brand-50 active:bg-brand-100',
  danger: 'bg-danger-solid text-white border border-danger-solid hover:bg-danger active:bg-danger',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** The classes of a button, for links that should look like one (`<Link className={buttonClasses()}>`). */
export function buttonClasses(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[opts.variant ?? 'secondary'], sizes[opts.size ?? 'md'], 'no-underline hover:no-underline', opts.className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** In flight: the button is disabled, shows a spinner and (optionally) `loadingText`. */
  loading?: boolean;
  loadingText?: ReactNode;
  /** Icon before the label (decorative). */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** A button. `type` defaults to "button" so only explicit submit buttons submit forms. */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  loadingText,
  icon,
  type = 'button',
  disabled,
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      // In flight, the button is aria-disabled rather than disabled: a disabled button loses focus, which would drop
      // to the top of the page (WCAG 2.4.3); the click (and a form's implicit submit) is refused instead.
      disabled={disabled}
      aria-disabled={(loading && !disabled) || undefined}
      aria-busy={loading || undefined}
      className={cn(base, variants[variant], sizes[size], className)}
      {...rest}
      onClick={loading ? (e) => e.preventDefault() : rest.onClick}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
