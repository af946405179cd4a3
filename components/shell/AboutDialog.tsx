'use client';

/**
 * About (spec §2 modals): the header's button, and the build number and version it fetches
 * (api/Settings/GetApplicationBuildDetails) each time it opens until they came. The dialog itself
 * (AboutDialogBody, with the Radix dialog primitives) is loaded the first time it opens, so signed-in
 * pages do not carry it up front (docs/architecture.md "Page weight"); focus goes back to this button
 * when it closes.
 */
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { apiFetch } from '@/lib/client-side/api';
import type { AboutState } from './AboutDialogBody';

const AboutDialogBody = dynamic(() => import('./AboutDialogBody').then((m) => m.AboutDialogBody), { ssr: false });

function isBuildDetails(v: unknown): v is { BuildNumber: string; BuildVersion: string } {
  return typeof v === 'object' && v !== null && 'BuildNumber' in v && 'BuildVersion' in v;
}

export function AboutDialog({ triggerClassName }: { triggerClassName?: string }) {
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<AboutState | null>(null);

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      // The endpoint is public (it never answers 401 today); apiFetch all the same, as every call of a signed-in page.
      const res = await apiFetch('/api/Settings/GetApplicationBuildDetails', { cache: 'no-store' });
      const body: unknown = res.ok ? await res.json() : null;
      setState(isBuildDetails(body) ? { kind: 'ready', build: body } : { kind: 'failed' });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
          if (state?.kind !== 'ready') void load();
        }}
      >
        About
      </button>
      {state && <AboutDialogBody open={open} onOpenChange={setOpen} state={state} opener={opener} />}
    </>
  );
}
