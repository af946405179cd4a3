/**
 * The one polite live region of every page (WCAG 4.1.3): `announce(text)` has a screen reader say a status message
 * (a list's result count, the end of an upload, a "saved" confirmation) without moving focus. The region
 * (components/ui/LiveAnnouncer.tsx) is in the root layout from the first paint, empty, so what is written into it later
 * is read. Browser-only; a call on the server does nothing.
 */
export const ANNOUNCER_ID = 'live-announcer';

let timer: ReturnType<typeof setTimeout> | undefined;
let pending = '';

/**
 * Says `text` politely. The region is emptied first and filled a moment later, so the same words said twice (the
 * same count after another filter) are read again; messages of the same moment (a saved job's confirmation and the
 * list under it) are said together. A Radix modal hides everything outside it from assistive technology, so a
 * message said while a dialog is open goes into that dialog's own region when it has one.
 */
export function announce(text: string): void {
  if (typeof document === 'undefined' || !text.trim()) return;
  const dialogRegion = document.querySelector<HTMLElement>('[role="dialog"] [data-live-announcer], [role="alertdialog"] [data-live-announcer]');
  const region = dialogRegion ?? document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  region.textContent = '';
  pending = pending ? `${pending} ${text.trim()}` : text.trim();
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    region.textContent = pending;
    pending = '';
    timer = undefined;
  }, 100);
}
