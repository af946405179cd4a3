/**
 * The staff area's layout (issue 13): the portal's header and footer with the staff navigation
 * (lib/ops/nav.ts, filtered by lib/core/staff-policy.ts), the signed-in staff member, About and sign-out.
 * Server-rendered; client islands only for the mobile menu, the active link and About. No client notice
 * or guided tour here. Pages under it render their content (starting with an <h1>) but no <main>.
 */
import { SessionRole } from '@/components/auth/SessionRole';
import { staySignedInAction } from '@/app/SignOut/actions';
import { IdleTimeout } from '@/components/shell/IdleTimeout';
import { getSessionTiming } from '@/lib/auth/current';
import { RecoveryCodesNotice } from '@/components/auth/RecoveryCodesNotice';
import { AboutDialog } from '@/components/shell/AboutDialog';
import { Brand } from '@/components/shell/Brand';
import { MobileMenu } from '@/components/shell/MobileMenu';
import { NavLinks } from '@/components/shell/NavLinks';
import { SiteFooter } from '@/components/shell/SiteFooter';
import { requireStaffPage } from '@/lib/ops/page';
import { OPS_HOME, opsNavItems } from '@/lib/ops/nav';
import { staffRoleName } from '@/lib/core/staff-policy';
import { getShellUser } from '@/lib/shell/service';

/** The header's links and buttons: the .hdr-a class of app/globals.css. */
const headerAction = 'hdr-a';

export default async function OpsLayout({ children }: { children: React.ReactNode }) {
  // No (or an ended) session: /SignOut?type=9 remembering the page; a client role: /AccessDenied.
  const actor = await requireStaffPage('ops.open');
  const [user, timing] = await Promise.all([getShellUser(actor), getSessionTiming()]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="surface-inverse no-print">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 px-4 py-2">
          <Brand href={OPS_HOME} />
          <span className="rounded bg-white/15 px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">Staff</span>
          <MobileMenu wide>
            {/* From xl: the signed-in user on the first row, the eight sections in one line under it. */}
            <nav aria-label="Staff" className="xl:order-2 xl:basis-full">
              <NavLinks items={opsNavItems(actor.role)} sections />
            </nav>
            <div className="flex flex-col gap-1 border-t border-white/20 pt-3 xl:order-1 xl:ml-auto xl:flex-row xl:items-center xl:gap-2 xl:border-0 xl:pt-0">
              <p className="px-3 py-1 text-sm leading-tight xl:text-right" data-testid="signed-in-user">
                <span className="sr-only">Signed in as </span>
                <span className="block font-medium">{user.displayName}</span>
                <span className="block text-xs text-brand-100">{staffRoleName(actor.role)}</span>
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
        {children}
      </main>
      <SiteFooter />
      {/* apiFetch's 401 sign-out: type 9 for staff (spec §4.5). */}
      <SessionRole role={actor.role} />
      {/* The warning before the idle time-out (WCAG 2.2.1). */}
      {timing && <IdleTimeout idleMinutes={timing.idleMinutes} remainingMs={timing.remainingMs} extend={staySignedInAction} />}
    </div>
  );
}
