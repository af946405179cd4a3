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
