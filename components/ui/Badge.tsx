import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'danger' | 'warning' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 border-slate-300',
  brand: 'bg-brand-50 text-brand-800 border-brand-200',
  success: 'bg-success-soft text-success border-success-line',
  danger: 'bg-danger-soft text-danger border-danger-line',
  warning: 'bg-warning-soft text-warning border-warning-line',
  info: 'bg-info-soft text-info border-info-line',
};

/** The pill's shape (app/globals.css .badge). */
export const badgeBase = 'badge';

export interface BadgeProps {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}

/** A small label (role, flag, count). */
export function Badge({ tone = 'neutral', className, children }: BadgeProps) {
  return <span className={cn(badgeBase, tones[tone], className)}>{children}</span>;
}
