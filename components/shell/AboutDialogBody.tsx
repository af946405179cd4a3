'use client';

/**
 * The About dialog (spec §2 modals): build number and version, copyright year, links to the terms of
 * use and the privacy statement. Loaded on demand by AboutDialog (the header's button), which fetches
 * the build details.
 */
import Link from 'next/link';
import type { RefObject } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';

export type AboutState =
  { kind: 'loading' } | { kind: 'ready'; build: { BuildNumber: string; BuildVersion: string } } | { kind: 'failed' };

export interface AboutDialogBodyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: AboutState;
  /** The button that opened it: focus goes back there on close. */
  opener: RefObject<HTMLButtonElement | null>;
}

export function AboutDialogBody({ open, onOpenChange, state, opener }: AboutDialogBodyProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="About JMS Portal"
      size="sm"
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        opener.current?.focus();
      }}
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
