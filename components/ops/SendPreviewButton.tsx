'use client';
/** "Send a test to me" on /Ops/Emails: runs the server action and says where the test went, or why not. */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { signedOutNow } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';
import type { SendPreviewResult } from '@/lib/ops/mail-previews';

export function SendPreviewButton({
  name,
  send,
}: {
  /** The e-mail's name, for the button's accessible name. */
  name: string;
  send: () => Promise<ActionResult<SendPreviewResult>>;
}) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  async function run() {
    setBusy(true);
    setSaid(null);
    try {
      const r = await send();
      if (r.ok)
        setSaid(
          r.value.sent
            ? { ok: true, text: `A test of this e-mail is on its way to ${r.value.to}.` }
            : { ok: false, text: r.value.message },
        );
      else if (!signedOutNow(r)) setSaid({ ok: false, text: r.message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" loading={busy} aria-label={`Send a test to me: ${name}`} onClick={() => void run()}>
        Send a test to me
      </Button>
      <p role="status" className={said?.ok === false ? 'text-sm text-danger' : 'text-sm text-muted'}>
        {said?.text}
      </p>
    </div>
  );
}
