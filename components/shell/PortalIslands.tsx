'use client';

/** The notice pop-up and the guided tour, in that order: the tour waits until the notice is closed. */
import dynamic from 'next/dynamic';
import { Suspense, useState } from 'react';
import { GuidedTour } from './GuidedTour';
import type { NoticeProps } from './NoticeDialog';

/** Only a session's first page has a notice: the dialog's code is loaded then, not on every page. */
const NoticeDialog = dynamic(() => import('./NoticeDialog').then((m) => m.NoticeDialog), { ssr: false });

export interface PortalIslandsProps {
  notice: NoticeProps['notice'] | null;
  noticeKey: string;
  tourEnabled: boolean;
}

export function PortalIslands({ notice, noticeKey, tourEnabled }: PortalIslandsProps) {
  const [noticeOpen, setNoticeOpen] = useState(notice !== null);
  const noticePending = notice !== null && noticeOpen;
  return (
    <>
      {/* Whether this page owes the user the notice: rendered on the server, so a script (or an assistive
          tool) can tell a notice that is still loading from no notice at all. */}
      <span hidden data-notice={noticePending ? 'pending' : 'none'} />
      {notice && noticeOpen && <NoticeDialog notice={notice} sessionKey={noticeKey} onClosed={() => setNoticeOpen(false)} />}
      <Suspense fallback={null}>
        <GuidedTour autoStart={tourEnabled} blocked={noticeOpen} />
      </Suspense>
    </>
  );
}
