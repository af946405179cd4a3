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
  const claims = await decodeSessionCookie(sessionCookieValue((n) => jar.get(n)?.value));
  if (claims) await signOutSession(claims.sid, await getActor());
  for (const name of NEXT_AUTH_COOKIES) if (jar.get(name)) jar.delete(name);
  const type = Number(form.get('type'));
  const returnUrl = form.get('returnUrl');
  redirect(signInUrlAfterSignOut(Number.isInteger(type) ? type : null, typeof returnUrl === 'string' ? returnUrl : null));
}
