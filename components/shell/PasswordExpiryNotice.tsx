'use client';

/**
 * The password-expiry notice (spec §2 modals: "shows number of days"): after sign-in, once per session, when
 * the password expires within 14 days. The days are GetPasswordExpiry's figure, computed on the server.
 * "Once per session" is a session cookie holding a key derived from the server session (as the notice).
 */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { buttonClasses, Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { expiryNoticeText } from '@/lib/auth/expiry-text';
import { PASSWORD_EXPIRY_COOKIE } from './notice-cookie';

export interface PasswordExpiryNoticeProps {
  days: number;
  sessionKey: string;
  onClosed: () => void;
}

export function PasswordExpiryNotice({ days, sessionKey, onClosed }: PasswordExpiryNoticeProps) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${PASSWORD_EXPIRY_COOKIE}=${encodeURIComponent(sessionKey)}; Path=/; SameSite=Lax${secure}`;
  }, [sessionKey]);
  const close = () => {
    setOpen(false);
    onClosed();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title="Password expiry"
      hideClose
      footer={
        <>
          <Link href="/Settings" className={buttonClasses({ variant: 'secondary' })} onClick={close}>
            Change it in Settings
          </Link>
          <Button variant="primary" onClick={close}>
            Ok
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-2" data-testid="password-expiry-notice" data-days={days}>
        <p className="font-medium">{expiryNoticeText(days)}</p>
        <p className="text-muted">
          Change your password in Settings before it expires, or you will have to change it at your next sign-in.
        </p>
      </div>
    </Dialog>
  );
}
