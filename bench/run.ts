/**
 * `npm run bench`: runs every benchmark module listed in BENCHES (in order) and prints its tables.
 * `npm run bench -- upload` runs only the named ones. A module default-exports { name, run } where run()
 * answers rows of { column: value } (one table), or titled tables of such rows.
 *
 * Benchmarks run on a private data directory (embedded database, uploads) with quiet logs and no mail
 * worker; the environment is set here, before any module reads the configuration.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type BenchRow = Record<string, string | number>;

/** A table of its own, printed under its title. */
export interface BenchTable {
  title: string;
  rows: BenchRow[];
}

export interface Bench {
  name: string;
  run(): Promise<BenchRow[] | BenchTable[]>;
}

const isTable = (x: BenchRow | BenchTable): x is BenchTable => typeof x.title === 'string' && Array.isArray(x.rows);

/** Add a benchmark here: a name and a lazy import of its module. */
const BENCHES: { name: string; load: () => Promise<{ default: Bench }> }[] = [
  { name: 'upload', load: () => import('./upload') },
  { name: 'signin', load: () => import('./signin') },
  { name: 'jobs-list', load: () => import('./jobs-list') },
  { name: 'pglite-size', load: () => import('./pglite-size') },
  { name: 'jobs-page', load: () => import('./jobs-page') },
  { name: 'ops-queue', load: () => import('./ops-queue') },
  { name: 'reports', load: () => import('./reports') },
  { name: 'page-weight', load: () => import('./page-weight') },
  { name: 'home-strip', load: () => import('./home-strip') },
  { name: 'pages', load: () => import('./pages') },
  { name: 'machinery', load: () => import('./machinery') },
];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jms-bench-'));
  process.env.DATA_DIR = dataDir;
  process.env.UPLOAD_DIR = path.join(dataDir, 'uploads');
  process.env.MAIL_WORKER_ENABLED = 'false';
  process.env.LOG_LEVEL = 'silent';
  // Benchmarks that need a real database (jobs-list) open BENCH_DATABASE_URL themselves; the app config stays embedded.
  if (process.env.DATABASE_URL) process.env.BENCH_DATABASE_URL ??= process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;

  const wanted = process.argv.slice(2);
  const selected = BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name));
  if (selected.length === 0) {
    console.error(`No benchmark named ${wanted.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  let failed = 0;
  for (const b of selected) {
    const started = Date.now();
    try {
      const bench = (await b.load()).default;
      const rows = await bench.run();
      console.log(`\n${bench.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (rows.length > 0 && rows.every(isTable)) {
        for (const t of rows) {
          console.log(`\n${t.title}`);
          console.table(t.rows);
        }
      } else console.table(rows);
    } catch (e) {
      // One benchmark that cannot run here (e.g. jobs-list without PostgreSQL) does not hide the others.
      failed++;
      console.log(`\n${b.name}: not measured: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failed) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
