/**
 * npm run db:backup [-- FILE]
 *
 * Writes a backup of the embedded database of DATA_DIR (db/backup.ts: a gzip tarball of its data directory) to FILE,
 * by default DATA_DIR/backups/pglite-<time>.tar.gz. The embedded database is single-process: stop the portal
 * first (the script refuses while the portal answers on PORT). With DATABASE_URL set, use pg_dump (README).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { backupPglite } from '@/db/backup';
import { openDatabase } from '@/db/client';
import { config, ConfigError } from '@/lib/config';
import { portalAnswers } from '@/scripts/portal-running';

async function main() {
  let c;
  try {
    c = config();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  if (!c.embedded) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see "Backups" in the README).');
    process.exit(2);
  }
  const dir = path.join(c.DATA_DIR, 'pglite');
  if (!existsSync(dir)) {
    console.error(`No embedded database in ${dir}: nothing to back up.`);
    process.exit(2);
  }
  if (await portalAnswers(c.PORT)) {
    console.error(`The portal is running on port ${c.PORT}: stop it first (the embedded database is single-process).`);
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(
    process.argv.slice(2).find((a) => !a.startsWith('-')) ?? path.join(c.DATA_DIR, 'backups', `pglite-${stamp}.tar.gz`),
  );
  const db = openDatabase({ dataDir: dir });
  try {
    if (db.raw.kind !== 'pglite') throw new Error('expected the embedded database');
    const r = await backupPglite(db.raw.client, file);
    console.log(`Backed up the embedded database to ${r.file} (${(r.bytes / 1048576).toFixed(1)} MB).`);
    console.log(
      'Keep with it: DATA_DIR/auth-secret, DATA_DIR/totp-key (or AUTH_SECRET, TOTP_ENCRYPTION_KEY) and the upload store.',
    );
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
