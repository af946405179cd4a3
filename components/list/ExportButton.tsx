'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { apiFetch } from '@/lib/client-side/api';
import { saveBlob } from '@/lib/client-side/save-blob';

/**
 * Downloads a CSV export of exactly the filtered, sorted list: POSTs the list query to the export
 * endpoint and saves the answer under the spec's file name. Shows progress while it runs. A 401 signs out
 * and comes back to this page after sign-in (apiFetch, spec §4.5).
 */
export function ExportButton({
  url,
  body,
  fileName,
  label = 'Export',
  dataTour,
}: {
  url: string;
  body: unknown;
  fileName: string;
  label?: string;
  dataTour?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function run() {
    setBusy(true);
    setFailed(false);
    try {
      const res = await apiFetch(url, { method: 'POST', json: body, headers: { Accept: 'text/csv' } });
      if (!res.ok) throw new Error(`export failed: ${res.status}`);
      saveBlob(await res.blob(), fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex items-center gap-2" data-tour={dataTour}>
      <Button onClick={run} loading={busy} loadingText="Exporting…">
        {label}
      </Button>
      {failed ? (
        <span role="alert" className="text-sm text-danger">
          The export could not be downloaded. Please try again.
        </span>
      ) : null}
    </span>
  );
}
