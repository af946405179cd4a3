'use client';

/**
 * The password-expiry notice, the notice pop-up and the guided tour, in that order: each waits until the one
 * before it is closed.
 */
import dynamic from 'next/dynamic';
import { Suspense, useState } from 'react';
import { GuidedTour } from './GuidedTour';
import type { NoticeProps } from './NoticeDialog';

/** Only a session's first page has a notice: the dialog's code is loaded then, not on every page. */
const NoticeDialog = dynamic(() => import('./NoticeDialog').then((m) => m.NoticeDialog), { ssr: false });
const PasswordExpiryNotice = dynamic(() => import('./PasswordExpiryNotice').then((m) => m.PasswordExpiryNotice), {
  ssr: false,
});

export interface PortalIslandsProps {
  notice: NoticeProps['notice'] | null;
  noticeKey: string;
  tourEnabled: boolean;
  /** Days before the password expires, when the password-expiry notice is due this session; else null. */
  passwordExpiryDays?: number | null;
  passwordExpiryKey?: string;
}

export function PortalIslands(props: PortalIslandsProps) {
  // What the first render said is due is kept until the user closes it. Each dialog marks itself seen (its cookie)
  // as it opens, so a later render of the layout (news refreshing the page, an action) says "nothing due": taking
  // that as the truth would pull the open dialog away and leave the next one waiting for a close that never comes.
  const [{ notice, passwordExpiryDays = null }] = useState(() => ({
    notice: props.notice,
    passwordExpiryDays: props.passwordExpiryDays,
  }));
  const { noticeKey, tourEnabled, passwordExpiryKey = '' } = props;
  const [expiryOpen, setExpiryOpen] = useState(passwordExpiryDays !== null);
  const [noticeOpen, setNoticeOpen] = useState(notice !== null);
  const noticePending = (notice !== null && noticeOpen) || (passwordExpiryDays !== null && expiryOpen);
  return (
    <>
      {/* Whether this page owes the user the notice: rendered on the server, so a script (or an assistive
          tool) can tell a notice that is still loading from no notice at all. */}
      <span hidden data-notice={noticePending ? 'pending' : 'none'} />
      {passwordExpiryDays !== null && expiryOpen && (
        <PasswordExpiryNotice
          days={passwordExpiryDays}
          sessionKey={passwordExpiryKey}
          onClosed={() => setExpiryOpen(false)}
        />
      )}
      {notice && noticeOpen && !expiryOpen && (
        <NoticeDialog notice={notice} sessionKey={noticeKey} onClosed={() => setNoticeOpen(false)} />
      )}
      <Suspense fallback={null}>
        <GuidedTour autoStart={tourEnabled} blocked={noticeOpen || expiryOpen} />
      </Suspense>
    </>
  );
}
