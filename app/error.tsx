'use client';

/** The error boundary of every page (spec §8): report the exception, then go to /error. */
import { ErrorFallback } from '@/components/shell/ErrorFallback';

export default function AppError({ error }: { error: unknown }) {
  return <ErrorFallback error={error} />;
}
