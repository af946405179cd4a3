/**
 * The backup route (GET /api/cron/backup) behind `npm run db:backup` while the portal runs: the embedded database
 * (PGlite) is single-process, so only the running portal can read it; it answers a backup of its open database.
 */
import { dumpPglite } from '@/db/backup';
import { getHandle } from '@/db/client';
import { errorResponse } from '@/lib/http/route';
import { refuseWithoutCronSecret } from '@/lib/server/cron';

export const POSTGRES_BACKUP_MSG =
  'This portal keeps its data in PostgreSQL: back it up with pg_dump (see "Backups" in the README).';

/**
 * With `Authorization: Bearer <CRON_SECRET>`: on the embedded database, a gzip tarball of its data directory taken
 * under PGlite's query lock (no statement runs meanwhile, so it is the files of one instant: restored, every
 * transaction committed before it is there and none half-applied); on PostgreSQL, 409 pointing to pg_dump. Without
 * the secret: 401, and 404 while CRON_SECRET is unset.
 */
export async function backupResponse(req: Request): Promise<Response> {
  const refused = refuseWithoutCronSecret(req);
  if (refused) return refused;
  const handle = await getHandle();
  if (handle.raw.kind !== 'pglite') return errorResponse(409, POSTGRES_BACKUP_MSG);
  const blob = await dumpPglite(handle.raw.client);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return new Response(blob.stream(), {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(blob.size),
      'Content-Disposition': `attachment; filename="pglite-${stamp}.tar.gz"`,
      'Cache-Control': 'no-store',
    },
  });
}
