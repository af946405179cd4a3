import type { Page, Request, Route } from '@playwright/test';

/**
 * Holds the page's scripts back, as a slow connection would, until the returned function is called: the page shows
 * its server-rendered HTML (and its styles) but React has not taken it over yet.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds back the answer to the page's next client-side navigation to a URL that `to` matches (the RSC request a
 * filter change makes; prefetches go through), as a slow server would, until the returned function is called.
 */
export async function holdNextNavigation(
  page: Page,
  to: RegExp,
): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const asked = new Promise<void>((resolve) => (seen = resolve));
  let first = true;
  const handler = async (route: Route) => {
    if (!first || !isNavigationTo(route.request(), to)) return route.fallback();
    first = false;
    seen();
    await held;
    await route.continue();
  };
  await page.route('**/*', handler);
  return { asked, release };
}

/** The page's next client-side navigation (not a prefetch) to a URL that `to` matches. */
export function navigationTo(page: Page, to: RegExp): Promise<unknown> {
  return page.waitForRequest((r) => isNavigationTo(r, to));
}

/** A client-side navigation's RSC request (not a prefetch) to a URL that `to` matches. */
function isNavigationTo(request: Request, to: RegExp): boolean {
  const headers = request.headers();
  return headers['rsc'] === '1' && !headers['next-router-prefetch'] && to.test(request.url());
}
