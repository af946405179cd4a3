import type { Page } from '@playwright/test';

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
