/**
 * Puts a server action's refusal onto a react-hook-form form: field messages on their fields (dotted paths
 * such as Lines.0.Amount), and returns the message for the form's alert (null when every message found a
 * field). A 401 signs out with the return URL (spec §4.5).
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { signOutUnauthorized } from '@/lib/client/api';
import type { OpsResult } from '@/lib/ops/action-outcome';

export function applyRefusal<T extends FieldValues>(outcome: OpsResult<unknown>, setError: UseFormSetError<T>, known: (path: string) => boolean): string | null {
  if (outcome.ok) return null;
  if (outcome.status === 401) {
    void signOutUnauthorized();
    return null;
  }
  const fields = 'fields' in outcome && outcome.fields ? outcome.fields : {};
  let placed = 0;
  for (const [path, messages] of Object.entries(fields)) {
    if (!known(path) || !messages[0]) continue;
    setError(path as Path<T>, { type: 'server', message: messages[0] });
    placed++;
  }
  return placed > 0 && placed === Object.keys(fields).length ? null : outcome.message;
}
