/**
 * npm run db:backup [-- FILE]
 *
 * Writes a backup of the embedded database of DATA_DIR (db/backup.ts: a gzip tarball of its data directory) to FILE,
 * by default DATA_DIR/backups/pglite-<time>.tar.gz, whole or not at all (a temporary file renamed). The embedded
 * database is single-process: while a portal answers on PORT, the portal itself takes the backup (GET
 * /api/cron/backup, Bearer CRON_SECRET, the same value as the portal's); otherwise the script opens the data
 * directory itself. With DATABASE_URL set, use pg_dump (README).
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { backupPglite } from '@/db/backup';
import { openDatabase } from '@/db/client';
import { config, ConfigError, type Config } from '@/lib/config';
import { portalAnswers } from '@/scripts/portal-running';

/** A failure the script explains in plain words (anything else is printed with its stack). */
class BackupError extends Error {}

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** Asks the running portal for the backup and writes it to `file` through a temporary file. */
async function fromPortal(c: Config, file: string): Promise<number> {
  const port = c.PORT;
  if (!c.CRON_SECRET) {
    fail(
      `The portal is running on port ${port}. To back it up while it runs, set CRON_SECRET to the same value the ` +
        'portal has (at least 16 characters; set it for the portal too if it has none, and restart it) and run this ' +
        'again. Or stop the portal and run this again.',
    );
  }
  const res = await fetch(`http://127.0.0.1:${port}/api/cron/backup`, {
    headers: { authorization: `Bearer ${c.CRON_SECRET}` },
  });
  if (res.status !== 200 || !res.body) {
    const message = await res
      .json()
      .then((b: { error?: { message?: string } }) => b.error?.message)
      .catch(() => undefined);
    if (res.status === 404) {
      fail(
        `The portal on port ${port} does not take backups: it has no CRON_SECRET. Set the same CRON_SECRET for the ` +
          'portal (and restart it) and for this script, or stop the portal and run this again.',
      );
    }
    if (res.status === 401) fail(`The portal on port ${port} refused the cron secret: set CRON_SECRET to its value.`);
    if (res.status === 409 && message) fail(message);
    fail(`The portal on port ${port} could not make the backup (HTTP ${res.status}); its log says why.`, 1);
  }
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(tmp, { flags: 'wx' }));
    const handle = await open(tmp, 'r');
    let head: Buffer;
    let size: number;
    try {
      head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    // A gzip file starts with 1f 8b: anything else is not the backup (a proxy's page, a cut-off answer).
    if (head[0] !== 0x1f || head[1] !== 0x8b) throw new BackupError('The portal did not answer a backup file.');
    const expected = Number(res.headers.get('content-length') ?? size);
    if (size !== expected) throw new BackupError(`The backup arrived incomplete (${size} of ${expected} bytes).`);
    await rename(tmp, file);
    return size;
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

async function main() {
  let c;
  try {
    c = config();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  if (!c.embedded) fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (see "Backups" in the README).');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(
    process.argv.slice(2).find((a) => !a.startsWith('-')) ?? path.join(c.DATA_DIR, 'backups', `pglite-${stamp}.tar.gz`),
  );
  let bytes: number;
  let how: string;
  if (await portalAnswers(c.PORT)) {
    bytes = await fromPortal(c, file);
    how = `taken by the portal running on port ${c.PORT}`;
  } else {
    const dir = path.join(c.DATA_DIR, 'pglite');
    if (!existsSync(dir)) fail(`No embedded database in ${dir}: nothing to back up.`);
    const db = openDatabase({ dataDir: dir });
    try {
      if (db.raw.kind !== 'pglite') throw new Error('expected the embedded database');
      bytes = (await backupPglite(db.raw.client, file)).bytes;
    } finally {
      await db.close();
    }
    how = `from ${dir}; no portal was running on port ${c.PORT}`;
  }
  console.log(`Backed up the embedded database to ${file} (${(bytes / 1048576).toFixed(1)} MB, ${how}).`);
  console.log(
    'Keep with it: DATA_DIR/auth-secret, DATA_DIR/totp-key (or AUTH_SECRET, TOTP_ENCRYPTION_KEY) and the upload store.',
  );
}

let finished = false;
// Node ends a process whose event loop runs empty even while a promise is pending: say so instead of exiting 0.
process.on('beforeExit', () => {
  if (!finished) fail('The backup stopped before it finished: no file was written.', 1);
});
main()
  .then(() => {
    finished = true;
  })
  .catch((e) => {
    finished = true;
    console.error(e instanceof BackupError ? e.message : e);
    process.exit(1);
  });
