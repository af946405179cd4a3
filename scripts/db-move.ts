/**
 * npm run db:move -- postgres://user:password@host:5432/jms
 *
 * Copies the embedded database of DATA_DIR into an empty PostgreSQL database (scripts/move/move.ts), checks the
 * row counts on both sides, and prints what to set next. Stop the portal first: the embedded database is
 * single-process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { config, ConfigError } from '@/lib/config';
import { MoveError, moveDatabase, redactUrl } from '@/scripts/move/move';
import { nextSteps } from '@/scripts/move/next-steps';

async function main() {
  const url = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('Usage: npm run db:move -- postgres://user:password@host:5432/database (an empty database)');
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
    console.error(
      'DATABASE_URL is set: the portal already uses PostgreSQL. db:move copies the embedded database of DATA_DIR; unset DATABASE_URL to run it.',
    );
    process.exit(2);
  }
  const dir = path.join(c.DATA_DIR, 'pglite');
  if (!existsSync(dir)) {
    console.error(`No embedded database in ${dir}: nothing to move.`);
    process.exit(2);
  }
  console.log(`Copying the embedded database in ${dir} to ${redactUrl(url)}`);
  const source = openDatabase({ dataDir: dir });
  try {
    const report = await moveDatabase(source, url, (line) => console.log(line));
    const moved = report.tables.filter((t) => t.target > 0).length;
    console.log(
      `Copied ${report.rows} rows in ${moved} tables (${report.tables.length} tables checked: the same row count on both sides), ${report.sequences} sequences set, in ${(report.ms / 1000).toFixed(1)} s.`,
    );
    console.log('');
    for (const line of nextSteps(c, url)) console.log(line);
  } catch (e) {
    if (e instanceof MoveError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  } finally {
    await source.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
