'use client';

/** The time-due warning popup (spec §2 modals, §5): a due time within 30 minutes of now must be accepted. */
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DUE_WARNING_MINUTES } from '@/lib/jobs/rules';

export const DUE_WARNING = {
  title: 'Time due warning',
  message: `The requested due time is within ${DUE_WARNING_MINUTES} minutes from now. We will do our best, but delivery by then cannot be guaranteed. Do you want to keep this due time?`,
  accept: 'Keep this due time',
  change: 'Change the due time',
} as const;

export function DueWarningDialog({
  open,
  onAccept,
  onCancel,
}: {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={() => undefined}
      onCancel={onCancel}
      title={DUE_WARNING.title}
      message={DUE_WARNING.message}
      confirmLabel={DUE_WARNING.accept}
      cancelLabel={DUE_WARNING.change}
      onConfirm={onAccept}
    />
  );
}
