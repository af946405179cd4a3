'use server';
/**
 * Server actions of /saveuser: thin adapters over lib/users with the same schema the form uses; the
 * administrator (and so the client) comes from the session, never from the form. A missing session
 * answers 'signed-out' so the page can go to sign-out and back (spec §4.5).
 */
import { requireClientActor } from '@/lib/auth/current';
import type { ClientActor } from '@/lib/auth/actor';
import { fieldErrors, ForbiddenError, UnauthorizedError } from '@/lib/http/errors';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import type { ExistsOutcome, SaveUserOutcome } from '@/lib/users/outcome';
import { checkUserEmailSchema, checkUserNameSchema, userFormSchema } from '@/lib/users/schema';
import { saveUser, userEmailExists, userNameExists } from '@/lib/users/service';

async function adminOrNull(): Promise<ClientActor | null> {
  try {
    return await requireClientActor([CLIENT_ADMIN_ROLE]);
  } catch (e) {
    if (e instanceof UnauthorizedError || e instanceof ForbiddenError) return null;
    throw e;
  }
}

export async function saveUserAction(input: unknown): Promise<SaveUserOutcome> {
  const actor = await adminOrNull();
  if (!actor) return { status: 'signed-out' };
  const parsed = userFormSchema.safeParse(input);
  if (!parsed.success) return { status: 'invalid', fields: fieldErrors(parsed.error) };
  return saveUser(actor, parsed.data);
}

export async function checkUserNameAction(userName: unknown, userId?: unknown): Promise<ExistsOutcome> {
  const actor = await adminOrNull();
  if (!actor) return 'signed-out';
  const body = checkUserNameSchema.safeParse({ UserName: userName, UserId: userId ?? null });
  return body.success ? userNameExists(actor, body.data.value, body.data.userId) : false;
}

export async function checkUserEmailAction(email: unknown, userId?: unknown): Promise<ExistsOutcome> {
  const actor = await adminOrNull();
  if (!actor) return 'signed-out';
  const body = checkUserEmailSchema.safeParse({ EmailId: email, UserId: userId ?? null });
  return body.success ? userEmailExists(actor, body.data.value, body.data.userId) : false;
}
