/** POST api/Notice/DisableNotice/{id}: the notice's "Save": the caller no longer sees this notice. */
import { z } from 'zod';
import { disableNotice } from '@/lib/notices/service';
import { apiRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const POST = apiRoute({ response: booleanAnswer, params }, async ({ actor, params: p }) => {
  await disableNotice(actor, p.id);
  return true;
});
