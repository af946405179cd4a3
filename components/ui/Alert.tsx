import type { ReactNode } from 'react';
import { AnnounceOnShow } from './AnnounceOnShow';
import { cn } from './cn';
import { AlertIcon, CheckCircleIcon, ErrorIcon, InfoIcon } from './icons';

export type AlertTone = 'success' | 'error' | 'info' | 'warning';

const tones: Record<AlertTone, { box: string; Icon: typeof InfoIcon }> = {
  success: { box: 'bg-success-soft border-success-line text-success', Icon: CheckCircleIcon },
  error: { box: 'bg-danger-soft border-danger-line text-danger', Icon: ErrorIcon },
  info: { box: 'bg-info-soft border-info-line text-info', Icon: InfoIcon },
  warning: { box: 'bg-warning-soft border-warning-line text-warning', Icon: AlertIcon },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links shown at the end (e.g. "View Job Slip", a dismiss button). */
  action?: ReactNode;
  /** Override the live-region role: errors and warnings default to "alert", others to "status". */
  role?: 'alert' | 'status' | 'none';
  className?: string;
}

/** An inline banner. Render it when the message appears so assistive tech announces it. */
export function Alert({ tone = 'info', title, children, action, role, className }: AlertProps) {
  const { box, Icon } = tones[tone];
  const liveRole = role ?? (tone === 'error' || tone === 'warning' ? 'alert' : 'status');
  const body = (
    <>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div>{children}</div>}
    </>
  );
  return (
    <div
      role={liveRole === 'none' ? undefined : liveRole}
      data-tone={tone}
      className={cn('flex items-start gap-3 rounded-md border px-4 py-3 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      {/* A confirmation ('saved') is also said through the page's polite live region (WCAG 4.1.3). */}
      {tone === 'success' ? (
        <AnnounceOnShow className="flex min-w-0 flex-1 flex-col gap-1">{body}</AnnounceOnShow>
      ) : (
        <div className="flex min-w-0 flex-1 flex-col gap-1">{body}</div>
      )}
      {action && <div className="flex shrink-0 items-center gap-2">{action}</div>}
    </div>
  );
}
