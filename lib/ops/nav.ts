/**
 * The staff area's navigation (/Ops). One entry per section; a section shows to the roles whose policy
 * allows its permission (lib/core/staff-policy.ts), and its route kind in lib/auth/routes.ts must agree.
 * To add a section: add its page under app/(ops)/Ops/<Section>, one entry below, and (for a role-1-only
 * section) one line in ROUTE_TABLE. Pure and browser-safe.
 */
import type { NavItem } from '@/lib/shell/nav';
import { can, type StaffPermission } from '@/lib/core/staff-policy';

export interface OpsSection extends NavItem {
  permission: StaffPermission;
  /** One line for the /Ops home page. */
  summary: string;
  /** Other pages that belong to the section (they light up its link), e.g. a row's detail page. */
  also?: readonly string[];
}

export const OPS_HOME = '/Ops';

export const OPS_SECTIONS: readonly OpsSection[] = [
  {
    href: '/Ops',
    label: 'Overview',
    tour: 'ops-home',
    permission: 'ops.open',
    summary: 'Work waiting across all clients.',
  },
  {
    href: '/Ops/Jobs',
    label: 'Job queue',
    tour: 'ops-jobs',
    permission: 'jobs.read',
    summary: 'Every client’s jobs: filter, sort, open a job and move it through the workflow.',
    also: ['/Ops/Job'],
  },
  {
    href: '/Ops/Clients',
    label: 'Clients',
    tour: 'ops-clients',
    permission: 'clients.manage',
    summary: 'Onboard a client with its branches, cities and cost estimates; invite its administrator; suspend it.',
  },
  {
    href: '/Ops/Invoices',
    label: 'Invoices',
    tour: 'ops-invoices',
    permission: 'invoices.manage',
    summary: 'Issue invoices for a client’s jobs and mark them paid.',
  },
  {
    href: '/Ops/Invoices/Receivables',
    label: 'Receivables',
    tour: 'ops-receivables',
    permission: 'invoices.manage',
    summary: 'What each client owes by days past the due date, and each client’s statement of account.',
    also: ['/Ops/Invoices/Statement'],
  },
  {
    href: '/Ops/Notices',
    label: 'Notices and help',
    tour: 'ops-notices',
    permission: 'content.manage',
    summary: 'The notice users see once per session, and the contextual help texts: schedule, change, retire.',
  },
  {
    href: '/Ops/Emails',
    label: 'E-mails',
    tour: 'ops-emails',
    permission: 'ops.open',
    summary: 'Every e-mail the portal sends, as its readers see it; send yourself a test of any of them.',
  },
  {
    href: '/Ops/Webhooks',
    label: 'Webhooks',
    tour: 'ops-webhooks',
    permission: 'webhooks.manage',
    summary: 'Endpoints of your own systems that receive signed job and invoice events; the delivery log, send again.',
  },
  {
    href: '/Ops/Staff',
    label: 'Staff users',
    tour: 'ops-staff',
    permission: 'staff.manage',
    summary: 'The provider’s staff users: create, edit, deactivate.',
  },
  {
    href: '/Ops/ApiKeys',
    label: 'API keys',
    tour: 'ops-api-keys',
    permission: 'apiKeys.manage',
    summary: 'Keys of the integration API for your job-management system: create with scopes, see last use, revoke.',
  },
];

/** The sections a role may open, in navigation order (none for client roles). */
export function opsNavItems(role: number): OpsSection[] {
  return OPS_SECTIONS.filter((s) => can(role, s.permission));
}

/** Which section a path belongs to: the longest section path that is the path or one of its ancestors. */
export function activeOpsHref(items: readonly OpsSection[], pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: { href: string; length: number } | null = null;
  for (const i of items) {
    for (const owner of [i.href, ...(i.also ?? [])]) {
      if ((path === owner || path.startsWith(`${owner}/`)) && (best === null || owner.length > best.length))
        best = { href: i.href, length: owner.length };
    }
  }
  return best?.href ?? null;
}
