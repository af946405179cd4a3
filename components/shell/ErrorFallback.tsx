'use client';

/**
 * What an error boundary shows for the moment it takes to report the error and move to /error.
 * Nothing of the error itself is shown.
 */
import { useEffect, useRef } from 'react';
import { handleClientError } from './report-error';

export function ErrorFallback({ error }: { error: unknown }) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (handled.current === error) return;
    handled.current = error;
    void handleClientError(error).then((outcome) => {
      // A boundary only catches real failures: even "noise" leaves a broken page, so leave it.
      // A full page load on purpose: the app's client state may be what is broken.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (outcome === 'ignored' && window.location.pathname !== '/error') window.location.assign('/error');
    });
  }, [error]);
  return (
    <div role="status" className="mx-auto flex max-w-2xl flex-col gap-2 px-4 py-12 text-center">
      <p className="text-lg font-semibold">Something went wrong.</p>
      <p className="text-muted">
        One moment while we report the problem. If nothing happens, <a href="/error">continue</a>.
      </p>
    </div>
  );
}
