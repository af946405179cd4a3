'use client';
/**
 * A staff action on one row (suspend, mark paid, retire, deactivate…): asks first when `confirm` is given,
 * runs the server action, refreshes the server-rendered page, and shows a refusal next to the button.
 */
import { useRouter } from 'next/navigation';
import { useRef, useState, useTransition } from 'react';
import { announce } from '@/components/ui/announce';
import { holdFocusNear } from '@/components/ui/focus-memory';
import { Button, type ButtonVariant } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { signedOutNow } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export function OpsActionButton({
  label,
  action,
  confirm,
  variant = 'secondary',
  target,
  redirectTo,
  resultTo,
  done,
}: {
  label: string;
  action: () => Promise<ActionResult<unknown>>;
  confirm?: { title: string; message: string };
  variant?: ButtonVariant;
  /**
   * What the action is on, named after the visible label ("Mark paid: invoice INV-1"): the accessible name
   * begins with the words on the button, so speech input finds it by what it shows.
   */
  target?: string;
  /** Where to go after success (default: stay and refresh). */
  redirectTo?: string;
  /**
   * After success, go here with the action's answer (a confirmation sentence) appended, URL-encoded: for a row the
   * action takes off the list, whose button would vanish with any message shown beside it.
   */
  resultTo?: string;
  /** Said once it is done ("Invoice INV-1 is marked paid."). */
  done?: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState(false);
  const here = useRef<HTMLSpanElement>(null);

  async function run() {
    setError(null);
    setBusy(true);
    try {
      const r = await action();
      if (r.ok) {
        const to = resultTo && typeof r.value === 'string' ? `${resultTo}${encodeURIComponent(r.value)}` : redirectTo;
        announce(resultTo && typeof r.value === 'string' ? r.value : (done ?? `${label}: done.`));
        // The refreshed page may no longer show this button (an invoice now paid): focus stays in its row.
        if (!redirectTo) holdFocusNear(here.current?.closest('tr, li, form, section') ?? null);
        startTransition(() => (to ? router.push(to) : router.refresh()));
      } else if (!signedOutNow(r)) setError(r.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span ref={here} className="inline-flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant={variant}
        loading={busy || pending}
        aria-label={target ? `${label}: ${target}` : undefined}
        onClick={() => (confirm ? setOpen(true) : void run())}
      >
        {label}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      )}
      {confirm && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.title}
          tone={variant === 'danger' ? 'danger' : 'primary'}
          onConfirm={async () => {
            await run();
          }}
        />
      )}
    </span>
  );
}
