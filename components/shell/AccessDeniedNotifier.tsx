'use client';

/** Tells support a signed-in user was denied a page (api/Email/SendInsufficientRightsEmail); failures are ignored. */
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
