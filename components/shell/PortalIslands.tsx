'use client';

/** The notice pop-up and the guided tour, in that order: the tour waits until the notice is closed. */
import { Suspense, useState } from 'react';
import { GuidedTour } from './GuidedTour';
import { NoticeDialog, type NoticeProps } from './NoticeDialog';

export interface PortalIslandsProps {
  notice: NoticeProps['notice'] | null;
  noticeKey: string;
  tourEnabled: boolean;
}

export function PortalIslands({ notice, noticeKey, tourEnabled }: PortalIslandsProps) {
  const [noticeOpen, setNoticeOpen] = useState(notice !== null);
  return (
    <>
      {notice && noticeOpen && <NoticeDialog notice={notice} sessionKey={noticeKey} onClosed={() => setNoticeOpen(false)} />}
      <Suspense fallback={null}>
        <GuidedTour autoStart={tourEnabled} blocked={noticeOpen} />
      </Suspense>
    </>
  );
}
