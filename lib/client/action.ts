/**
 * The browser's side of a server action's answer (lib/http/action-result.ts): a "signed out" answer sends the
 * browser to /SignOut?type=11 (9 for staff) remembering the page, as a 401 of api/* does (lib/client/api.ts), and
 * never settles, so a form goes no further and shows nothing; every other answer is handed back. Browser-only.
 */
import type { ActionResult, SignedOut } from '@/lib/http/action-result';
import { signOutUnauthorized } from './api';

export type Answered<T> = Exclude<ActionResult<T>, SignedOut>;

/** Awaits a server action; on "signed out" signs out and back (never settles), else its result. */
export async function unlessSignedOut<T>(pending: Promise<ActionResult<T>>): Promise<Answered<T>> {
  const r = await pending;
  if (signedOutNow(r)) return new Promise<never>(() => undefined);
  return r;
}

/** For a result already awaited: true (and the browser signing out and back) when it is "signed out". */
export function signedOutNow(r: ActionResult<unknown>): r is SignedOut {
  if (r.ok || !r.signedOut) return false;
  void signOutUnauthorized();
  return true;
}
