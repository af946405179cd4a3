/**
 * A 50 MB (52,428,800 bytes, the limit) upload through the upload service and through the whole HTTP
 * handler (multipart parsing, size limit, storage, database row and log entry), against a plain stream of
 * the same bytes to a file, measured in the same run. Reports wall time and peak memory (RSS and JS heap +
 * buffers, as deltas over the start of each case) and their ratios to the plain stream.
 * The cases alternate over a few rounds; medians are shown.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bindDatabase, openDatabase } from '@/db/client';
import { handleUploadRequest } from '@/lib/documents/http';
import { multipartBody, repeatedBytes, webStreamOf } from '@/lib/documents/multipart-body';
import { uploadDocument } from '@/lib/documents/service';
import { LocalDirectoryStorage, setFileStorage } from '@/lib/documents/storage';
import { MAX_UPLOAD_BYTES } from '@/lib/reference';
import { signedIn } from '@/test/factories';
import type { Bench, BenchRow } from './run';

const SIZE = MAX_UPLOAD_BYTES;
const ROUNDS = 3;
const MB = 1024 * 1024;

function collector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc() : undefined;
  } catch {
    return undefined;
  }
}

interface Measure {
  ms: number;
  rss: number;
  mem: number;
}

const jsMemory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

async function measure(gc: (() => void) | undefined, fn: () => Promise<void>): Promise<Measure> {
  gc?.();
  const rss0 = process.memoryUsage.rss();
  const mem0 = jsMemory();
  let rss = rss0;
  let mem = mem0;
  const sample = () => {
    rss = Math.max(rss, process.memoryUsage.rss());
    mem = Math.max(mem, jsMemory());
  };
  const timer = setInterval(sample, 2);
  const t0 = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  sample();
  return { ms, rss: rss - rss0, mem: mem - mem0 };
}

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

  const cases: { name: string; fn: () => Promise<void> }[] = [
    {
      name: 'plain stream to disk',
      fn: () => pipeline(Readable.from(repeatedBytes(SIZE), { objectMode: false }), createWriteStream(path.join(root, 'plain.bin'))),
    },
    {
      name: 'upload service',
      fn: async () => {
        await uploadDocument(actor, { fileName: 'bench.pdf', contentType: 'application/pdf', body: repeatedBytes(SIZE) });
      },
    },
    {
      name: 'HTTP handler (multipart)',
      fn: async () => {
        const m = multipartBody({ files: [{ fileName: 'bench.pdf', contentType: 'application/pdf', content: repeatedBytes(SIZE) }] });
        const init: RequestInit & { duplex: 'half' } = {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': m.contentType },
          body: webStreamOf(m.body),
          duplex: 'half',
        };
        const res = await handleUploadRequest(new Request('http://localhost/api/Document/UploadJob/5', init), { params: Promise.resolve({ type: '5' }) });
        if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      },
    },
  ];

  const results = new Map<string, Measure[]>(cases.map((c) => [c.name, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        results.get(c.name)?.push(await measure(gc, c.fn));
        rmSync(storageDir, { recursive: true, force: true });
        rmSync(path.join(root, 'plain.bin'), { force: true });
      }
    }
  } finally {
    setFileStorage(undefined);
    rmSync(root, { recursive: true, force: true });
    await handle.close();
  }

  const summary = cases.map((c) => {
    const ms = results.get(c.name) ?? [];
    return { name: c.name, ms: median(ms.map((m) => m.ms)), rss: median(ms.map((m) => m.rss)), mem: median(ms.map((m) => m.mem)) };
  });
  const base = summary[0] ?? { ms: 1, rss: MB, mem: MB };
  // Memory ratios divide by at least 1 MB: a near-zero baseline would make any ratio meaningless.
  const ratio = (x: number, b: number, floor = 0) => `${(x / Math.max(b, floor)).toFixed(2)}x`;
  return summary.map((s) => ({
    case: s.name,
    bytes: SIZE,
    'wall ms': Math.round(s.ms),
    'MB/s': Math.round(SIZE / MB / (s.ms / 1000)),
    'peak RSS Δ MB': Number((s.rss / MB).toFixed(1)),
    'peak heap+buffers Δ MB': Number((s.mem / MB).toFixed(1)),
    'wall ratio': ratio(s.ms, base.ms),
    'RSS Δ ratio': ratio(Math.max(s.rss, 0), Math.max(base.rss, 0), MB),
    'heap+buffers Δ ratio': ratio(Math.max(s.mem, 0), Math.max(base.mem, 0), MB),
  }));
}

const bench: Bench = { name: `upload of ${SIZE} bytes (median of ${ROUNDS})`, run };
export default bench;
