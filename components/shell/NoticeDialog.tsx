'use client';

/**
 * The notice pop-up (spec §4): shown once per session after sign-in. Ok (or Escape) closes it;
 * "Don't show this again" (the spec's Save, named by what it does) switches it off for this user on the server
 * (api/Notice/DisableNotice/{id}).
 * "Once per session" is a session cookie holding a key derived from the server session, which the
 * signed-in layout checks before offering the notice again (every tab, until sign-out).
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { apiFetch } from '@/lib/client-side/api';
import { NOTICE_COOKIE } from './notice-cookie';

export interface NoticeProps {
  notice: { id: number; title: string; content: string };
  /** Marks the notice as seen for this session. */
  sessionKey: string;
  onClosed: () => void;
}

export function NoticeDialog({ notice, sessionKey, onClosed }: NoticeProps) {
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${NOTICE_COOKIE}=${encodeURIComponent(sessionKey)}; Path=/; SameSite=Lax${secure}`;
  }, [sessionKey]);

  const close = () => {
    setOpen(false);
    onClosed();
  };

  const save = async () => {
    setSaving(true);
    setFailed(false);
    try {
      // A 401 signs out and comes back to this page (apiFetch, spec §4.5).
      const res = await apiFetch(`/api/Notice/DisableNotice/${notice.id}`, { method: 'POST' });
      await res.text();
      if (!res.ok) throw new Error(String(res.status));
      close();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title={notice.title}
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={save} loading={saving} loadingText="Saving…">
            Don&apos;t show this again
          </Button>
          <Button variant="primary" onClick={close} disabled={saving}>
            Ok
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3" data-testid="notice-content">
        {notice.content.split(/\n{2,}/).map((para, i) => (
          <p key={i} className="whitespace-pre-line">
            {para}
          </p>
        ))}
        {failed && (
          <p role="alert" className="text-danger">
            Your choice could not be saved. Please try again.
          </p>
        )}
      </div>
    </Dialog>
  );
}
