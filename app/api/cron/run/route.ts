/**
 * GET /api/cron/run: the cron trigger of the background tasks for a serverless platform (vercel.json's crons, or
 * any scheduler). Bearer CRON_SECRET; drains mail, job alert digests, webhooks and the orphan sweep within the
 * function's time and answers what it did (lib/server/cron.ts, lib/server/tasks.ts). Not a legacy path of spec §7;
 * through the door like every api/* route (its body cap).
 */
import { legacyDoor, withContract } from '@/lib/http/route';
import { cronReport, cronResponse } from '@/lib/server/cron';

export const dynamic = 'force-dynamic';
/** Seconds the platform lets the function run (the drain's budget, CRON_BUDGET_MS, stays below it). */
export const maxDuration = 60;

export const GET = withContract(
  legacyDoor({ auth: 'none' }, async ({ req }) => cronResponse(req)),
  {
    access: 'public',
    summary: 'Runs the background tasks once (Authorization: Bearer CRON_SECRET; 404 while CRON_SECRET is unset).',
    response: cronReport,
  },
);
