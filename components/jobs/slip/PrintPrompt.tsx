'use client';
/**
 * The slip's print controls: a Print button, and with showPrintDialog=1 the Confirm print modal asking
 * 'Do you want to print this Job?' (spec §2); Yes opens the browser's print dialog.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { MSG } from '@/lib/messages';

export function PrintPrompt({ ask }: { ask: boolean }) {
  const [open, setOpen] = useState(ask);
  return (
    <>
      <Button onClick={() => window.print()}>Print</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Print job"
        message={MSG.printPrompt}
        confirmLabel="Print"
        onConfirm={() => {
          setOpen(false);
          // Let the dialog close before the print dialog snapshots the page.
          window.setTimeout(() => window.print(), 50);
        }}
      />
    </>
  );
}
