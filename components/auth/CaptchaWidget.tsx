'use client';

import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';

export interface CaptchaWidgetProps {
  /** The solved payload, or null while unsolved (or after it expired). */
  onChange: (payload: string | null) => void;
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA): it fetches a challenge from
 * api/Authentication/CaptchaVerify and solves it in the browser; the server verifies the payload
 * with the sign-in. Remount it (a new `key`) for a fresh challenge after each attempt.
 */
export function CaptchaWidget({ onChange }: CaptchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [verified, setVerified] = useState(false);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let alive = true;
    void import('altcha').then(() => {
      if (alive) setLoaded(true);
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || !loaded) return;
    const onState = (ev: Event) => {
      const detail: unknown = ev instanceof CustomEvent ? ev.detail : null;
      const state = detail && typeof detail === 'object' && 'state' in detail ? detail.state : null;
      const payload =
        detail && typeof detail === 'object' && 'payload' in detail && typeof detail.payload === 'string'
          ? detail.payload
          : null;
      const ok = state === 'verified' && payload !== null;
      setVerified(ok);
      changed.current(ok ? payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [loaded]);

  return (
    <div className="flex flex-col gap-1" data-testid="captcha">
      <altcha-widget
        ref={ref}
        challenge="/api/Authentication/CaptchaVerify"
        auto="onload"
        name="altcha"
        suppressHydrationWarning
      />
      <p className="text-xs text-muted" aria-live="polite">
        {verified ? 'Robot check complete.' : 'Checking that you are not a robot…'}
      </p>
    </div>
  );
}
