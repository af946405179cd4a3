'use server';
/**
 * Server actions of /user: a thin adapter over lib/users (the administrator from the session). A missing
 * session answers 'signed-out' so the page can send the browser to sign-out and back (spec §4.5).
 */
import { requireClientActor } from '@/lib/auth/current';
import { ForbiddenError, UnauthorizedError } from '@/lib/http/errors';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import type { DeactivateOutcome, ReactivateOutcome } from '@/lib/users/outcome';
import { deactivateSchema } from '@/lib/users/schema';
import { deactivateUser, reactivateUser } from '@/lib/users/service';
import { signOutUserEverywhere, unlockUser } from '@/lib/users/access';
import type { SignOutEverywhereOutcome, UnlockOutcome } from '@/lib/users/access-outcome';

const userIdInput = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? v : null);

async function adminOrNull() {
  try {
    return await requireClientActor([CLIENT_ADMIN_ROLE]);
  } catch (e) {
    if (e instanceof UnauthorizedError || e instanceof ForbiddenError) return null;
    throw e;
  }
}

/** Unlock: the failure count starts again and the user is e-mailed (issue 17). */
export async function unlockUserAction(userId: unknown): Promise<UnlockOutcome> {
  const actor = await adminOrNull();
  if (!actor) return 'signed-out';
  const id = userIdInput(userId);
  if (id === null) return 'not-found';
  return (await unlockUser(actor, id)).status;
}

/** Ends every session of a user of the firm (issue 17). */
export async function signOutEverywhereAction(userId: unknown): Promise<SignOutEverywhereOutcome> {
  const actor = await adminOrNull();
  if (!actor) return { status: 'session-ended' };
  const id = userIdInput(userId);
  if (id === null) return { status: 'not-found' };
  return signOutUserEverywhere(actor, id);
}

export async function deactivateUserAction(userName: unknown): Promise<DeactivateOutcome> {
  let actor;
  try {
    actor = await requireClientActor([CLIENT_ADMIN_ROLE]);
  } catch (e) {
    if (e instanceof UnauthorizedError) return 'signed-out';
    if (e instanceof ForbiddenError) return 'not-found';
    throw e;
  }
  const name = deactivateSchema.safeParse(userName);
  if (!name.success) return 'not-found';
  return (await deactivateUser(actor, name.data)).status;
}

/** Reactivates a deactivated user of the firm: they can sign in again. */
export async function reactivateUserAction(userId: unknown): Promise<ReactivateOutcome> {
  const actor = await adminOrNull();
  if (!actor) return 'signed-out';
  const id = userIdInput(userId);
  if (id === null) return 'not-found';
  return (await reactivateUser(actor, id)).status;
}
