/**
 * The main navigation by role (spec §6): client roles 3 to 8 see jobs, ordering, invoices,
 * settings and help; only the client administrator (4) sees user management and reports. Anyone else
 * (internal staff) is denied every client screen, so sees no items. Pure and browser-safe.
 */
import { CLIENT_ADMIN_ROLE, isClientRole } from '@/lib/reference';

export interface NavItem {
  href: string;
  label: string;
  /** The guided tour's anchor (data-tour attribute). */
  tour: string;
}

const JOBS: NavItem = { href: '/JobClient', label: 'Jobs', tour: 'nav-jobs' };
const NEW_JOB: NavItem = { href: '/SaveJob', label: 'New job', tour: 'nav-new-job' };
const INVOICES: NavItem = { href: '/Invoice', label: 'Invoices', tour: 'nav-invoices' };
const USERS: NavItem = { href: '/user', label: 'Users', tour: 'nav-users' };
const REPORTS: NavItem = { href: '/Reports', label: 'Reports', tour: 'nav-reports' };
const SETTINGS: NavItem = { href: '/Settings', label: 'Settings', tour: 'nav-settings' };
const HELP: NavItem = { href: '/Help', label: 'Help', tour: 'nav-help' };

export function navItems(role: number): NavItem[] {
  if (!isClientRole(role)) return [];
  return [JOBS, NEW_JOB, INVOICES, ...(role === CLIENT_ADMIN_ROLE ? [USERS, REPORTS] : []), SETTINGS, HELP];
}

/** Which item a path belongs to (sub-pages of a screen light up its item), or null. */
export function activeNavHref(items: readonly NavItem[], pathname: string): string | null {
  const owners: Record<string, string> = {
    '/JobSlip': '/JobClient',
    '/InvoiceSlip': '/Invoice',
    '/saveuser': '/user',
    '/Matter': '/JobClient',
  };
  const first = `/${pathname.split('/')[1] ?? ''}`;
  const target = owners[first] ?? first;
  return items.find((i) => i.href === target)?.href ?? null;
}
