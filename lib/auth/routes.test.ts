import { describe, expect, it } from 'vitest';
import { decideRoute, ROUTE_TABLE, routeKind, wasRefused } from './routes';

const PUBLIC = [
  '/',
  '/SignIn',
  '/signin',
  '/SignOut',
  '/Job',
  '/Admin',
  '/Authentication',
  '/ForgotPassword',
  '/ResetNewPassword',
  '/ResetPassword',
  '/error',
  '/privacystatement',
  '/termsofuse',
  '/accessibility',
  '/AuthenticationError',
  '/Unsubscribe',
];
const CLIENT = ['/JobClient', '/SaveJob', '/JobSlip', '/Invoice', '/InvoiceSlip', '/Help', '/Settings', '/Matter'];
const ADMIN = ['/user', '/saveuser', '/Reports', '/Statement'];
/** Any signed-in user: where denied users go, and the authenticator set-up a firm may require. */
const SIGNED_IN = ['/AccessDenied', '/TwoFactorSetup'];
const STAFF = ['/Ops'];
const STAFF_ADMIN = ['/Ops/Staff', '/Ops/ApiKeys', '/Ops/Webhooks'];
const ROLES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** The expected answer of spec §6 for each role and page, written out independently of the table. */
function expected(path: string, role: number | null): string {
  if (PUBLIC.includes(path)) return 'allow';
  if (role === null) return 'sign-in';
  if (SIGNED_IN.includes(path)) return 'allow';
  if (CLIENT.includes(path)) return [3, 4, 5, 6, 7, 8].includes(role) ? 'allow' : 'deny';
  if (ADMIN.includes(path)) return role === 4 ? 'allow' : 'deny';
  if (STAFF.includes(path)) return role === 1 || role === 2 ? 'allow' : 'deny';
  if (STAFF_ADMIN.includes(path)) return role === 1 ? 'allow' : 'deny';
  return 'home';
}

describe('route table (spec §6)', () => {
  it('lists exactly the pages of spec §2', () => {
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual(
      [...PUBLIC, ...CLIENT, ...ADMIN, ...SIGNED_IN, ...STAFF, ...STAFF_ADMIN].sort(),
    );
  });

  const pages = [...PUBLIC, ...CLIENT, ...ADMIN, ...SIGNED_IN, ...STAFF, ...STAFF_ADMIN];
  for (const role of [null, ...ROLES]) {
    for (const path of pages) {
      it(`${role === null ? 'anonymous' : `role ${role}`} → ${path}: ${expected(path, role)}`, () => {
        expect(decideRoute(path, role).action).toBe(expected(path, role));
      });
    }
  }

  it('roles 3, 5, 6, 7 and 8 may not open user management; role 4 may', () => {
    for (const role of [3, 5, 6, 7, 8]) {
      expect(decideRoute('/user', role)).toEqual({ action: 'deny' });
      expect(decideRoute('/saveuser', role)).toEqual({ action: 'deny' });
    }
    expect(decideRoute('/saveuser', 4)).toEqual({ action: 'allow' });
    // The firm's activity is the user list's sub-page: administrators only.
    expect(decideRoute('/user/activity', 4)).toEqual({ action: 'allow' });
    expect(decideRoute('/user/activity', 3)).toEqual({ action: 'deny' });
  });

  it('staff (roles 1 and 2) are denied every client page but reach AccessDenied', () => {
    for (const role of [1, 2]) {
      for (const path of [...CLIENT, ...ADMIN]) expect(decideRoute(path, role)).toEqual({ action: 'deny' });
      expect(decideRoute('/AccessDenied', role)).toEqual({ action: 'allow' });
    }
  });

  it('the staff area: roles 1 and 2 open /Ops and its pages, only role 1 staff users and API keys, no client role anything', () => {
    for (const path of ['/Ops', '/Ops/Jobs', '/Ops/Job', '/Ops/Clients/x', '/Ops/Staffing']) {
      expect(decideRoute(path, 1)).toEqual({ action: 'allow' });
      expect(decideRoute(path, 2)).toEqual({ action: 'allow' });
      for (const role of [3, 4, 5, 6, 7, 8]) expect(decideRoute(path, role)).toEqual({ action: 'deny' });
      expect(decideRoute(path, null)).toEqual({ action: 'sign-in' });
    }
    for (const path of [
      '/Ops/Staff',
      '/Ops/Staff/12',
      '/Ops/ApiKeys/',
      '/Ops/ApiKeys/new',
      '/Ops/Webhooks',
      '/Ops/Webhooks/Endpoint',
    ]) {
      expect(decideRoute(path, 1)).toEqual({ action: 'allow' });
      for (const role of [2, 3, 4, 5, 6, 7, 8]) expect(decideRoute(path, role)).toEqual({ action: 'deny' });
    }
    expect(decideRoute('/ops', 1)).toEqual({ action: 'home' });
  });

  it('unknown paths go home (spec §2), whoever asks', () => {
    for (const role of [null, 3, 4]) {
      expect(decideRoute('/nope', role)).toEqual({ action: 'home' });
      expect(decideRoute('/jobclient', role)).toEqual({ action: 'home' });
      expect(decideRoute('/USER', role)).toEqual({ action: 'home' });
    }
  });

  it('a sub-path or a trailing slash takes its page kind', () => {
    expect(routeKind('/user/')).toBe('admin');
    expect(routeKind('/user/12')).toBe('admin');
    expect(routeKind('/JobClient/')).toBe('client');
    expect(routeKind('/SignIn/')).toBe('public');
    expect(decideRoute('/saveuser/x', 3)).toEqual({ action: 'deny' });
  });
});

describe('wasRefused: only a refused page is reported from /AccessDenied', () => {
  it.each([
    [null, 3, false],
    ['', 4, false],
    ['/AccessDenied', 3, false],
    ['/JobClient', 3, false],
    ['/JobClient?page=2', 5, false],
    ['/saveuser', 4, false],
    ['/somewhere', 3, false],
    ['//evil.example.com/saveuser', 3, false],
    ['/saveuser', 3, true],
    ['/user?name=x', 8, true],
    ['/Ops', 4, true],
    ['/Ops/Staff', 2, true],
    ['/JobClient', 1, true],
  ] as const)('%j for role %i: %s', (from, role, refused) => {
    expect(wasRefused(from, role)).toBe(refused);
  });
});
