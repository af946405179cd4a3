/**
 * npm run db:restore -- FILE
 *
 * Restores a backup written by db:backup into DATA_DIR/pglite. The current embedded database, if any, is kept as
 * DATA_DIR/pglite.before-restore-<time> (and put back if the restore fails). Stop the portal first: the embedded
 * database is single-process, so the script refuses while a portal answers on PORT.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { restorePglite, RestoreError } from '@/db/backup';
import { config, ConfigError } from '@/lib/config';
import { portalAnswers } from '@/scripts/portal-running';

async function main() {
  const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!file || !existsSync(file)) {
    console.error('Usage: npm run db:restore -- FILE (a backup written by npm run db:backup)');
    process.exit(2);
  }
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
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see "Backups" in the README).');
    process.exit(2);
  }
  if (await portalAnswers(c.PORT)) {
    console.error(`The portal is running on port ${c.PORT}: stop it first (the embedded database is single-process).`);
    process.exit(2);
  }
  const dir = path.join(c.DATA_DIR, 'pglite');
  let kept: string | undefined;
  if (existsSync(dir)) {
    kept = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, kept);
  }
  try {
    await restorePglite(path.resolve(file), dir);
  } catch (e) {
    if (kept) await rename(kept, dir);
    if (e instanceof RestoreError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  console.log(`Restored ${file} into ${dir}.${kept ? ` The database it replaced is in ${kept}.` : ''}`);
  console.log(
    'Start the portal with this DATA_DIR, the auth-secret and totp-key kept with the backup (or the same AUTH_SECRET ' +
      'and TOTP_ENCRYPTION_KEY) and the upload store of the same day.',
  );
}

let finished = false;
// Node ends a process whose event loop runs empty even while a promise is pending: say so instead of exiting 0.
process.on('beforeExit', () => {
  if (finished) return;
  console.error('The restore stopped before it finished: check DATA_DIR/pglite before starting the portal.');
  process.exit(1);
});
main()
  .then(() => {
    finished = true;
  })
  .catch((e) => {
    finished = true;
    console.error(e);
    process.exit(1);
  });
