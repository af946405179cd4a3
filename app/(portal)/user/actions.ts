'use server';
/**
 * Server actions of /user: a thin adapter over lib/users (the administrator from the session). A missing
 * session answers 'signed-out' so the page can send the browser to sign-out and back (spec §4.5).
 */
import { requireClientActor } from '@/lib/auth/current';
import { ForbiddenError, UnauthorizedError } from '@/lib/http/errors';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import type { DeactivateOutcome } from '@/lib/users/outcome';
import { deactivateSchema } from '@/lib/users/schema';
import { deactivateUser } from '@/lib/users/service';


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
