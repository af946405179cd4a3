import { describe, expect, it } from 'vitest';
import { activeNavHref, navItems } from './nav';

describe('navItems', () => {
  it('gives the client administrator user management and reports', () => {
    expect(navItems(4).map((i) => i.href)).toEqual([
      '/JobClient',
      '/SaveJob',
      '/Invoice',
      '/user',
      '/Reports',
      '/Settings',
      '/Help',
    ]);
  });

  it.each([3, 5, 6, 7, 8])('gives role %i the client screens without user management', (role) => {
    expect(navItems(role).map((i) => i.href)).toEqual(['/JobClient', '/SaveJob', '/Invoice', '/Settings', '/Help']);
  });

  it.each([1, 2])('gives internal role %i no client screens', (role) => {
    expect(navItems(role)).toEqual([]);
  });

  it('names every item for the guided tour', () => {
    expect(navItems(4).map((i) => i.tour)).toEqual([
      'nav-jobs',
      'nav-new-job',
      'nav-invoices',
      'nav-users',
      'nav-reports',
      'nav-settings',
      'nav-help',
    ]);
  });
});

describe('activeNavHref', () => {
  const items = navItems(4);
  it.each([
    ['/JobClient', '/JobClient'],
    ['/JobSlip', '/JobClient'],
    ['/SaveJob', '/SaveJob'],
    ['/InvoiceSlip', '/Invoice'],
    ['/saveuser', '/user'],
    ['/Help', '/Help'],
    ['/Reports', '/Reports'],
    ['/JobClient/Views', '/JobClient'],
    ['/AccessDenied', null],
  ])('%s lights up %s', (path, href) => {
    expect(activeNavHref(items, path)).toBe(href);
  });

  it('lights up nothing the role cannot see', () => {
    expect(activeNavHref(navItems(3), '/saveuser')).toBeNull();
  });
});
