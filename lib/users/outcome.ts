/**
 * What the /user and /saveuser server actions answer the browser (browser-safe types and helpers): the
 * service's result, or 'signed-out' when the session has ended so the page can go to sign-out and back.
 */
import type { DeactivateResult, SaveUserResult } from './service';
import { USER_PARAM } from './list-schema';

export type DeactivateOutcome = DeactivateResult['status'] | 'signed-out';
export type SaveUserOutcome = SaveUserResult | { status: 'signed-out' };
/** CheckUserName / CheckUserEmail from the form: exists, or the session has ended. */
export type ExistsOutcome = boolean | 'signed-out';

/** Where a successful save goes: /user?msg=1 (created) or /user?msg=2 (updated) (spec §2). */
export function afterSaveUrl(status: 'created' | 'updated'): string {
  return `/user?${USER_PARAM.message}=${status === 'created' ? 1 : 2}`;
}
