/**
 * How each event of the activity page reads: a short event name and its details in words, from the
 * audit row's facts. Pure: no database. Details never hold secrets; for changed users and settings only the
 * names of the fields that changed are stored and shown.
 */
import { roleName, statusLabel } from '@/lib/reference';
import { byKey } from '@/lib/job-fields';

export interface ActivityFacts {
  action: string;
  targetType: string;
  targetId: string | null;
  targetUserName: string | null;
  details: Record<string, unknown> | null;
}

const FIELD_LABELS: Record<string, string> = {
  userName: 'user name',
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail',
  phone: 'phone',
  role: 'role',
  timeZone: 'time zone',
  password: 'password',
  alerts: 'job alerts',
  requireTwoFactor: 'require two-factor',
  idleTimeoutMinutes: 'idle timeout',
  allowedEmailDomains: 'allowed e-mail domains',
  requireSso: 'require single sign-on',
};

/** The order form's fields, as a job's amendment names them. */
const JOB_FIELD_LABELS: Record<string, string> = {
  orderType: 'job type',
  contactName: 'contact name',
  email: 'e-mail',
  contactPhone: 'contact phone',
  afterHourContactNumber: 'after-hours number',
  costEstimateNumber: 'cost estimate number',
  matterReference: 'matter reference',
  clientBranchAddressId: 'branch address',
  ...byKey((f) => f.activity),
  readyAt: 'ready time',
  dueAt: 'due time',
  timeZone: 'time zone',
  instructions: 'instructions',
  numberOfCopies: 'number of copies',
  whatToCollect: 'what to collect',
  copyAsOriginal: 'copy as original',
  instructionBlock: 'instruction details',
};

const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const fields = (v: unknown) => list(v).map((f) => FIELD_LABELS[f] ?? f);

/** "Job J123: …" from a job event's details. */
function jobAnd(d: Record<string, unknown>, rest: string): string {
  const job = str(d.jmsNumber) ? `Job ${str(d.jmsNumber)}` : '';
  return [job, rest].filter(Boolean).join(': ');
}

function target(f: ActivityFacts): string {
  return f.targetUserName ?? (f.targetType === 'user' && f.targetId ? `user #${f.targetId}` : '');
}

const PASSWORD_REASONS: Record<string, string> = {
  created: 'set when the user was created',
  admin: 'set by an administrator',
  settings: 'changed in Settings',
  reset: 'reset with an e-mailed link',
  forced: 'changed at sign-in (first time or expired)',
};

/** Query keys that order or page a list: how it was sorted is not a filter. */
const NOT_FILTERS = /^(sort|page|size$|pageSize|take$|skip$)/i;

const FILTER_LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  jmsNumber: 'job number',
  matterReference: 'matter reference',
  matterExact: 'matter',
  description: 'description',
  contactName: 'contact name',
  clientName: 'client name',
  timeCreated: 'created',
  timeDue: 'due',
  timeDelivered: 'delivered',
  statuses: 'status',
  attention: 'needs attention',
  mine: 'only my jobs',
  fullName: 'name',
};

/** A query key in words: its label, else its camelCase or PascalCase split into lower-case words. */
const filterName = (key: string): string =>
  FILTER_LABELS[key] ??
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();

function filterValue(key: string, x: unknown): string {
  const one = (y: unknown): string =>
    typeof y === 'number' && key === 'statuses'
      ? statusLabel(y)
      : typeof y === 'number' && key === 'role'
        ? roleName(y)
        : typeof y === 'boolean'
          ? y
            ? 'yes'
            : 'no'
          : typeof y === 'object'
            ? JSON.stringify(y)
            : String(y);
  return Array.isArray(x) ? x.map(one).join(', ') : one(x);
}

/** The filters of an exported list in words; sorting, paging, "any" (0) and a box left unticked (false) are left out. */
function describeFilters(v: unknown): string {
  if (!v || typeof v !== 'object') return 'no filters';
  const parts = Object.entries(v as Record<string, unknown>)
    .filter(([k, x]) => !NOT_FILTERS.test(k) && x !== 0 && x !== false)
    .filter(([, x]) => x !== null && x !== undefined && x !== '' && !(Array.isArray(x) && x.length === 0))
    .map(([k, x]) => `${filterName(k)} = ${filterValue(k, x)}`);
  return parts.length ? parts.join('; ') : 'no filters';
}

