/** Moving through a page by keyboard alone, as the keyboard specs do. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (Shift+Tab when back) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false))
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}
