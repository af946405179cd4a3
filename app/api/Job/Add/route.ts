import { apiRoute } from '@/lib/http/route';
import { addLegacyJob, legacyJobAddBody, readJsonBody } from '@/lib/jobs/legacy-add';
import { jobAddedAnswer } from '@/lib/openapi/answers';

export const dynamic = 'force-dynamic';

/** POST api/Job/Add: the legacy job payload; answers { JobId, JMSNumber } or a 400 naming the fields. */
export const POST = apiRoute({ response: jobAddedAnswer, handlerBody: legacyJobAddBody() }, async ({ actor, req }) =>
  addLegacyJob(actor, await readJsonBody(req), {
    idempotencyKey: req.headers.get('idempotency-key'),
    userAgent: req.headers.get('user-agent'),
  }),
);
