/** Readiness: the database answers (through the door, like every api/* route: its body cap). */
import { z } from 'zod';
import { legacyDoor, withContract } from '@/lib/http/route';
import { readiness } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

export const GET = withContract(
  legacyDoor({ auth: 'none' }, async () => {
    const r = await readiness();
    return Response.json(r.ready ? { status: 'ready' } : { status: 'not ready', reason: r.reason }, {
      status: r.ready ? 200 : 503,
      headers: { 'Cache-Control': 'no-store' },
    });
  }),
  {
    access: 'public',
    summary: 'Readiness: the database answers (503 while it does not, or while the instance drains).',
    response: z.object({ status: z.literal('ready') }),
    statuses: {
      503: { description: 'Not ready.', response: z.object({ status: z.literal('not ready'), reason: z.string() }) },
    },
  },
);
