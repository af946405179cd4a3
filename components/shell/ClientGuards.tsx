'use client';

/**
 * Mounted once in the root layout, on every page: the browser check (spec §1), the old hash links
 * (/#/SignIn → /SignIn), and the listener that reports uncaught script errors (spec §8).
 */
import '@/lib/client-side/zod-jitless';
import '@/components/ui/focus-memory';
import { useRouter } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { BROWSER_WARNING, isSupportedBrowser } from '@/lib/browser';
import { hashRoute } from './hash-route';
import { handleClientError } from './report-error';

const noSubscription = () => () => undefined;

export function ClientGuards() {
  const router = useRouter();
  const unsupported = useSyncExternalStore(
    noSubscription,
    () => !isSupportedBrowser(navigator.userAgent),
    () => false,
  );

  useEffect(() => {
    const target = hashRoute(window.location);
    if (target) router.replace(target);
  }, [router]);

  useEffect(() => {
    const onError = (e: ErrorEvent) => {
      void handleClientError(e.error ?? e.message);
    };
    const onRejection = (e: PromiseRejectionEvent) => {
      void handleClientError(e.reason);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  if (!unsupported) return null;
  return (
    <div
      role="region"
      aria-label="Browser support"
      data-testid="browser-warning"
      className="no-print border-b border-warning-line bg-warning-soft px-4 py-2 text-center text-sm text-warning"
    >
      <p>{BROWSER_WARNING}</p>
    </div>
  );
}
