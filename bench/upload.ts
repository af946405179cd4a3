/**
 * A 50 MB (52,428,800 bytes, the limit) upload through the upload service and through the whole HTTP
 * handler (multipart parsing, size limit, SHA-256, storage, database row and log entry), against the least
 * work that stores the same bytes, measured in the same run:
 *  - on the local directory: a plain stream of the bytes to a file;
 *  - on S3 (an s3rver process started here, port BENCH_PORT_BASE + 20): the raw PutObject stream of the same
 *    bytes through the AWS SDK. The service's memory must stay flat in the file's size: the same upload of
 *    5 MB is measured too, and the 50 MB / 5 MB ratio of the peaks is reported (goal ≤ 1.2; wall ≤ 1.5×).
 * Reports wall time and peak memory (RSS and JS heap + buffers, as deltas over the start of each case) and
 * their ratios to the baseline of the same storage. The cases alternate over a few rounds; medians are shown.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { bindDatabase, openDatabase } from '@/db/client';
import { handleUploadRequest } from '@/lib/http/upload';
import { multipartBody, repeatedBytes, webStreamOf } from '@/test/multipart-body';
import { uploadDocument } from '@/lib/documents/service';
import { LocalDirectoryStorage, setFileStorage } from '@/lib/documents/storage';
import { MAX_UPLOAD_BYTES } from '@/lib/reference';
import { signedIn } from '@/test/factories';
import { collector, measure, type Measure } from './measure';
import type { Bench, BenchRow } from './run';

const SIZE = MAX_UPLOAD_BYTES;
const SMALL = 5 * 1024 * 1024;
const BUCKET = 'jms-bench';
const ROUNDS = 3;
const MB = 1024 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function run(): Promise<BenchRow[]> {
  const gc = collector();
  const handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  bindDatabase(handle);
  const root = mkdtempSync(path.join(tmpdir(), 'jms-bench-upload-'));
  const storageDir = path.join(root, 'storage');
  setFileStorage(new LocalDirectoryStorage(storageDir));
  const { actor, token } = await signedIn();

  const cases: Case[] = [
    {
      name: 'plain stream to disk',
      fn: () =>
        pipeline(
          Readable.from(repeatedBytes(SIZE), { objectMode: false }),
          createWriteStream(path.join(root, 'plain.bin')),
        ),
    },
    {
      name: 'upload service',
      fn: async () => {
        await uploadDocument(actor, {
          fileName: 'bench.pdf',
          contentType: 'application/pdf',
          body: repeatedBytes(SIZE),
        });
      },
    },
    {
      name: 'HTTP handler (multipart)',
      fn: async () => {
        const m = multipartBody({
          files: [{ fileName: 'bench.pdf', contentType: 'application/pdf', content: repeatedBytes(SIZE) }],
        });
        const init: RequestInit & { duplex: 'half' } = {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': m.contentType },
          body: webStreamOf(m.body),
          duplex: 'half',
        };
        const res = await handleUploadRequest(new Request('http://localhost/api/Document/UploadJob/5', init), {
          params: Promise.resolve({ type: '5' }),
        });
        if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      },
    },
  ];

  const results = new Map<string, LocalMeasure[]>(cases.map((c) => [c.name, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        results.get(c.name)?.push({ ...(await measure(gc, c.fn)), load: loadavg()[0] ?? 0 });
        rmSync(storageDir, { recursive: true, force: true });
        rmSync(path.join(root, 'plain.bin'), { force: true });
      }
    }
    rmSync(root, { recursive: true, force: true });
    const local = rows(cases, results, SIZE);
    const s3 = await runS3();
    return [...local, ...s3];
  } finally {
    setFileStorage(undefined);
    rmSync(root, { recursive: true, force: true });
    await handle.close();
  }
}

interface LocalMeasure extends Measure {
  load: number;
}

interface Case {
  name: string;
  bytes?: number;
  fn: () => Promise<void>;
}

// Memory ratios divide by at least 1 MB: a near-zero baseline would make any ratio meaningless.
const ratio = (x: number, b: number, floor = 0) => `${(x / Math.max(b, floor)).toFixed(2)}x`;

function summarize(cases: Case[], results: Map<string, LocalMeasure[]>) {
  return cases.map((c) => {
    const ms = results.get(c.name) ?? [];
    return {
      name: c.name,
      bytes: c.bytes ?? SIZE,
      ms: median(ms.map((m) => m.ms)),
      rss: median(ms.map((m) => m.rss)),
      mem: median(ms.map((m) => m.mem)),
      load: median(ms.map((m) => m.load)),
    };
  });
}

/** Rows with ratios to the first case (the baseline of that storage). */
function rows(cases: Case[], results: Map<string, LocalMeasure[]>, _size: number): BenchRow[] {
  const summary = summarize(cases, results);
  const base = summary[0] ?? { bytes: SIZE, ms: 1, rss: MB, mem: MB };
  return summary.map((s) => ({
    case: s.name,
    bytes: s.bytes,
    'wall ms': Math.round(s.ms),
    'MB/s': Math.round(s.bytes / MB / (s.ms / 1000)),
    'peak RSS Δ MB': Number((s.rss / MB).toFixed(1)),
    'peak heap+buffers Δ MB': Number((s.mem / MB).toFixed(1)),
    'wall ratio': s.bytes === base.bytes ? ratio(s.ms, base.ms) : '',
    'RSS Δ ratio': ratio(Math.max(s.rss, 0), Math.max(base.rss, 0), MB),
    'heap+buffers Δ ratio': ratio(Math.max(s.mem, 0), Math.max(base.mem, 0), MB),
    'load (1 min)': Number(s.load.toFixed(2)),
  }));
}

