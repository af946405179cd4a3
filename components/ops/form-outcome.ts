/**
 * Puts a server action's refusal onto a react-hook-form form: field messages on their fields (dotted paths
 * such as Lines.0.Amount), and returns the message for the form's alert (null when every message found a
 * field). A 401 signs out with the return URL (spec §4.5).
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { signedOutNow } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';

export function applyRefusal<T extends FieldValues>(
  outcome: ActionResult<unknown>,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
): string | null {
  if (outcome.ok || signedOutNow(outcome)) return null;
  const fields = refusalFields(outcome);
  let placed = 0;
  for (const [path, messages] of Object.entries(fields)) {
    if (!known(path) || !messages[0]) continue;
    setError(path as Path<T>, { type: 'server', message: messages[0] });
    placed++;
  }
  return placed > 0 && placed === Object.keys(fields).length ? null : outcome.message;
}
