/**
 * POST api/SingleSignOnAuthentication/Validate: where the browser goes to sign in with single
 * sign-on ({ RedirectUrl }): the authentication handler that starts OpenID Connect, or
 * /AuthenticationError when single sign-on is not configured.
 */
import { z } from 'zod';
import { ssoEnabled } from '@/lib/auth/next-auth';
import { safeReturnUrl } from '@/lib/auth/return-url';
import { publicRoute } from '@/lib/http/route';
import { redirectAnswer } from '@/lib/legacy/answers';

const body = z
  .strictObject({ ReturnUrl: z.string().max(2000).optional(), Token: z.string().max(8192).optional() })
  .optional();

export const POST = publicRoute({ response: redirectAnswer, body }, async ({ body: b }) => {
  if (!ssoEnabled()) return { RedirectUrl: '/AuthenticationError' };
  const q = new URLSearchParams({ sso: '1' });
  const back = safeReturnUrl(b?.ReturnUrl);
  if (back) q.set('returnUrl', back);
  return { RedirectUrl: `/Authentication?${q.toString()}` };
});
