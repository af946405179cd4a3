/**
 * Every list fits a laptop (issue 18): at 1024 and 1280 px wide, the page does not scroll sideways and every
 * column header of the list's table lies inside the viewport and inside the table's own box (nothing hidden in a
 * scrolled container); no status badge or cell is cut. A new list page is one more entry in LISTS.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';

interface ListPage {
  /** What the list is called in the report. */
  name: string;
  /** The page, with a page size that brings the widest rows. */
  path: string;
  /** The table's caption (its accessible name). */
  table: string;
  /** A user who may open it. */
  user: string;
}

const LISTS: ListPage[] = [
  { name: 'jobs', path: '/JobClient?size=50', table: 'Jobs', user: 'ng.admin' },
  { name: 'invoices', path: '/Invoice?size=50', table: 'Invoices', user: 'ng.admin' },
  { name: 'users', path: '/user?size=50', table: 'Users', user: 'ng.admin' },
  // The provider's staff area (issue 13).
  { name: 'staff job queue', path: '/Ops/Jobs?size=50', table: 'Job queue', user: 'staff.operator' },
  { name: 'staff clients', path: '/Ops/Clients', table: 'Clients', user: 'staff.operator' },
  { name: 'staff invoices', path: '/Ops/Invoices', table: 'Invoices', user: 'staff.operator' },
  { name: 'staff users', path: '/Ops/Staff', table: 'Staff users', user: 'staff.admin' },
  { name: 'API keys', path: '/Ops/ApiKeys', table: 'API keys', user: 'staff.admin' },
  // Issue 14: webhook endpoints (role 1).
  { name: 'staff webhooks', path: '/Ops/Webhooks', table: 'Webhook endpoints', user: 'staff.admin' },
];

const WIDTHS = [1024, 1280];

/** One signed-in page per user, shared by that user's lists. */
const pages = new Map<string, Page>();
async function pageOf(browser: Browser, user: string): Promise<Page> {
  let page = pages.get(user);
  if (!page) {
    page = await (await browser.newContext()).newPage();
    // Staff land on their own area, everyone else on the job list.
    await signIn(page, user, undefined, user.startsWith('staff.') ? { landing: /\/Ops$/ } : {});
    // The first page of a session may show the notice (it loads after the page): close it once it has come.
    if (!user.startsWith('staff.')) await settleNotice(page);
    pages.set(user, page);
  }
  return page;
}

test.afterAll(async () => {
  for (const page of pages.values()) await page.context().close();
});

for (const list of LISTS) {
  for (const width of WIDTHS) {
    test(`the ${list.name} list fits ${width} px: every column header in view, no sideways scroll`, async ({ browser }) => {
      const page = await pageOf(browser, list.user);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(list.path);
      const table = page.getByRole('table', { name: list.table });
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr').first()).toBeVisible();

      const m = await table.evaluate((el) => {
        const box = (el.parentElement ?? el).getBoundingClientRect();
        const headers = [...el.querySelectorAll('thead th')].map((th) => {
          const r = th.getBoundingClientRect();
          return { text: (th.textContent ?? '').trim(), left: r.left, right: r.right };
        });
        // Cells whose content is wider than the cell (a cut badge or date).
        const cut = [...el.querySelectorAll('tbody td, tbody th')]
          .filter((c) => c.scrollWidth > c.clientWidth + 1)
          .map((c) => (c.textContent ?? '').trim().slice(0, 40));
        return {
          viewport: window.innerWidth,
          pageWidth: document.documentElement.scrollWidth,
          container: { left: box.left, right: box.right, scrollWidth: (el.parentElement ?? el).scrollWidth, clientWidth: (el.parentElement ?? el).clientWidth },
          headers,
          cut,
        };
      });

      expect(m.pageWidth, 'the page scrolls sideways').toBeLessThanOrEqual(m.viewport);
      expect(m.container.scrollWidth, 'the table scrolls sideways in its box').toBeLessThanOrEqual(m.container.clientWidth);
      expect(m.headers.length).toBeGreaterThan(3);
      const outside = m.headers.filter((h) => h.left < -0.5 || h.right > Math.min(m.viewport, m.container.right) + 0.5).map((h) => `${h.text} (${Math.round(h.left)}–${Math.round(h.right)})`);
      expect(outside, `column headers outside the ${m.viewport}px viewport`).toEqual([]);
      expect(m.cut, 'cells cut off').toEqual([]);
    });
  }
}
