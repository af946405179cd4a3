/** Checks of a staff (/Ops) page at every width the product owner named: fits without sideways scrolling and is axe-clean. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [1280, 1024, 390];

export async function expectNoViolations(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(found, `axe violations on ${what}`).toEqual([]);
}

/** The page at 1280, 1024 and 390 px: an h1, no sideways scrolling, no axe violations. */
export async function checkStaffPage(page: Page, url: string): Promise<void> {
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await expect(page.locator('h1')).toBeVisible();
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(scroll, `${url} at ${width} px scrolls sideways (${scroll} > ${client})`).toBeLessThanOrEqual(client);
      await expectNoViolations(page, `${url} at ${width} px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}
