import { apiRoute } from '@/lib/http/route';
import { addLegacyJob, LEGACY_ADD_MSG, legacyJobAddBody, MAX_ORDER_BODY_BYTES } from '@/lib/legacy/job-add';
import { jobAddedAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

/** POST api/Job/Add: the legacy job payload; answers { JobId, JMSNumber } or a 400 naming the fields. */
export const POST = apiRoute(
  {
    response: jobAddedAnswer,
    handlerBody: legacyJobAddBody(),
    maxBodyBytes: MAX_ORDER_BODY_BYTES,
    tooLargeMessage: LEGACY_ADD_MSG.tooLarge,
  },
  async ({ actor, req, json }) =>
    addLegacyJob(actor, await json(), {
      idempotencyKey: req.headers.get('idempotency-key'),
      userAgent: req.headers.get('user-agent'),
    }),
);
