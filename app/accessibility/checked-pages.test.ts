/** The statement's list of checked pages is the list of pages that exist: every app/**\/page.tsx, no more, no less. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_PAGES } from './checked-pages';

const APP = path.join(process.cwd(), 'app');

/** Every page.tsx under dir as its address: route groups like (portal) add nothing to it. */
function pageRoutes(dir = APP): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...pageRoutes(full));
    else if (name === 'page.tsx') {
      const segments = path
        .relative(APP, dir)
        .split(path.sep)
        .filter((s) => s !== '' && !/^\(.*\)$/.test(s));
      out.push(`/${segments.join('/')}`);
    }
  }
  return out;
}

describe('the accessibility statement’s checked pages', () => {
  const existing = pageRoutes();
  const listed = CHECKED_PAGES.map((p) => p.path);

  it('finds the pages under app/', () => {
    expect(existing).toContain('/');
    expect(existing).toContain('/accessibility');
    expect(existing).toContain('/Ops/Jobs');
  });

  it('names every page that exists', () => {
    expect(existing.filter((route) => !listed.includes(route))).toEqual([]);
  });

  it('names only pages that exist, each once', () => {
    expect(listed.filter((route) => !existing.includes(route))).toEqual([]);
    expect(listed.filter((route, i) => listed.indexOf(route) !== i)).toEqual([]);
  });
});
