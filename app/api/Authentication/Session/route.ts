/** GET api/Authentication/Session: the user session of spec §3 (401 without one). */
import { userSession } from '@/lib/auth/user-session';
import { apiRoute } from '@/lib/http/route';
import { userSessionAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: userSessionAnswer }, async ({ actor }) => userSession(actor));
