/**
 * The element that last had focus, remembered across the moment focus falls to the page itself (a menu item removed
 * as its menu closes, a button replaced). A dialog opened in that moment gives focus back to it, or to its menu's
 * button (components/ui/Dialog.tsx). Installed once by the root layout's ClientGuards. Browser-only.
 */
let last: Element | null = null;
let installed = false;

export function rememberFocus(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof Element) last = e.target;
  });
}

/** What has focus now, or when nothing has, what had it last. */
export function focusedOrLast(): Element | null {
  const now = document.activeElement;
  return now && now !== document.body ? now : last;
}

rememberFocus();

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]';

/**
 * After an action that re-renders the page, focus stays near where it was: should the focused control disappear
 * (a "Mark paid" button on an invoice now paid, "Assign to me" once the job is mine), focus moves to the first
 * control still inside `near` (its row, its form), or to `near` itself, instead of falling to the top of the page.
 * Watches for `ms`, and stops as soon as the person puts focus elsewhere (a confirmation dialog closing counts as
 * still here).
 */
export function holdFocusNear(near: Element | null, ms = 8000): void {
  if (!near || typeof window === 'undefined') return;
  const started = Date.now();
  const timer = window.setInterval(() => {
    const now = document.activeElement;
    const dropped = !now || now === document.body || !now.isConnected;
    if (dropped) {
      const target =
        near.isConnected && near instanceof HTMLElement ? (near.querySelector<HTMLElement>(FOCUSABLE) ?? near) : null;
      if (target) {
        if (target === near && !near.hasAttribute('tabindex')) near.setAttribute('tabindex', '-1');
        target.focus();
      }
      window.clearInterval(timer);
    } else if ((!near.contains(now) && !now.closest('[role="dialog"]')) || Date.now() - started > ms)
      window.clearInterval(timer);
  }, 50);
}
