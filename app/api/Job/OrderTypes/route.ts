import { apiRoute } from '@/lib/http/route';
import { listOrderTypes } from '@/lib/jobs/lookups';
import { presentOrderType } from '@/lib/jobs/lookups-legacy';

export const dynamic = 'force-dynamic';

/** GET api/Job/OrderTypes. */
export const GET = apiRoute({}, async () => (await listOrderTypes()).map(presentOrderType));
