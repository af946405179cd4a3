/**
 * GET /api/cron/backup: a backup of the running portal's embedded database, for `npm run db:backup` while the
 * portal runs (lib/server/backup.ts). Bearer CRON_SECRET like the cron trigger; 409 on PostgreSQL (pg_dump backs
 * that up). Not a legacy path of spec §7; through the door like every api/* route (its body cap).
 */
import { legacyDoor, withContract } from '@/lib/http/route';
import { backupResponse } from '@/lib/server/backup';

export const dynamic = 'force-dynamic';

export const GET = withContract(
  legacyDoor({ auth: 'none' }, async ({ req }) => backupResponse(req)),
  {
    access: 'public',
    summary:
      'A backup of the embedded database, a gzip tarball (Authorization: Bearer CRON_SECRET; 404 while CRON_SECRET is unset; 409 on PostgreSQL).',
    produces: 'file',
    fileTypes: ['application/gzip'],
  },
);
