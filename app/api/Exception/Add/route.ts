/**
 * POST api/Exception/Add: a browser-side exception report (Message, InnerException, StackTrace,
 * Status), stored and e-mailed to support. Open to anonymous callers; de-duplicated and rate-limited.
 */
import { acceptExceptionReport, exceptionReportSchema } from '@/lib/errors/intake';
import { publicRoute } from '@/lib/http/route';
import { intakeAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = publicRoute({ response: intakeAnswer, body: exceptionReportSchema }, async ({ req, actor, body }) =>
  acceptExceptionReport(actor, body, req.headers),
);
