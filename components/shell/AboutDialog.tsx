'use client';

/**
 * About (spec §2 modals): build number and version (api/Settings/GetApplicationBuildDetails),
 * copyright year, links to the terms of use and the privacy statement.
 */
import Link from 'next/link';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';

interface BuildDetails {
  BuildNumber: string;
  BuildVersion: string;
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; build: BuildDetails } | { kind: 'failed' };

function isBuildDetails(v: unknown): v is BuildDetails {
  return typeof v === 'object' && v !== null && 'BuildNumber' in v && 'BuildVersion' in v;
}

export function AboutDialog({ triggerClassName }: { triggerClassName?: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const res = await fetch('/api/Settings/GetApplicationBuildDetails', { credentials: 'same-origin', cache: 'no-store' });
      const body: unknown = res.ok ? await res.json() : null;
      setState(isBuildDetails(body) ? { kind: 'ready', build: body } : { kind: 'failed' });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <Dialog
      title="About JMS Portal"
      size="sm"
      onOpenChange={(open) => {
        if (open && state.kind !== 'ready') void load();
      }}
      trigger={
        <button type="button" className={triggerClassName}>
          About
        </button>
      }
    >
      <div className="flex flex-col gap-4">
        <p>The client portal for ordering, tracking and paying for legal document services.</p>
        {state.kind === 'ready' ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium text-muted">Build number</dt>
            <dd data-testid="build-number">{state.build.BuildNumber}</dd>
            <dt className="font-medium text-muted">Version</dt>
            <dd data-testid="build-version">{state.build.BuildVersion}</dd>
          </dl>
        ) : state.kind === 'failed' ? (
          <p>The build details are not available right now.</p>
        ) : (
          <Spinner label="Loading build details" />
        )}
        <p>© {new Date().getFullYear()} JMS. All rights reserved.</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          <li>
            <Link href="/termsofuse">Terms of use</Link>
          </li>
          <li>
            <Link href="/privacystatement">Privacy statement</Link>
          </li>
        </ul>
      </div>
    </Dialog>
  );
}
