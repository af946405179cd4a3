/**
 * The one polite live region of every page (WCAG 4.1.3): `announce(text)` has a screen reader say a status message
 * (a list's result count, the end of an upload, a "saved" confirmation) without moving focus. The region
 * (components/ui/LiveAnnouncer.tsx) is in the root layout and empty until something is said, so what is written into
 * it later is read. A modal dialog hides the rest of the page from assistive technology (aria-hidden on everything
 * outside it), so each open dialog hosts a region of its own (components/ui/Dialog.tsx) and what is said while one
 * is open goes to the top-most dialog that is not hidden. Browser-only; a call on the server does nothing.
 */
export const ANNOUNCER_ID = 'live-announcer';

interface Target {
  host: HTMLElement;
  region: HTMLElement;
}

let page: Target | null = null;
/** The regions of open dialogs, in the order they opened. */
const dialogs: Target[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let pending = '';

/**
 * A LiveAnnouncer hands over its region: the root layout's (`inDialog` false) or an open dialog's. Returns the undo
 * for its unmount.
 */
export function registerAnnouncer(host: HTMLElement, region: HTMLElement, inDialog = false): () => void {
  const target = { host, region };
  if (inDialog) dialogs.push(target);
  else page = target;
  return () => {
    if (!inDialog) {
      if (page?.host === host) page = null;
      return;
    }
    const i = dialogs.indexOf(target);
    if (i >= 0) dialogs.splice(i, 1);
  };
}

/** Heard: on the page and under no aria-hidden element (a dialog opened over another hides the one beneath). */
function heard(t: Target): boolean {
  return t.host.isConnected && t.host.closest('[aria-hidden="true"]') === null;
}

/** Where a message is said now: the newest open dialog that is heard, else the page's region. */
function current(): Target | null {
  for (let i = dialogs.length - 1; i >= 0; i--) {
    const t = dialogs[i];
    if (t && heard(t)) return t;
  }
  return page;
}

/**
 * Says `text` politely. The region is emptied first and filled a moment later, so the same words said twice (the
 * same count after another filter) are read again; messages of the same moment (a saved job's confirmation and the
 * list under it) are said together.
 */
export function announce(text: string): void {
  if (typeof document === 'undefined' || !text.trim()) return;
  pending = pending ? `${pending} ${text.trim()}` : text.trim();
  for (const t of [page, ...dialogs]) t?.region.replaceChildren();
  if (timer) clearTimeout(timer);
  // Long enough for a region added at hydration (or with a dialog) to be known to assistive technology before its
  // first words.
  timer = setTimeout(() => {
    timer = undefined;
    const target = current();
    if (!target) return;
    const said = pending;
    pending = '';
    target.region.textContent = said;
    target.host.setAttribute('data-said', said);
  }, 150);
}
