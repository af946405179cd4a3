/**
 * Every list fits a laptop (issue 18): at 1024 and 1280 px wide, the page does not scroll sideways and every
 * column header of the list's table lies inside the viewport and inside the table's own box (nothing hidden in a
 * scrolled container); no status badge or cell is cut. A new list page is one more entry in LISTS. And (issue 26):
 * e-mail addresses wrap only at the @ or a dot, the staff navigation keeps to one line, the queue's search hint
 * fits, and on a phone the wide tables scroll in a named, focusable frame that says so.
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
    test(`the ${list.name} list fits ${width} px: every column header in view, no sideways scroll`, async ({
      browser,
    }) => {
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
          container: {
            left: box.left,
            right: box.right,
            scrollWidth: (el.parentElement ?? el).scrollWidth,
            clientWidth: (el.parentElement ?? el).clientWidth,
          },
          headers,
          cut,
        };
      });

      expect(m.pageWidth, 'the page scrolls sideways').toBeLessThanOrEqual(m.viewport);
      expect(m.container.scrollWidth, 'the table scrolls sideways in its box').toBeLessThanOrEqual(
        m.container.clientWidth,
      );
      expect(m.headers.length).toBeGreaterThan(3);
      const outside = m.headers
        .filter((h) => h.left < -0.5 || h.right > Math.min(m.viewport, m.container.right) + 0.5)
        .map((h) => `${h.text} (${Math.round(h.left)}–${Math.round(h.right)})`);
      expect(outside, `column headers outside the ${m.viewport}px viewport`).toEqual([]);
      expect(m.cut, 'cells cut off').toEqual([]);
    });
  }
}

/** Where the rendered text of an element wraps: the characters that start a new line (issue 26). */
async function lineStarts(page: Page, selector: string): Promise<{ text: string; breaks: number[] }[]> {
  return page.locator(selector).evaluateAll((cells) =>
    cells.map((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const chars: { top: number }[] = [];
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (let i = 0; i < value.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ top: Math.round(range.getBoundingClientRect().top) });
          text += value[i];
        }
      }
      const breaks = chars.flatMap((c, i) => (i > 0 && c.top > (chars[i - 1]?.top ?? c.top) + 2 ? [i] : []));
      return { text, breaks };
    }),
  );
}

test.describe('issue 26: words and frames that fit', () => {
  test('at 1024 px the user list wraps e-mail addresses only after the @ or before a dot', async ({ browser }) => {
    const page = await pageOf(browser, 'ng.admin');
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/user?size=50');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const column = await table
      .locator('thead th')
      .evaluateAll((ths) => ths.findIndex((th) => (th.textContent ?? '').includes('E-mail')));
    expect(column).toBeGreaterThanOrEqual(0);
    const cells = await lineStarts(page, `table tbody tr > :nth-child(${column + 1})`);
    expect(cells.length).toBeGreaterThan(0);
    const bad = cells
      .filter((c) => c.breaks.some((i) => c.text[i - 1] !== '@' && c.text[i] !== '.'))
      .map((c) => `${c.text} at ${c.breaks.join(',')}`);
    expect(bad, 'e-mail addresses broken mid-word').toEqual([]);
  });

  for (const width of [1024, 1280]) {
    test(`at ${width} px the staff navigation keeps to one line and the queue's search hint is not cut`, async ({
      browser,
    }) => {
      const page = await pageOf(browser, 'staff.admin');
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/Ops/Jobs');
      await expect(page.locator('h1')).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Staff' });
      // Either in one line (no link wrapping inside either), or behind the Menu button: never ragged.
      if (await nav.isVisible()) {
        const links = await nav.getByRole('link').evaluateAll((all) =>
          all.map((l) => ({
            top: Math.round(l.getBoundingClientRect().top),
            lines: l.getClientRects().length,
            height: l.getBoundingClientRect().height,
            lineHeight: parseFloat(getComputedStyle(l).lineHeight),
          })),
        );
        expect(new Set(links.map((l) => l.top)).size, 'staff navigation lines').toBe(1);
        expect(
          links.filter((l) => l.height > 2 * l.lineHeight),
          'links wrapped inside',
        ).toEqual([]);
      } else {
        await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      }

      const search = page.getByLabel('Search', { exact: true }).locator('visible=true').first();
      const fit = await search.evaluate((el) => {
        const input = el as HTMLInputElement;
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d');
        if (!ctx) return { text: 0, room: 0 };
        ctx.font = style.font;
        return {
          text: ctx.measureText(input.placeholder).width,
          room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        };
      });
      expect(fit.text, "the search box's hint is cut off").toBeLessThanOrEqual(fit.room);
    });
  }

  test('on a phone the staff tables and the invoice slip scroll in a named, focusable frame that says so', async ({
    browser,
  }) => {
    const check = async (page: Page, url: string, name: RegExp) => {
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await page.goto(url);
        const region = page.getByRole('region', { name });
        await expect(region).toBeVisible();
        await expect(region).toHaveAttribute('tabindex', '0');
        await expect(page.getByTestId('scroll-hint').first()).toBeVisible();
        await expect(page.getByTestId('scroll-shadow').first()).toBeVisible();
        // The keyboard scrolls it.
        await region.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      } finally {
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    };
    await check(await pageOf(browser, 'staff.operator'), '/Ops/Invoices', /^Invoices/);
    const client = await pageOf(browser, 'ng.admin');
    await client.setViewportSize({ width: 1280, height: 720 });
    await client.goto('/Invoice');
    const slip = await client.locator('a[href*="/InvoiceSlip?"]').first().getAttribute('href');
    expect(slip).toBeTruthy();
    await check(client, slip ?? '/InvoiceSlip', /^Line items/);
  });
});

test.describe('the client header at 200% text', () => {
  test('at 1280 px with the text twice as large the header wraps: Sign out is reached without a sideways scroll', async ({
    browser,
  }) => {
    const page = await pageOf(browser, 'ng.admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/JobClient');
    // A root font size of 200% doubles every rem-sized text, as a browser's text size setting does.
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    const header = page.getByRole('banner');
    const signOut = header.getByRole('link', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    const box = await signOut.boundingBox();
    expect(box, 'Sign out has a box').not.toBeNull();
    expect(box!.x + box!.width, 'Sign out ends inside the window').toBeLessThanOrEqual(1280);
    expect(await header.evaluate((h) => h.scrollWidth), 'the header is no wider than the window').toBeLessThanOrEqual(
      1280,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(
      1280,
    );
  });
});
