'use server';
/**
 * Server actions of /saveuser: thin adapters over lib/users with the same schema the form uses, through the one
 * action wrapper (lib/http/action.ts); the administrator (and so the client) comes from the session, never from
 * the form. An ended session answers "signed out" and the page signs out and back (spec §4.5).
 */
import { clientAdmin, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { checkUserEmailSchema, checkUserNameSchema, userFormSchema } from '@/lib/users/schema';
import { saveUser, userEmailExists, userNameExists, type SaveUserResult } from '@/lib/users/service';

export async function saveUserAction(input: unknown): Promise<ActionResult<SaveUserResult>> {
  return runAction(clientAdmin, userFormSchema, input, (form, { actor }) => saveUser(actor, form));
}

/** CheckUserName from the form: whether another user of the firm has it (a 400 for a value that is not one). */
export async function checkUserNameAction(userName: unknown, userId?: unknown): Promise<ActionResult<boolean>> {
  return runAction(clientAdmin, checkUserNameSchema, { UserName: userName, UserId: userId ?? null }, (b, { actor }) =>
    userNameExists(actor, b.value, b.userId),
  );
}

export async function checkUserEmailAction(email: unknown, userId?: unknown): Promise<ActionResult<boolean>> {
  return runAction(clientAdmin, checkUserEmailSchema, { EmailId: email, UserId: userId ?? null }, (b, { actor }) =>
    userEmailExists(actor, b.value, b.userId),
  );
}
