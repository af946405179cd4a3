/**
 * What a staff server action answers (browser-safe): the value, or the refusal a service raised (a 400 with
 * field messages, 403, 404, 409) in words the form shows, or 'signed-out' (the page signs out with type 9).
 */
export type OpsResult<T = null> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; fields?: Record<string, string[]> }
  | { ok: false; status: 401; message: 'signed-out' };

/** The field messages of a refused outcome ({} otherwise). */
export function outcomeFields(o: OpsResult<unknown>): Record<string, string[]> {
  return !o.ok && 'fields' in o && o.fields ? o.fields : {};
}
