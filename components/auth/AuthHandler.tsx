import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/current';
import { OIDC_PROVIDER_ID, ssoEnabled } from '@/lib/auth/next-auth';
import { afterSignInUrl, landingFor, safeReturnUrl, signInUrlAfterSignOut } from '@/lib/auth/return-url';
import { firstParam, type SearchParams } from './SignInScreen';
import { SignOutRunner } from './SignOutRunner';
import { SsoStart } from './SsoStart';

export interface AuthHandlerProps {
  searchParams: SearchParams;
  /** /SignOut always signs out; /Job, /Admin and /Authentication look at the query. */
  alwaysSignOut: boolean;
  signOut: (form: FormData) => Promise<void>;
}

/**
 * The authentication handler (spec §2 /Job, /Admin, /Authentication, /SignOut): type 9, 10 or 11
 * signs out then goes to sign-in; type 12 or an `sso` parameter runs single sign-on; otherwise a
 * signed-in user goes on to the portal (staff to /Ops, clients to /JobClient, or the remembered page when
 * their role may open it) and anyone else to the sign-in page.
 */
export async function AuthHandler({ searchParams, alwaysSignOut, signOut }: AuthHandlerProps) {
  const type = firstParam(searchParams, 'type') ?? null;
  const returnUrl = safeReturnUrl(firstParam(searchParams, 'returnUrl'));
  const wantsSso = !alwaysSignOut && (type === '12' || searchParams.sso !== undefined);

  if (wantsSso) {
    if (!ssoEnabled()) redirect('/AuthenticationError?error=Configuration');
    return <SsoStart provider={OIDC_PROVIDER_ID} callbackUrl={afterSignInUrl(returnUrl)} />;
  }
  if (alwaysSignOut || type === '9' || type === '10' || type === '11') {
    return <SignOutRunner action={signOut} type={type} returnUrl={returnUrl} />;
  }
  const actor = await getActor();
  redirect(actor ? landingFor(actor.role, returnUrl) : signInUrlAfterSignOut(null, returnUrl));
}
