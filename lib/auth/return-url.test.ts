import { describe, expect, it } from 'vitest';
import {
  afterSignInUrl,
  homeForRole,
  landingFor,
  landingUrl,
  safeReturnUrl,
  signInUrlAfterSignOut,
  signOutTypeForRole,
  signOutUrl,
} from './return-url';

describe('safeReturnUrl', () => {
  it.each([
    ['/Invoice?jm=abc', '/Invoice?jm=abc'],
    ['/JobClient', '/JobClient'],
    ['/JobSlip?jb=x#top', '/JobSlip?jb=x#top'],
    ['/user?msg=1', '/user?msg=1'],
  ])('keeps the same-origin path %s', (input, out) => {
    expect(safeReturnUrl(input)).toBe(out);
  });

  it.each([
    'https://evil.example/JobClient',
    '//evil.example/JobClient',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JobClient',
    '',
    '   ',
    '/Job\nClient',
    `/${'a'.repeat(2001)}`,
    '/SignOut?type=11',
    '/SignIn?messageType=2',
    '/signin',
    '/',
    '/api/Authentication/Session',
    '/Authentication?sso=1',
  ])('refuses %j', (input) => {
    expect(safeReturnUrl(input)).toBeNull();
  });

  it('lands on the job list when there is nothing safe to return to', () => {
    expect(landingUrl(undefined)).toBe('/JobClient');
    expect(landingUrl('https://evil.example')).toBe('/JobClient');
    expect(landingUrl('/Invoice')).toBe('/Invoice');
  });
});

describe('signOutUrl', () => {
  it('remembers the page for type 11 and type 9', () => {
    expect(signOutUrl(11, '/Invoice?jm=a')).toBe('/SignOut?type=11&returnUrl=%2FInvoice%3Fjm%3Da');
    expect(signOutUrl(9, '//evil')).toBe('/SignOut?type=9');
  });

  it('uses type 9 for staff and 11 for everyone else', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, null].map(signOutTypeForRole)).toEqual([9, 9, 11, 11, 11, 11, 11, 11, 11]);
  });
});

describe('signInUrlAfterSignOut', () => {
  it('shows the session-expired message for types 9 and 11 and keeps the return URL', () => {
    expect(signInUrlAfterSignOut(11, '/Invoice?jm=a')).toBe('/SignIn?messageType=2&returnUrl=%2FInvoice%3Fjm%3Da');
    expect(signInUrlAfterSignOut(9, null)).toBe('/SignIn?messageType=2');
    // A deactivated account is told so, not that its session expired.
    expect(signInUrlAfterSignOut(11, null, { deactivated: true })).toBe('/SignIn?messageType=3');
    expect(signInUrlAfterSignOut(10, '/JobClient')).toBe('/SignIn?returnUrl=%2FJobClient');
    expect(signInUrlAfterSignOut(null, 'https://evil')).toBe('/SignIn');
  });
});

describe('landing by role', () => {
  it('staff land on /Ops, clients on /JobClient', () => {
    expect(homeForRole(1)).toBe('/Ops');
    expect(homeForRole(2)).toBe('/Ops');
    for (const r of [3, 4, 5, 6, 7, 8]) expect(homeForRole(r)).toBe('/JobClient');
  });
  it('the remembered page is followed only when the role may open it', () => {
    expect(landingFor(1, '/Ops/Jobs?status=12')).toBe('/Ops/Jobs?status=12');
    expect(landingFor(2, '/JobClient')).toBe('/Ops');
    expect(landingFor(2, '/Ops/Staff')).toBe('/Ops');
    expect(landingFor(3, '/Ops')).toBe('/JobClient');
    expect(landingFor(4, '/user?msg=1')).toBe('/user?msg=1');
    expect(landingFor(3, 'https://evil.example/Ops')).toBe('/JobClient');
  });
  it('after the OTP the browser goes through the authentication handler', () => {
    expect(afterSignInUrl(null)).toBe('/Authentication');
    expect(afterSignInUrl('/Invoice?jm=x')).toBe('/Authentication?returnUrl=%2FInvoice%3Fjm%3Dx');
    expect(afterSignInUrl('//evil.example')).toBe('/Authentication');
  });
});
