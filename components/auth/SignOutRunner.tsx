'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';

export interface SignOutRunnerProps {
  action: (form: FormData) => Promise<void>;
  type: string | null;
  returnUrl: string | null;
}

/**
 * Submits the sign-out server action as soon as the page is shown (a link prefetch never signs
 * anyone out: only this form does). Without JavaScript the user presses Continue.
 */
export function SignOutRunner({ action, type, returnUrl }: SignOutRunnerProps) {
  const ref = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    ref.current?.requestSubmit();
  }, []);
  return (
    <form ref={ref} action={action} className="flex flex-col items-center gap-4 py-10 text-center">
      {type && <input type="hidden" name="type" value={type} />}
      {returnUrl && <input type="hidden" name="returnUrl" value={returnUrl} />}
      <Spinner label="Signing out…" size="lg" />
      <p className="text-sm text-muted">Signing out…</p>
      <noscript>
        <Button type="submit" variant="primary">
          Continue
        </Button>
      </noscript>
    </form>
  );
}
