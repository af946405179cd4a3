'use client';
import { Button } from '@/components/ui/Button';

/** Opens the browser's print dialog (the print stylesheet hides the buttons). */
export function PrintButton({ label = 'Print' }: { label?: string }) {
  return <Button onClick={() => window.print()}>{label}</Button>;
}
