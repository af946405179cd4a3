/**
 * /Ops/Webhooks (issue 14): a provider administrator registers an endpoint (a receiver this spec starts) and sees
 * its signing secret; the endpoint's page fits 1280, 1024 and 390 px axe-clean; the form shows the shared schema's
 * messages. Deliveries themselves are tested with a real receiver in lib/webhooks/webhooks.db.test.ts (no demo
 * job is changed here: other specs count them). Demo users consumed here: staff.admin (signed in only).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { checkOpsPage as checkStaffPage, expectNoViolations } from './support/ops';

test.describe.configure({ timeout: 120_000 });

test.describe('webhook endpoints (role 1)', () => {
  let ctx: BrowserContext;
  let page: Page;
  let server: Server;

  test.beforeAll(async ({ browser }) => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    ctx = await browser.newContext();
    page = await ctx.newPage();
    await signIn(page, 'staff.admin', undefined, { landing: /\/Ops$/ });
  });
  test.afterAll(async () => {
    await ctx.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  test('the form refuses a bad URL and no events, with the schema’s messages, axe-clean', async () => {
    await page.goto('/Ops/Webhooks/Edit');
    // The form is interactive once hydrated (a box unticked before that is ticked again by its default).
    await page.waitForLoadState('networkidle');
    await page.getByLabel('URL').fill('ftp://example.com/x');
    for (const box of await page.getByRole('checkbox').all())
      await expect(async () => {
        await box.uncheck();
        await expect(box).not.toBeChecked();
      }).toPass({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await expect(
      page.getByText('Please enter the address as a full http:// or https:// URL without a user name or password.'),
    ).toBeVisible();
    await expect(page.getByText('Please choose at least one event.')).toBeVisible();
    await expectNoViolations(page, '/Ops/Webhooks/Edit with errors');
  });

  test('registers an endpoint and shows its signing secret; its page and the list fit and are axe-clean', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-events`;
    await page.goto('/Ops/Webhooks');
    await page.getByRole('link', { name: 'New endpoint' }).click();
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Description').fill('Shop floor');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.waitForURL((u) => u.pathname === '/Ops/Webhooks/Endpoint' && u.searchParams.get('msg') === '1');
    const secret = (await page.locator('code').first().textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const endpointPage = page.url();

    await page.goto(endpointPage);
    await expect(page.getByText('Shop floor')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deliveries' })).toBeVisible();
    await checkStaffPage(page, new URL(endpointPage).pathname + new URL(endpointPage).search);
    await page.goto('/Ops/Webhooks');
    // Disabled again, so the rest of the run's changes are not queued for a receiver that stops with this spec.
    await page.getByRole('button', { name: `Disable: ${url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable endpoint' }).click();
    await expect(page.getByRole('button', { name: `Enable: ${url}` })).toBeVisible();
  });
});