export function describeActivity(f: ActivityFacts): { event: string; details: string } {
  const d = f.details ?? {};
  switch (f.action) {
    case 'signin.success':
      return {
        event: 'Signed in',
        details: d.method === 'password+otp' ? 'Password and e-mailed passcode' : (str(d.method) ?? ''),
      };
    case 'signin.sso':
      return { event: 'Signed in', details: 'Single sign-on' };
    case 'signin.failed':
      return {
        event: 'Failed sign-in',
        details: [
          d.reason === 'otp' ? 'Wrong passcode' : d.reason === 'password' ? 'Wrong password' : str(d.reason),
          str(d.failed) ? `${str(d.failed)} failed attempts` : null,
        ]
          .filter(Boolean)
          .join(', '),
      };
    case 'signin.blocked':
      return { event: 'Failed sign-in', details: 'The account is locked' };
    case 'signin.sso_failed':
      return { event: 'Failed sign-in', details: `Single sign-on: ${str(d.reason) ?? 'refused'}` };
    case 'signin.sso_required':
      return { event: 'Failed sign-in', details: 'Password sign-in refused: the organisation requires single sign-on' };
    case 'signin.locked':
      return { event: 'Account locked', details: str(d.failed) ? `After ${str(d.failed)} failed attempts` : '' };
    case 'user.unlocked':
      return { event: 'Account unlocked', details: target(f) };
    case 'password.changed':
      return {
        event: 'Password changed',
        details: [target(f), PASSWORD_REASONS[str(d.reason) ?? ''] ?? ''].filter(Boolean).join(': '),
      };
    case 'password.reset_token_issued':
      return d.purpose === 'forced'
        ? { event: 'Password change required', details: `${target(f)}: asked to change the password at sign-in` }
        : { event: 'Password reset requested', details: `${target(f)}: a reset link was e-mailed` };
    case 'twofactor.enrolled':
      return { event: 'Authenticator app set up', details: '' };
    case 'twofactor.removed':
      return { event: 'Authenticator app removed', details: '' };
    case 'twofactor.recovery_used':
      return {
        event: 'Recovery code used to sign in',
        details: str(d.remaining) ? `${str(d.remaining)} codes left` : '',
      };
    case 'job.create':
      return {
        event: d.sourceJobId ? 'Job cloned' : 'Job ordered',
        details: str(d.jmsNumber) ? `Job ${str(d.jmsNumber)}` : '',
      };
    case 'job.amend': {
      const changed = list(d.changed).map((k) => JOB_FIELD_LABELS[k] ?? k);
      return { event: 'Job amended', details: jobAnd(d, changed.length ? `changed ${changed.join(', ')}` : '') };
    }
    case 'job.cancel':
      return { event: 'Job cancelled', details: jobAnd(d, str(d.reason) ? `reason: ${str(d.reason)}` : '') };
    case 'job.change_requested':
      return {
        event: d.kind === 'cancel' ? 'Cancellation requested' : 'Amendment requested',
        details: jobAnd(d, str(d.reason) ? `reason: ${str(d.reason)}` : ''),
      };
    case 'job.message': {
      const body = str(d.body) ?? '';
      const files = list(d.files);
      return {
        event: 'Message sent',
        details: jobAnd(
          d,
          [
            body.length > 80 ? `"${body.slice(0, 79)}…"` : body ? `"${body}"` : null,
            files.length ? `${files.length} ${files.length === 1 ? 'file' : 'files'} attached` : null,
          ]
            .filter(Boolean)
            .join(', '),
        ),
      };
    }
    case 'job.feedback':
      return {
        event: 'Feedback given',
        details: [
          str(d.jmsNumber) ? `Job ${str(d.jmsNumber)}` : null,
          str(d.rating) ? `rating ${str(d.rating)} of 5` : null,
        ]
          .filter(Boolean)
          .join(', '),
      };
    case 'export':
      return {
        event: `Exported ${str(d.file) ?? 'a list'}`,
        details: `${str(d.list) ?? ''} list; filters: ${describeFilters(d.filters)}; ${str(d.rows) ?? '0'} ${str(d.rows) === '1' ? 'row' : 'rows'}${d.complete === false ? ' (download not completed)' : ''}`,
      };
    case 'document.uploaded':
      return {
        event: 'File uploaded',
        details: [str(d.fileName), str(d.jmsNumber) ? `job ${str(d.jmsNumber)}` : null].filter(Boolean).join(', '),
      };
    case 'document.downloaded':
      return {
        event: 'File downloaded',
        details: [str(d.fileName), str(d.jmsNumber) ? `job ${str(d.jmsNumber)}` : null].filter(Boolean).join(', '),
      };
    case 'user.created':
      return {
        event: 'User created',
        details: [target(f) || str(d.userName), typeof d.role === 'number' ? roleName(d.role) : null]
          .filter(Boolean)
          .join(', '),
      };
    case 'user.updated': {
      const changed = fields(d.changed);
      return {
        event: 'User edited',
        details: `${target(f)}: ${changed.length ? `changed ${changed.join(', ')}` : 'nothing changed'}`,
      };
    }
    case 'user.invited':
      return {
        event: 'User invited',
        details: [target(f) || str(d.userName), typeof d.role === 'number' ? roleName(d.role) : null]
          .filter(Boolean)
          .join(', '),
      };
    case 'user.reactivated':
      return { event: 'User reactivated', details: target(f) || (str(d.userName) ?? '') };
    case 'user.deactivated':
      return { event: 'User deactivated', details: target(f) || (str(d.userName) ?? '') };
    case 'view.share':
      return { event: 'View shared', details: str(d.name) ? `"${str(d.name)}", now seen by everyone in the firm` : '' };
    case 'view.unshare':
      return { event: 'View no longer shared', details: str(d.name) ? `"${str(d.name)}"` : '' };
    case 'settings.updated': {
      const changed = fields(d.changed);
      if (d.alerts === 'replaced') changed.push('job alerts');
      return {
        event: 'Settings changed',
        details: changed.length ? `Changed ${changed.join(', ')}` : 'Saved without changes',
      };
    }
    case 'security.policy_updated': {
      const changed = fields(d.changed);
      return {
        event: 'Security policy changed',
        details: changed.length ? `Changed ${changed.join(', ')}` : 'Saved without changes',
      };
    }
    case 'signout':
      return { event: 'Signed out', details: '' };
    case 'session.revoked':
      return { event: 'Session signed out', details: [target(f), str(d.browser)].filter(Boolean).join(': ') };
    case 'session.revoked_all':
      return {
        event: 'Signed out everywhere',
        details: [target(f), str(d.sessions) ? `${str(d.sessions)} sessions ended` : null].filter(Boolean).join(': '),
      };
    case 'access.denied':
      return { event: 'Access denied', details: f.targetId ?? '' };
    default:
      return { event: f.action, details: '' };
  }
}
