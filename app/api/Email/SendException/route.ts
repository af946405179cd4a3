/**
 * POST api/Email/SendException: the exception e-mail of spec §8. The same service as
 * api/Exception/Add (one stored report, one e-mail): a caller that sends both gets one report.
 */
import { acceptExceptionReport, exceptionReportSchema } from '@/lib/errors/intake';
import { publicRoute } from '@/lib/http/route';
import { intakeAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = publicRoute({ response: intakeAnswer, body: exceptionReportSchema }, async ({ req, actor, body }) =>
  acceptExceptionReport(actor, body, req.headers),
);
