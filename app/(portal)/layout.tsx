/**
 * The signed-in layout: header with the navigation by role, the signed-in user, About and sign-out;
 * the page in <main> (under a warning while few recovery codes are left); the footer; the notice and the guided tour. Server-rendered; client islands
 * only for the mobile menu, the active link, About, the notice and the tour.
 * Pages under it render their content (starting with an <h1>) but no <main> of their own.
 */
import { createHash } from 'node:crypto';
import { cookies } from 'next/headers';
import { RecoveryCodesNotice } from '@/components/auth/RecoveryCodesNotice';
import { JobEventsProvider } from '@/components/live/JobEvents';
import { NotificationBell } from '@/components/live/NotificationBell';
import { SessionRole } from '@/components/auth/SessionRole';
import { staySignedInAction } from '@/app/SignOut/actions';
import { IdleTimeout } from '@/components/shell/IdleTimeout';
import { AboutDialog } from '@/components/shell/AboutDialog';
import { Brand } from '@/components/shell/Brand';
import { HelpProvider } from '@/components/shell/help-context';
import { MobileMenu } from '@/components/shell/MobileMenu';
import { NavLinks } from '@/components/shell/NavLinks';
import { NOTICE_COOKIE, PASSWORD_EXPIRY_COOKIE } from '@/components/shell/notice-cookie';
import { PortalIslands } from '@/components/shell/PortalIslands';
import { SiteFooter } from '@/components/shell/SiteFooter';
import { expiryNoticeDue } from '@/lib/auth/expiry-text';
import { requirePageActor } from '@/lib/auth/page';
import { getSessionTiming } from '@/lib/auth/current';
import { helpTextsForShell } from '@/lib/help/service';
import { config } from '@/lib/config';
import { isClientActor } from '@/lib/auth/actor';
import { newsStateOf } from '@/lib/jobs/news';
import { getActiveNotice } from '@/lib/notices/service';
import { homeForRole } from '@/lib/auth/return-url';
import { isClientRole } from '@/lib/reference';
import { navItems } from '@/lib/shell/nav';
import { getShellUser } from '@/lib/shell/service';

/** The header's links and buttons: the .hdr-a class of app/globals.css. */
const headerAction = 'hdr-a';

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
  // What every signed-in page needs is read in few statements: the session's timing came with the actor, the
  // user's name, firm, password expiry and recovery codes are one row, the news position and unread count one more.
  const [user, notice, helpTexts, news, timing] = await Promise.all([
    getShellUser(actor),
    noticeSeen || !client ? null : getActiveNotice(actor),
    helpTextsForShell(),
    isClientActor(actor) ? newsStateOf(actor) : null,
    getSessionTiming(),
  ]);
  const expiryDays = expirySeen ? ('NA' as const) : user.passwordExpiryDays;
  const since = news?.since ?? null;
  const unread = news?.unread ?? 0;
  const items = navItems(actor.role);
  const home = homeForRole(actor.role);

  const page = (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="surface-inverse no-print">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 px-4 py-2">
          <Brand href={home} />
          {since !== null && (
            <div className="ml-auto md:order-last md:ml-2">
              <NotificationBell initialUnread={unread} timeZone={actor.timeZone} />
            </div>
          )}
          <MobileMenu>
            <nav aria-label="Main">
              <NavLinks items={items} />
            </nav>
            <div className="flex flex-col gap-1 border-t border-white/20 pt-3 md:flex-row md:items-center md:gap-2 md:border-0 md:pt-0">
              <p className="px-3 py-1 text-sm leading-tight md:text-right" data-testid="signed-in-user">
                <span className="sr-only">Signed in as </span>
                <span className="block font-medium">{user.displayName}</span>
                {user.clientName && <span className="block text-xs text-brand-100">{user.clientName}</span>}
              </p>
              <AboutDialog triggerClassName={`text-left ${headerAction}`} />
              <a href="/SignOut" className={headerAction}>
                Sign out
              </a>
            </div>
          </MobileMenu>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <RecoveryCodesNotice left={user.fewRecoveryCodes} />
        <HelpProvider texts={helpTexts}>{children}</HelpProvider>
      </main>
      <SiteFooter signedIn />
      {/* apiFetch's 401 sign-out: type 9 for staff, 11 for everyone else (spec §4.5). */}
      <SessionRole role={actor.role} />
      {/* The warning before the idle time-out (WCAG 2.2.1). */}
      {timing && <IdleTimeout idleMinutes={timing.idleMinutes} remainingMs={timing.remainingMs} extend={staySignedInAction} />}
      <PortalIslands
        notice={notice && { id: notice.id, title: notice.title, content: notice.content }}
        noticeKey={noticeKey}
        tourEnabled={client && user.enableTour}
        passwordExpiryDays={expiryNoticeDue(expiryDays) ? expiryDays : null}
        passwordExpiryKey={expiryKey}
      />
    </div>
  );
  return since === null ? (
    page
  ) : (
    <JobEventsProvider since={since} pollMs={config().LIVE_POLL_MS}>
      {page}
    </JobEventsProvider>
  );
}
