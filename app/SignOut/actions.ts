'use server';

/** Signing out (spec §2 /SignOut, types 9, 10, 11): the server-side session ends, the cookies go, then the sign-in page. */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { decodeSessionCookie, NEXT_AUTH_COOKIES, sessionCookieValue } from '@/lib/auth/cookie';
import { getActor } from '@/lib/auth/current';
import { signInUrlAfterSignOut } from '@/lib/auth/return-url';
import { signOutSession } from '@/lib/auth/user-session';

export async function signOutAction(form: FormData): Promise<void> {
  const jar = await cookies();
  const cookie = sessionCookieValue((n) => jar.get(n)?.value);
  const claims = await decodeSessionCookie(cookie);
  if (claims) await signOutSession(claims.sid, await getActor());
  // 'Your session has expired.' only when this browser had a session (its cookie came along, ended, revoked or timed
  // out): a first visit to a deep link has none, and is simply asked to sign in.
  for (const name of NEXT_AUTH_COOKIES) if (jar.get(name)) jar.delete(name);
  const type = Number(form.get('type'));
  const returnUrl = form.get('returnUrl');
  redirect(signInUrlAfterSignOut(cookie && Number.isInteger(type) ? type : null, typeof returnUrl === 'string' ? returnUrl : null));
}
