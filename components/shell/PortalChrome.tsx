'use client';
/**
 * The signed-in chrome of both areas (the clients' pages and the staff area): skip link, header (brand, bell,
 * navigation, the signed-in user, About, sign-out), <main> with the few-recovery-codes warning, footer, and the
 * islands that render nothing until needed (the 401 role, the idle time-out, the notice and the tour).
 *
 * One client component given the few facts that change per request, so the page's RSC payload carries those
 * facts and not the chrome's markup a second time: a server component's elements are sent twice, once as HTML and
 * once as the payload's element tree (docs/decisions/031-document-weight.md). The page itself stays a
 * server component (`children`). The layouts (app/(portal)/layout.tsx, app/(ops)/Ops/layout.tsx) decide every
 * fact from the session; nothing here reads anything (the navigation follows from the role given).
 */
import type { ReactNode } from 'react';
import { RecoveryCodesNotice } from '@/components/auth/RecoveryCodesNotice';
import { SessionRole } from '@/components/auth/SessionRole';
import { JobEventsProvider } from '@/components/live/JobEvents';
import { NotificationBell } from '@/components/live/NotificationBell';
import { opsNavItems } from '@/lib/ops/nav';
import { navItems } from '@/lib/shell/nav';
import { AboutDialog } from './AboutDialog';
import { Brand } from './Brand';
import { HelpProvider } from './help-context';
import { IdleTimeout, type IdleTimeoutProps } from './IdleTimeout';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';
import { PortalIslands, type PortalIslandsProps } from './PortalIslands';
import { SiteFooter } from './SiteFooter';

export interface PortalChromeProps {
  /** 'ops': the staff area (a Staff tag, the sections' navigation laid out from xl, no bell, help or islands). */
  area: 'portal' | 'ops';
  home: string;
  /** The signed-in user's name and, under it, the firm (clients) or the staff role. */
  user: { name: string; detail: string | null };
  /** The signed-in role: the navigation is the role's (lib/shell/nav.ts, lib/ops/nav.ts), worked out here. */
  role: number;
  /** The news position and the bell's unread count (clients' users only). */
  news: { since: string; unread: number; pollMs: number } | null;
  timeZone: string;
  /** Unused recovery codes when few are left, else null. */
  recoveryCodesLeft: number | null;
  /** The session's idle time-out, when sessions time out. */
  idle: Omit<IdleTimeoutProps, 'extend'> | null;
  extend: IdleTimeoutProps['extend'];
  helpTexts?: Readonly<Record<string, string>> | null;
  islands?: PortalIslandsProps;
  /** The footer's year, from the server's clock (the browser's could differ at midnight on New Year's Eve). */
  year: number;
  children: ReactNode;
}

/** The header's links and buttons: the .hdr-a class of app/globals.css. */
const headerAction = 'hdr-a';

export function PortalChrome(props: PortalChromeProps) {
  const {
    area,
    home,
    user,
    role,
    news,
    timeZone,
    recoveryCodesLeft,
    idle,
    extend,
    helpTexts = null,
    islands,
    year,
    children,
  } = props;
  const ops = area === 'ops';
  const nav = ops ? opsNavItems(role) : navItems(role);
  const page = (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="surface-inverse no-print">
        <div className="hdr-in">
          <Brand href={home} />
          {ops && (
            <span className="rounded bg-white/15 px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">Staff</span>
          )}
          {news && (
            <div className="ml-auto md:order-last md:ml-2">
              <NotificationBell initialUnread={news.unread} timeZone={timeZone} />
            </div>
          )}
          <MobileMenu wide={ops}>
            {ops ? (
              // From xl: the signed-in user on the first row, the eight sections in one line under it.
              <nav aria-label="Staff" className="xl:order-2 xl:basis-full">
                <NavLinks items={nav} sections />
              </nav>
            ) : (
              <nav aria-label="Main">
                <NavLinks items={nav} />
              </nav>
            )}
            <div
              className={
                ops
                  ? 'who xl:order-1 xl:ml-auto xl:flex-row xl:items-center xl:gap-2 xl:border-0 xl:pt-0'
                  : 'who md:flex-row md:items-center md:gap-2 md:border-0 md:pt-0'
              }
            >
              <p
                className={
                  ops
                    ? 'px-3 py-1 text-sm leading-tight xl:text-right'
                    : 'px-3 py-1 text-sm leading-tight md:text-right'
                }
                data-testid="signed-in-user"
              >
                <span className="sr-only">Signed in as </span>
                <span className="block font-medium">{user.name}</span>
                {user.detail && <span className="block text-xs text-brand-100">{user.detail}</span>}
              </p>
              <AboutDialog triggerClassName={`text-left ${headerAction}`} />
              <a href="/SignOut" className={headerAction}>
                Sign out
              </a>
            </div>
          </MobileMenu>
        </div>
      </header>
      {/* On paper the page's content has the sheet to itself (the header and footer are not printed). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none print:max-w-none print:p-0"
      >
        <RecoveryCodesNotice left={recoveryCodesLeft} />
        {ops ? children : <HelpProvider texts={helpTexts}>{children}</HelpProvider>}
      </main>
      <SiteFooter signedIn={!ops} year={year} />
      {/* apiFetch's 401 sign-out: type 9 for staff, 11 for everyone else (spec §4.5). */}
      <SessionRole role={role} />
      {/* The warning before the idle time-out (WCAG 2.2.1). */}
      {idle && <IdleTimeout idleMinutes={idle.idleMinutes} remainingMs={idle.remainingMs} extend={extend} />}
      {islands && <PortalIslands {...islands} />}
    </div>
  );
  return news ? (
    <JobEventsProvider since={news.since} pollMs={news.pollMs}>
      {page}
    </JobEventsProvider>
  ) : (
    page
  );
}
