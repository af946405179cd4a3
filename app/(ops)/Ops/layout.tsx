/**
 * The staff area's layout: the portal's header and footer with the staff navigation
 * (lib/ops/nav.ts, filtered by lib/core/staff-policy.ts), the signed-in staff member, About and sign-out,
 * rendered by components/shell/PortalChrome.tsx from the facts read here. No client notice or guided tour here.
 * Pages under it render their content (starting with an <h1>) but no <main>.
 */
import { staySignedInAction } from '@/app/SignOut/actions';
import { PortalChrome } from '@/components/shell/PortalChrome';
import { getSessionTiming } from '@/lib/auth/current';
import { now } from '@/lib/clock';
import { requireStaffPage } from '@/lib/ops/page';
import { OPS_HOME } from '@/lib/ops/nav';
import { staffRoleName } from '@/lib/core/staff-policy';
import { getShellUser } from '@/lib/shell/service';

export default async function OpsLayout({ children }: { children: React.ReactNode }) {
  // No (or an ended) session: /SignOut?type=9 remembering the page; a client role: /AccessDenied.
  const actor = await requireStaffPage('ops.open');
  const [user, timing] = await Promise.all([getShellUser(actor), getSessionTiming()]);

  return (
    <PortalChrome
      area="ops"
      home={OPS_HOME}
      user={{ name: user.displayName, detail: staffRoleName(actor.role) }}
      role={actor.role}
      news={null}
      timeZone={actor.timeZone}
      recoveryCodesLeft={user.fewRecoveryCodes}
      idle={timing}
      extend={staySignedInAction}
      year={now().getFullYear()}
    >
      {children}
    </PortalChrome>
  );
}
