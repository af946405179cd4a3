'use client';

import { Button } from '@/components/ui/Button';
import { Dialog, DialogClose } from '@/components/ui/Dialog';
import { AUTH_MSG } from '@/lib/auth/messages';

/** The account-blocked notice (spec §2 modals, §4.1): opens once failed attempts reach the limit. */
export function BlockedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={AUTH_MSG.accountBlockedTitle}
      size="sm"
      footer={
        <DialogClose asChild>
          <Button variant="primary">OK</Button>
        </DialogClose>
      }
    >
      <p role="alert">{AUTH_MSG.accountBlocked}</p>
    </Dialog>
  );
}
