/** GET api/Authentication/SignOut: ends the caller's session on the server (bearer token or cookie) and clears the cookie. */
import { NEXT_AUTH_COOKIES } from '@/lib/auth/cookie';
import { sessionIdFromRequest } from '@/lib/auth/request';
import { signOutSession } from '@/lib/auth/user-session';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = publicRoute({ response: booleanAnswer }, async ({ req, actor }) => {
  await signOutSession(await sessionIdFromRequest(req), actor);
  const res = Response.json(true, { headers: { 'Cache-Control': 'no-store' } });
  for (const name of NEXT_AUTH_COOKIES) {
    const secure = name.startsWith('__') ? '; Secure' : '';
    res.headers.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return res;
});
