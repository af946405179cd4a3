import { ANNOUNCER_ID } from './announce';

/**
 * The page's polite live region (components/ui/announce.ts), rendered empty by the root layout. Not role="status":
 * the visible status banners keep that role to themselves.
 */
export function LiveAnnouncer() {
  return <div id={ANNOUNCER_ID} data-testid={ANNOUNCER_ID} aria-live="polite" aria-atomic="true" className="sr-only" />;
}

/** The same, inside a modal dialog (outside it is hidden from assistive technology while the dialog is open). */
export function DialogAnnouncer() {
  return <div data-live-announcer="" aria-live="polite" aria-atomic="true" className="sr-only" />;
}
