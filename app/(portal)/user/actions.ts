'use server';
/**
 * Server actions of /user: thin adapters over lib/users (the administrator from the session), through the one
 * action wrapper (lib/http/action.ts); an ended session answers "signed out" and the page signs out and back.
 */
import { z } from 'zod';
import { clientAdmin, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { signOutUserEverywhere, unlockUser } from '@/lib/users/access';
import { deactivateSchema } from '@/lib/users/schema';
import { deactivateUser, reactivateUser, type DeactivateResult } from '@/lib/users/service';

const userIdSchema = z.number().int().min(1).max(2_147_483_647);

/** Unlock: the failure count starts again and the user is e-mailed. */
export async function unlockUserAction(userId: unknown): Promise<ActionResult<{ userId: number }>> {
  return runAction(clientAdmin, userIdSchema, userId, (id, { actor }) => unlockUser(actor, id));
}

/** Ends every session of a user of the firm. */
export async function signOutEverywhereAction(userId: unknown): Promise<ActionResult<{ sessions: number }>> {
  return runAction(clientAdmin, userIdSchema, userId, (id, { actor }) => signOutUserEverywhere(actor, id));
}

export async function deactivateUserAction(userName: unknown): Promise<ActionResult<DeactivateResult>> {
  return runAction(clientAdmin, deactivateSchema, userName, (name, { actor }) => deactivateUser(actor, name));
}

/** Reactivates a deactivated user of the firm: they can sign in again. */
export async function reactivateUserAction(userId: unknown): Promise<ActionResult<{ userId: number }>> {
  return runAction(clientAdmin, userIdSchema, userId, (id, { actor }) => reactivateUser(actor, id));
}
