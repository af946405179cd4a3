import { z } from 'zod';
import { withContract } from '@/lib/http/route';

/** Liveness: answers without touching the database. */
export const dynamic = 'force-dynamic';

export const GET = withContract(
  function GET(): Response {
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  },
  { access: 'public', summary: 'Liveness: the process answers (no database).', response: z.object({ status: z.literal('ok') }) },
);
