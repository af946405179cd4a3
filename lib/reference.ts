/**
 * The fixed reference tables of the spec: job statuses (§4), order types (§2), roles (§6),
 * physical media types (§3), sort and paging constants (§9).
 */

/** Job statuses with their ids, in the order the spec lists them (the workflow order). */
export const JOB_STATUSES = [
  { id: 15, label: 'Cost Estimate' },
  { id: 12, label: 'Submitted' },
  { id: 6, label: 'Ready For Collection' },
  { id: 9, label: 'Being Collected' },
  { id: 1, label: 'Not Started' },
  { id: 2, label: 'Started' },
  { id: 7, label: 'QA Started' },
  { id: 4, label: 'Ready For Delivery' },
  { id: 14, label: 'Being Delivered' },
  { id: 8, label: 'Delivered' },
  { id: 3, label: 'On Hold' },
  { id: 13, label: 'Waiting For Payment' },
  { id: 10, label: 'Cancelled' },
] as const;

export type JobStatusId = (typeof JOB_STATUSES)[number]['id'];
export const JOB_STATUS_IDS = JOB_STATUSES.map((s) => s.id) as readonly number[];
export const NEW_JOB_STATUS = 12 as const;
export const DELIVERED_STATUS = 8 as const;
/**
 * The job alerts a new client user starts with (with the invoice alert and the order confirmation, also on by
 * default): the order received (Submitted), the statuses where the firm is waiting for or asked to act (Cost
 * Estimate, Ready For Collection, On Hold, Waiting For Payment), and the job's arrival (Ready For Delivery,
 * Delivered).
 */
export const DEFAULT_JOB_ALERT_STATUSES: readonly number[] = [NEW_JOB_STATUS, 15, 6, 3, 13, 4, DELIVERED_STATUS];

export function statusLabel(id: number): string {
  return JOB_STATUSES.find((s) => s.id === id)?.label ?? 'Unknown';
}

export const ORDER_TYPES = [
  { id: 1, name: 'Appeal Book' },
  { id: 2, name: 'Court Copy' },
  { id: 3, name: 'Copy' },
  { id: 4, name: 'Data Processing' },
  { id: 5, name: 'Print' },
  { id: 6, name: 'Scan' },
  { id: 7, name: 'Consulting' },
  { id: 8, name: 'Court' },
] as const;

export type OrderTypeId = (typeof ORDER_TYPES)[number]['id'];

export function orderTypeName(id: number): string {
  return ORDER_TYPES.find((t) => t.id === id)?.name ?? 'Unknown';
}

export const ROLES = [
  { id: 1, name: 'Internal Administrator' },
  { id: 2, name: 'Internal Staff' },
  { id: 3, name: 'Client User' },
  { id: 4, name: 'Client Administrator' },
  { id: 5, name: 'Client Group1' },
  { id: 6, name: 'Client Group2' },
  { id: 7, name: 'Client Legal And Support Group' },
  { id: 8, name: 'Client Mail Room User' },
] as const;

export type RoleId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** Roles a client administrator may assign (3 to 8). */
export const CLIENT_ROLES = [3, 4, 5, 6, 7, 8] as const;
/** Roles that see job and invoice screens but not user management. */
export const CLIENT_USER_ROLES = [3, 5, 6, 7, 8] as const;
export const CLIENT_ADMIN_ROLE = 4 as const;
export const STAFF_ROLES = [1, 2] as const;

export function roleName(id: number): string {
  return ROLES.find((r) => r.id === id)?.name ?? 'Unknown';
}

export function isClientRole(role: number): boolean {
  return role >= 3 && role <= 8;
}

export const PHYSICAL_MEDIA_TYPES = [
  { id: 1, name: 'CD/DVD' },
  { id: 2, name: 'USB Flash Drive' },
  { id: 3, name: 'USB Hard Drive' },
] as const;

/** Paging (§9): default 10; options 10, 15, 20, 50, 100 and All (sends 0). */
export const PAGE_SIZES = [10, 15, 20, 50, 100, 0] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The most rows one page may hold, also when "All" (0) is asked for: the list says so when more match. */
export const MAX_ROWS_PER_PAGE = 5000;
export const PAGE_LINKS = 5;
export const PAGE_LINKS_MOBILE = 2;
/** Sort direction (§9): 1 ascending, 2 descending. */
export const SORT_ASC = 1;
export const SORT_DESC = 2;
export const SEARCH_DEBOUNCE_MS = 400;
export const JOB_LIST_REFRESH_MS = 60_000;
export const POPOVER_CLOSE_DELAY_MS = 500;

/** Upload (§9). */
export const MAX_UPLOAD_BYTES = 52_428_800;
export const UPLOAD_TYPE = 5;
/** Log entries (§9). */
export const LOG_AREA_JOB_UPLOAD = 15;
export const LOG_ACTION_UPLOAD = 10;
export const LOG_ACTION_CLONE = 11;
/** Invoices (§9). */
export const SHEETS_STOCK_CODE = 'EZ999';
export const EXPORT_FILE = { jobs: 'Jobs.csv', invoices: 'Invoices.csv', users: 'User.csv' } as const;
/** Passwords (§5, §9). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_HISTORY = 10;
