/** GET api/User/DisableTour: the guided tour has ended; it no longer starts by itself for the caller. */
import { apiRoute } from '@/lib/http/route';
import { disableTour } from '@/lib/shell/service';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({}, async ({ actor }) => disableTour(actor));
