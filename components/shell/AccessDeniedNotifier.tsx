'use client';

/**
 * Tells support a signed-in user was denied a page (api/Email/SendInsufficientRightsEmail); failures are ignored.
 * A plain fetch on purpose, not apiFetch: a 401 does not sign out here. /AccessDenied is only rendered for a live
 * session (requirePageActor), so a 401 means it ended in between, and then there is nobody to report (the e-mail is
 * about a signed-in user). Signing out from here would take the user off the explanation and bring them back to
 * /AccessDenied after sign-in, to report again; their next step (Go to your jobs, Sign out) signs out properly.
 */
import { useEffect, useRef } from 'react';

export function AccessDeniedNotifier({ from }: { from: string | null }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void fetch('/api/Email/SendInsufficientRightsEmail', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(from ? { Path: from } : {}),
    })
      .then((res) => res.text())
      .catch(() => undefined);
  }, [from]);
  return null;
}
