/**
 * The moment a signed-in page is about to sign out because the session ended (the idle time-out, or a 401 from the
 * server): forms that keep what was typed (the order form, components/jobs/order/useDraftFallback.ts) listen and
 * save it synchronously before the page goes. Browser-only.
 */
export const SESSION_ENDING_EVENT = 'jms:session-ending';

export function endingSession(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_ENDING_EVENT));
}
