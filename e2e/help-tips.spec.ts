/**
 * Contextual help switched on (spec §1, §3; issue 32: axe on every dialog and pop-up). The embedded portal keeps the
 * default, off (shell.spec.ts checks that nothing shows then); the `postgres` project's portal switches it on
 * (CONTEXTUAL_HELP_ENABLED, playwright.config.ts), so this spec runs there: a field's help pop-up opens from the
 * keyboard with its text, has no axe violations (WCAG 2.2 AA tags) and stays within the window at every width, and
 * Escape closes it with focus back on its button.
 */
import { expect, test } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';

test('a field’s help pop-up: opened by keyboard with its text, axe-clean and within the window at each width, Escape returns focus', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'e2e.dialogs');
  await settleNotice(page);
  await page.goto('/SaveJob');
  const tip = page.getByRole('button', { name: 'Help: Order type', exact: true });
  await expect(tip).toBeVisible({ timeout: 30_000 });
  const pop = page.getByRole('dialog', { name: 'Help: Order type', exact: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await tip.focus();
    await page.keyboard.press('Enter');
    await expect(pop).toBeVisible();
    await expect(pop).toContainText('Choose the kind of work: each type asks for its own details on the next step.');
    await expectNoViolations(page, `the Order type help pop-up at ${width} px`);
    await expectNoSidewaysScroll(page, `the order form with a help pop-up open at ${width} px`);
    const box = await pop.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `the pop-up within ${width} px`).toBe(true);
    await page.keyboard.press('Escape');
    await expect(pop).toBeHidden();
    await expect(tip).toBeFocused();
  }
  // The field keeps its own name: the help button beside its label is not part of it.
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeVisible();
});
