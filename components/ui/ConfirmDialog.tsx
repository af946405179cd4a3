'use client';

import { useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. MSG.fileDeleteConfirm. */
  message: ReactNode;
  /** The confirming button, named by what it does ("Deactivate user", "Delete file"), never "Yes" or "OK". */
  confirmLabel: string;
  /** The button that changes nothing; "Cancel" unless the choice reads better named ("Keep editing"). */
  cancelLabel?: string;
  /** danger: red confirm button (delete, deactivate). */
  tone?: 'primary' | 'danger';
  /** May return a promise: the confirm button shows a spinner until it settles, then the dialog closes. */
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
  /** Shown under the message (e.g. an error from the last attempt). */
  children?: ReactNode;
  /** Where focus goes as the dialog closes (preventDefault to place it yourself); by default back to the opener. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The one confirmation dialog of the portal (test/confirm-dialogs.test.ts holds every use to it): a title saying
 * what happens, the question, then the cancelling button first and the confirming button named by its action.
 * Focus starts on the cancelling button; Escape cancels. A rejected onConfirm keeps it open.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  onCancel,
  children,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure (children); the dialog stays open for another try.
    } finally {
      setPending(false);
    }
  }

  function change(next: boolean) {
    if (pending) return;
    if (!next) onCancel?.();
    onOpenChange(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      size="sm"
      hideClose
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        cancelRef.current?.focus();
      }}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => change(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      {children}
    </Dialog>
  );
}
