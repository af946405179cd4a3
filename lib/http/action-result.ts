/**
 * What every server action answers (lib/http/action.ts), in one shape. Browser-safe: client components import
 * it to read the answer. A refusal carries the message and field messages the service or the form's schema gave
 * (400 with fields, 403, 404, 409…); an ended session is "signed out", spelled here once, and
 * lib/client/action.ts reacts to it (sign-out and back, spec §4.5) so that no form does.
 */

/** The service refused: its words, and the messages of the fields it names (dotted paths such as Lines.0.Amount). */
export interface ActionRefusal {
  ok: false;
  status: number;
  message: string;
  fields?: Record<string, string[]>;
  signedOut?: never;
}

/** No session (ended, revoked, timed out): the page signs out and comes back (spec §4.5). */
export interface SignedOut {
  ok: false;
  status: 401;
  signedOut: true;
}

export type ActionResult<T = null> = { ok: true; value: T } | ActionRefusal | SignedOut;

export const SIGNED_OUT: SignedOut = Object.freeze({ ok: false, status: 401, signedOut: true }) as SignedOut;

export function isSignedOut(r: ActionResult<unknown>): r is SignedOut {
  return !r.ok && r.signedOut === true;
}

/** The field messages of a refusal ({} otherwise). */
export function refusalFields(r: ActionResult<unknown>): Record<string, string[]> {
  return !r.ok && !r.signedOut && r.fields ? r.fields : {};
}
