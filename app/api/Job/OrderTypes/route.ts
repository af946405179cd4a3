import { apiRoute } from '@/lib/http/route';
import { listOrderTypes } from '@/lib/jobs/lookups';
import { presentOrderType } from '@/lib/legacy/job-lookups';
import { orderTypesAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

/** GET api/Job/OrderTypes. */
export const GET = apiRoute({ response: orderTypesAnswer }, async () => (await listOrderTypes()).map(presentOrderType));
