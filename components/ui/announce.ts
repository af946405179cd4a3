/**
 * The one polite live region of every page (WCAG 4.1.3): `announce(text)` has a screen reader say a status message
 * (a list's result count, the end of an upload, a "saved" confirmation) without moving focus. The region
 * (components/ui/LiveAnnouncer.tsx) is in the root layout and empty until something is said, so what is written into
 * it later is read. Browser-only; a call on the server does nothing.
 */
export const ANNOUNCER_ID = 'live-announcer';

let target: { host: HTMLElement; region: HTMLElement } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let pending = '';

/** The root layout's LiveAnnouncer hands over its region; returns the undo for its unmount. */
export function registerAnnouncer(host: HTMLElement, region: HTMLElement): () => void {
  target = { host, region };
  return () => {
    if (target?.host === host) target = null;
  };
}

/**
 * Says `text` politely. The region is emptied first and filled a moment later, so the same words said twice (the
 * same count after another filter) are read again; messages of the same moment (a saved job's confirmation and the
 * list under it) are said together.
 */
export function announce(text: string): void {
  if (typeof document === 'undefined' || !text.trim()) return;
  pending = pending ? `${pending} ${text.trim()}` : text.trim();
  target?.region.replaceChildren();
  if (timer) clearTimeout(timer);
  // Long enough for a region added at hydration to be known to assistive technology before its first words.
  timer = setTimeout(() => {
    timer = undefined;
    if (!target) return;
    const said = pending;
    pending = '';
    target.region.textContent = said;
    target.host.setAttribute('data-said', said);
  }, 150);
}
