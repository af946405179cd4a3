import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// The looks are shared component classes (app/globals.css: .btn, .btn-p/-s/-g/-d, .btn-sm/-md/-lg): a button is a
// few short classes in the HTML, not a long utility string in each row.
const variants: Record<ButtonVariant, string> = {
  primary: 'btn-p',
  secondary: 'btn-s',
  ghost: 'btn-g',
  danger: 'btn-d',
};

const sizes: Record<ButtonSize, string> = { sm: 'btn-sm', md: 'btn-md', lg: 'btn-lg' };

/** The classes of a button, for links that should look like one (`<Link className={buttonClasses()}>`). */
export function buttonClasses(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn('btn', variants[opts.variant ?? 'secondary'], sizes[opts.size ?? 'md'], opts.className);
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
      className={cn('btn', variants[variant], sizes[size], className)}
      {...rest}
      onClick={loading ? (e) => e.preventDefault() : rest.onClick}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
