/**
 * The signed-in layout: header with the navigation by role, the signed-in user, About and sign-out;
 * the page in <main> (under a warning while few recovery codes are left); the footer; the notice and the guided tour.
 * This layout reads what the chrome shows from the session; components/shell/PortalChrome.tsx renders it, given
 * those facts only, so the page's payload does not carry the chrome's markup again.
 * Pages under it render their content (starting with an <h1>) but no <main> of their own.
 */
import { createHash } from 'node:crypto';
import { cookies } from 'next/headers';
import { staySignedInAction } from '@/app/SignOut/actions';
import { NOTICE_COOKIE, PASSWORD_EXPIRY_COOKIE } from '@/components/shell/notice-cookie';
import { PortalChrome } from '@/components/shell/PortalChrome';
import { expiryNoticeDue } from '@/lib/auth/expiry-text';
import { requirePageActor } from '@/lib/auth/page';
import { getSessionTiming } from '@/lib/auth/current';
import { helpTextsForShell } from '@/lib/help/service';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { getActiveNotice } from '@/lib/notices/service';
import { homeForRole } from '@/lib/auth/return-url';
import { isClientRole } from '@/lib/reference';
import { getShellUserAndNews } from '@/lib/jobs/shell';

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  // No (or an ended) session: /SignOut?type=11 (9 for staff) remembering the page.
  const actor = await requirePageActor();

  // The notice shows once per server session: the cookie holds a key derived from the session id.
  const noticeKey = createHash('sha256').update(`notice:${actor.sessionId}`).digest('base64url').slice(0, 22);
  const jar = await cookies();
  const noticeSeen = jar.get(NOTICE_COOKIE)?.value === noticeKey;
  // The notice and the tour are for the clients' users; staff only pass through here (/AccessDenied).
  const client = isClientRole(actor.role);
  // The password-expiry notice, also once per session: the days are GetPasswordExpiry's figure.
  const expiryKey = createHash('sha256').update(`password-expiry:${actor.sessionId}`).digest('base64url').slice(0, 22);
  const expirySeen = jar.get(PASSWORD_EXPIRY_COOKIE)?.value === expiryKey;
  // News as it happens (the bell, rows that update in place): for the clients' users, from the position now.
  // What every signed-in page needs is read in few statements: the session's timing came with the actor; the
  // user's name, firm, password expiry, recovery codes, the news position and the bell's unread count are one row.
  const [{ user, news }, notice, helpTexts, timing] = await Promise.all([
    getShellUserAndNews(actor),
    noticeSeen || !client ? null : getActiveNotice(actor),
    helpTextsForShell(),
    getSessionTiming(),
  ]);
  const expiryDays = expirySeen ? ('NA' as const) : user.passwordExpiryDays;

  return (
    <PortalChrome
      area="portal"
      home={homeForRole(actor.role)}
      user={{ name: user.displayName, detail: user.clientName }}
      role={actor.role}
      news={news && { since: news.since, unread: news.unread, pollMs: config().LIVE_POLL_MS }}
      timeZone={actor.timeZone}
      recoveryCodesLeft={user.fewRecoveryCodes}
      idle={timing}
      extend={staySignedInAction}
      helpTexts={helpTexts}
      islands={{
        notice: notice && { id: notice.id, title: notice.title, content: notice.content },
        noticeKey,
        tourEnabled: client && user.enableTour,
        passwordExpiryDays: expiryNoticeDue(expiryDays) ? expiryDays : null,
        passwordExpiryKey: expiryKey,
      }}
      year={now().getFullYear()}
    >
      {children}
    </PortalChrome>
  );
}
