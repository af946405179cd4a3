'use client';
/**
 * The ten recovery codes, shown once after the authenticator app is set up, with the ways to keep them:
 * copy to the clipboard, download as a text file, print (only the codes: app/globals.css).
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { saveBlob } from '@/lib/client-side/save-blob';

export const RECOVERY_FILE_NAME = 'jms-portal-recovery-codes.txt';

/** The text file's (and the clipboard's) content: what the codes are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'JMS Portal recovery codes',
    'Each code signs you in once instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [said, setSaid] = useState<string | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      setSaid('The recovery codes were copied.');
    } catch {
      setSaid('The codes could not be copied here. Please download or print them.');
    }
  }

  function download() {
    saveBlob(new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE_NAME);
  }

  function print() {
    document.body.dataset.printing = 'recovery-codes';
    const done = () => {
      delete document.body.dataset.printing;
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  }

  return (
    <div className="flex flex-col gap-2">
      <div data-print-target="recovery-codes">
        <p className="print-only hidden font-semibold">JMS Portal recovery codes</p>
        <ul
          className="grid grid-cols-1 gap-1 rounded-md border border-line bg-canvas p-3 font-mono text-sm sm:grid-cols-2"
          aria-label="Recovery codes"
        >
          {codes.map((c) => (
            <li key={c} className="break-all">
              {c}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button size="sm" onClick={download}>
          Download as text file
        </Button>
        <Button size="sm" onClick={print}>
          Print codes
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted">
        {said}
      </p>
    </div>
  );
}
