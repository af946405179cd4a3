/** GET api/User/DisableTour: the guided tour has ended; it no longer starts by itself for the caller. */
import { apiRoute } from '@/lib/http/route';
import { disableTour } from '@/lib/shell/service';
import { tourAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: tourAnswer }, async ({ actor }) => disableTour(actor));
