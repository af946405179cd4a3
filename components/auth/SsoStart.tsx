'use client';

import { signIn } from 'next-auth/react';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/Spinner';

/** Starts single sign-on (OpenID Connect through next-auth) as soon as it is shown. */
export function SsoStart({ provider, callbackUrl }: { provider: string; callbackUrl: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signIn(provider, { callbackUrl });
  }, [provider, callbackUrl]);
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <Spinner label="Signing in with single sign-on…" size="lg" />
      <p className="text-sm text-muted">Signing in with single sign-on…</p>
    </div>
  );
}
