import { addLogEntry, logAddSchema } from '@/lib/audit/log';
import { apiRoute } from '@/lib/http/route';
import { logAddAnswer } from '@/lib/legacy/answers';

/** POST api/Log/Add: a log entry of spec §3 (area 15, action 10 or 11); user and client come from the session. */
export const POST = apiRoute({ response: logAddAnswer, body: logAddSchema }, async ({ actor, body, req }) => {
  const r = await addLogEntry(actor, body, req.headers.get('user-agent'));
  return { LoggingId: r.id };
});
