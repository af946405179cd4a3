import { describe, expect, it } from 'vitest';
import { unauthorizedRedirect } from './api';

describe('unauthorizedRedirect (spec §4.5: a 401 signs out remembering the page)', () => {
  it('sends client users to type 11 with the current path and query', () => {
    expect(unauthorizedRedirect({ pathname: '/Invoice', search: '?jm=abc' }, 3)).toBe('/SignOut?type=11&returnUrl=%2FInvoice%3Fjm%3Dabc');
    expect(unauthorizedRedirect({ pathname: '/JobClient', search: '' }, null)).toBe('/SignOut?type=11&returnUrl=%2FJobClient');
  });

  it('sends staff (roles 1 and 2) to type 9', () => {
    expect(unauthorizedRedirect({ pathname: '/JobClient', search: '' }, 1)).toBe('/SignOut?type=9&returnUrl=%2FJobClient');
    expect(unauthorizedRedirect({ pathname: '/JobClient', search: '' }, 2)).toBe('/SignOut?type=9&returnUrl=%2FJobClient');
  });

  it('does not remember a sign-in page', () => {
    expect(unauthorizedRedirect({ pathname: '/SignIn', search: '?messageType=2' }, 4)).toBe('/SignOut?type=11');
  });
});
