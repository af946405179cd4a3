/** Checks for pages: no sideways scrolling (at 1280, 1024 and 390 px, and at 320 px for reflow), and axe-clean at each width. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const WIDTHS = [1280, 1024, 390];
/**
 * axe leaves this WCAG 2.5.3 rule off as "experimental": a control's accessible name must begin with its visible
 * text, or speech input cannot reach it by what it shows (issue 26).
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
// options() replaces AxeBuilder's options, so it goes before withTags(), which adds runOnly to them.

/**
 * axe on the page. `exclude`: elements it leaves out, e.g. an iframe sandboxed without scripts, where axe's run never
 * finishes (the frame runs none of its timers); check such a frame's document on a page of its own instead.
 */
export async function expectNoViolations(page: Page, what: string, opts: { exclude?: string } = {}) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  const builder = new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(TAGS);
  if (opts.exclude) builder.exclude(opts.exclude);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  expect(found, `axe violations on ${what}`).toEqual([]);
}

/** The page is no wider than the window (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what} scrolls sideways (${scroll} > ${client})`).toBeLessThanOrEqual(client);
}

/** A staff page at every width: its <h1> shows, it fits, and it is axe-clean. */
export async function checkOpsPage(page: Page, url: string) {
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoSidewaysScroll(page, `${url} at ${width} px`);
      await expectNoViolations(page, `${url} at ${width} px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

/** Reflow (WCAG 1.4.10): at 320 CSS px, what a 1280 px window shows at 400% zoom, no page scrolls sideways. */
export async function expectReflowAt320(page: Page, urls: readonly string[]): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 });
  try {
    for (const url of urls) {
      await page.goto(url);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoSidewaysScroll(page, `${url} at 320 px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}
