/** Liveness: answers without touching the database (through the door, like every api/* route: its body cap). */
import { z } from 'zod';
import { legacyDoor, withContract } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = withContract(
  legacyDoor({ auth: 'none' }, async () =>
    Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }),
  ),
  {
    access: 'public',
    summary: 'Liveness: the process answers (no database).',
    response: z.object({ status: z.literal('ok') }),
  },
);
