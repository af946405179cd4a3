/** The cron trigger of the background tasks (lib/server/tasks.ts) behind GET /api/cron/run, for serverless platforms. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/config';
import { errorResponse } from '@/lib/http/route';
import { runCron } from '@/lib/server/tasks';

/** The cron route's answer: how long the drain took and what each task handled. */
export const cronReport = z.object({
  ms: z.number().int(),
  tasks: z.record(z.string(), z.object({ handled: z.number().int(), error: z.string().optional() })),
});

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/**
 * The check of the routes behind CRON_SECRET (GET /api/cron/*): null when the request carries
 * `Authorization: Bearer <CRON_SECRET>` (compared in constant time); otherwise the answer to send: 401 for a missing
 * or wrong secret, 404 while CRON_SECRET is unset (the routes are disabled then, whatever is sent).
 */
export function refuseWithoutCronSecret(req: Request): Response | null {
  const secret = config().CRON_SECRET;
  if (!secret) return errorResponse(404, 'Not found.');
  const given = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(sha256(given), sha256(secret))) return errorResponse(401, 'A valid cron secret is required.');
  return null;
}

/**
 * The cron route (GET /api/cron/run): with `Authorization: Bearer <CRON_SECRET>` (compared in constant time) it
 * drains every task and answers the report; a missing or wrong secret answers 401; with CRON_SECRET unset the
 * route is disabled and answers 404, whatever is sent.
 */
export async function cronResponse(req: Request): Promise<Response> {
  const refused = refuseWithoutCronSecret(req);
  if (refused) return refused;
  const report = await runCron();
  return Response.json(report, { headers: { 'Cache-Control': 'no-store' } });
}
