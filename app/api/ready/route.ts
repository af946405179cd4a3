import { readiness } from '@/lib/health';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const r = await readiness();
  return Response.json(r.ready ? { status: 'ready' } : { status: 'not ready', reason: r.reason }, {
    status: r.ready ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}