/** An s3rver in its own process (its memory is not ours), with the bench bucket. */
async function startS3Process(port: number): Promise<{ endpoint: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/s3.ts', String(port), BUCKET], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve();
    });
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
}

interface ChildMeasure extends Measure {
  maxRss: number;
  /** Peak memory held live (full GC every 10 ms) over the start, in a second, untimed run of the same upload. */
  live: number;
  load: number;
}

type S3Kind = 'raw' | 'service' | 'service-unsized' | 'http';

/** Runs one S3 case in its own process (see upload-s3-case.ts); notes the 1-minute load average beside it. */
function s3Case(kind: S3Kind, bytes: number, endpoint: string): Promise<ChildMeasure> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/upload-s3-case.ts', kind, String(bytes), endpoint, BUCKET],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{'))
        resolve({ ...(JSON.parse(line) as Omit<ChildMeasure, 'load'>), load: loadavg()[0] ?? 0 });
      else reject(new Error(`S3 case ${kind} ${bytes} failed (${code}): ${out.slice(-500)}`));
    });
  });
}

const S3_CASES: { kind: S3Kind; name: string }[] = [
  { kind: 'raw', name: 'raw PutObject stream (floor)' },
  { kind: 'service', name: 'upload service, size declared' },
  { kind: 'http', name: 'HTTP handler (multipart form, X-File-Size)' },
  { kind: 'service-unsized', name: 'upload service, size unknown (multipart upload)' },
];

/**
 * The S3 leg: every case at 50 MB and at 5 MB, each run in a process of its own, alternating over ROUNDS.
 * Wall ratios are to the raw PutObject of the same size. Memory, each over the start of the upload: the
 * peak RSS and JS heap+buffers sampled every 2 ms during the timed upload (heap+buffers counts garbage not
 * yet collected, which grows with the bytes that passed until a scavenge: the floor's grows too), and the
 * peak held live (a second run of the same upload in the same process, full GC every 10 ms). "50 vs 5 MB"
 * divides the 50 MB peak by the 5 MB one (deltas under 1 MB count as 1 MB: below that the sampling only
 * sees allocator noise).
 */
export async function runS3(): Promise<BenchRow[]> {
  const port = Number(process.env.BENCH_PORT_BASE ?? 3990) + 20;
  const server = await startS3Process(port);
  const sizes = [SIZE, SMALL];
  const results = new Map<string, ChildMeasure[]>();
  const id = (kind: S3Kind, bytes: number) => `${kind}:${bytes}`;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const bytes of sizes) {
        for (const c of S3_CASES) {
          const m = await s3Case(c.kind, bytes, server.endpoint);
          results.set(id(c.kind, bytes), [...(results.get(id(c.kind, bytes)) ?? []), m]);
        }
      }
    }
  } finally {
    server.stop();
  }
  const med = (kind: S3Kind, bytes: number) => {
    const ms = results.get(id(kind, bytes)) ?? [];
    const pick = (f: (m: ChildMeasure) => number) => median(ms.map(f));
    return {
      ms: pick((m) => m.ms),
      rss: pick((m) => m.rss),
      mem: pick((m) => m.mem),
      live: pick((m) => m.live),
      maxRss: pick((m) => m.maxRss),
      load: pick((m) => m.load),
    };
  };
  const out: BenchRow[] = [];
  for (const bytes of sizes) {
    const floor = med('raw', bytes);
    for (const c of S3_CASES) {
      const m = med(c.kind, bytes);
      out.push({
        case: `S3 ${bytes / MB} MB: ${c.name}`,
        bytes,
        'wall ms': Math.round(m.ms),
        'MB/s': Math.round(bytes / MB / (m.ms / 1000)),
        'wall ratio': ratio(m.ms, floor.ms),
        'peak RSS Δ MB': Number((m.rss / MB).toFixed(1)),
        'peak heap+buffers Δ MB': Number((m.mem / MB).toFixed(1)),
        'peak live Δ MB': Number((m.live / MB).toFixed(2)),
        'peak RSS MB (process)': Number((m.maxRss / MB).toFixed(1)),
        'load (1 min)': Number(m.load.toFixed(2)),
      });
    }
  }
  for (const c of S3_CASES) {
    const big = med(c.kind, SIZE);
    const small = med(c.kind, SMALL);
    out.push({
      case: `S3 ${c.name}: 50 vs 5 MB`,
      bytes: SIZE,
      'peak RSS Δ MB': `${(big.rss / MB).toFixed(1)} vs ${(small.rss / MB).toFixed(1)} = ${ratio(Math.max(big.rss, MB), Math.max(small.rss, MB))}`,
      'peak heap+buffers Δ MB': `${(big.mem / MB).toFixed(1)} vs ${(small.mem / MB).toFixed(1)} = ${ratio(Math.max(big.mem, MB), Math.max(small.mem, MB))}`,
      'peak live Δ MB': `${(big.live / MB).toFixed(2)} vs ${(small.live / MB).toFixed(2)} = ${ratio(Math.max(big.live, MB), Math.max(small.live, MB))}`,
      'peak RSS MB (process)': `${(big.maxRss / MB).toFixed(1)} vs ${(small.maxRss / MB).toFixed(1)}`,
    });
  }
  return out;
}

const bench: Bench = { name: `upload of ${SIZE} bytes (median of ${ROUNDS})`, run };
export default bench;
