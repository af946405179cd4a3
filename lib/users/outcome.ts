/**
 * What the /user and /saveuser server actions answer the browser (browser-safe types and helpers): the
 * service's result, or 'signed-out' when the session has ended so the page can go to sign-out and back.
 */
import type { DeactivateResult, ReactivateResult, SaveUserResult } from './service';
import { USER_PARAM } from './list-schema';

export type DeactivateOutcome = DeactivateResult['status'] | 'signed-out';
export type SaveUserOutcome = SaveUserResult | { status: 'signed-out' };
/** CheckUserName / CheckUserEmail from the form: exists, or the session has ended. */
export type ExistsOutcome = boolean | 'signed-out';

export type ReactivateOutcome = ReactivateResult['status'] | 'signed-out';

const SAVED_MSG_PARAM = { created: 1, updated: 2, invited: 3 } as const;

/** Where a successful save goes: /user?msg=1 (created) or /user?msg=2 (updated) (spec §2), /user?msg=3 (invited). */
export function afterSaveUrl(status: keyof typeof SAVED_MSG_PARAM): string {
  return `/user?${USER_PARAM.message}=${SAVED_MSG_PARAM[status]}`;
}
