'use client';

/** "Resume your order from 10:42": the user's draft offered back on a new order, with Resume and Discard. */
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface DraftOfferProps {
  message: string;
  discard: () => Promise<ActionResult<null>>;
}

export const DRAFT_OFFER_MSG = {
  discarded: 'The draft was discarded.',
  discardFailed: 'The draft could not be discarded. Please try again.',
} as const;

export function DraftOffer({ message, discard }: DraftOfferProps) {
  const [state, setState] = useState<'offered' | 'discarding' | 'discarded' | 'failed'>('offered');
  const done = useRef<HTMLDivElement>(null);
  // The Discard button goes with the offer: focus moves to the line saying it was done, not to the page's top.
  useEffect(() => {
    if (state === 'discarded') done.current?.focus();
  }, [state]);
  if (state === 'discarded')
    return (
      <div ref={done} tabIndex={-1} className="focus:outline-none" data-testid="draft-discarded">
        <Alert tone="success">{DRAFT_OFFER_MSG.discarded}</Alert>
      </div>
    );
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-brand-50 px-4 py-3"
      role="region"
      aria-label="Draft"
      data-testid="draft-offer"
    >
      <p className="text-sm font-medium text-ink">{message}</p>
      {state === 'failed' && <p className="w-full text-sm text-danger">{DRAFT_OFFER_MSG.discardFailed}</p>}
      <span className="ml-auto flex gap-2">
        <a href="/SaveJob?resume=1" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          Resume
        </a>
        <Button
          size="sm"
          variant="secondary"
          loading={state === 'discarding'}
          loadingText="Discarding…"
          onClick={async () => {
            setState('discarding');
            const r = await unlessSignedOut(discard());
            setState(r.ok ? 'discarded' : 'failed');
          }}
        >
          Discard
        </Button>
      </span>
    </div>
  );
}
