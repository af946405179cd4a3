'use server';

/**
 * Signing out (spec §2 /SignOut, types 9, 10, 11), through the one action wrapper (signed in or not): the
 * server-side session ends, the cookies go, then the sign-in page.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { decodeSessionCookie, NEXT_AUTH_COOKIES, sessionCookieValue } from '@/lib/auth/cookie';
import { signInUrlAfterSignOut } from '@/lib/auth/return-url';
import { extendSession, sessionUserDeactivated, type SessionTiming } from '@/lib/auth/session';
import { signOutSession } from '@/lib/auth/user-session';
import { runAction, signedIn, signedInOrNot } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

/** The form's two hidden fields, as FormData gives them (absent fields are null). */
const signOutForm = z
  .object({ type: z.string().nullable(), returnUrl: z.string().nullable() })
  .catch({ type: null, returnUrl: null });

export async function signOutAction(form: FormData): Promise<void> {
  const fields = { type: form.get('type'), returnUrl: form.get('returnUrl') };
  await runAction(signedInOrNot, signOutForm, fields, async ({ type, returnUrl }, { actor }) => {
    const jar = await cookies();
    const cookie = sessionCookieValue((n) => jar.get(n)?.value);
    const claims = await decodeSessionCookie(cookie);
    const deactivated = claims ? await sessionUserDeactivated(claims.sid) : false;
    if (claims) await signOutSession(claims.sid, actor);
    // 'Your session has expired.' only when this browser had a session (its cookie came along, ended, revoked or timed
    // out): a first visit to a deep link has none, and is simply asked to sign in.
    for (const name of NEXT_AUTH_COOKIES) if (jar.get(name)) jar.delete(name);
    const n = Number(type);
    redirect(signInUrlAfterSignOut(cookie && Number.isInteger(n) ? n : null, returnUrl, { deactivated }));
  });
}

/**
 * "Stay signed in" of the idle warning, and the keep-alive the browser sends while someone types (WCAG 2.2.1):
 * the session's idle time-out starts again on the server. A session that already ended answers
 * "signed out", which signs the browser out and back.
 */
export async function staySignedInAction(): Promise<ActionResult<SessionTiming>> {
  return runAction(signedIn, z.undefined(), undefined, (_, { actor }) => extendSession(actor.sessionId));
}
