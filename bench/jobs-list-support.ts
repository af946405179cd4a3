/** Helpers of bench/jobs-list.ts: concurrent runs with latency statistics, memory sampling, backends' CPU. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface RunStats {
  latencies: number[];
  count: number;
  seconds: number;
  throughput: number;
  mean: number;
  p95: number;
  merge(other: RunStats): RunStats;
}

function stats(latencies: number[], seconds: number): RunStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return {
    latencies,
    count: sorted.length,
    seconds,
    throughput: sorted.length / seconds,
    mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
    p95,
    merge: (o) => stats([...latencies, ...o.latencies], seconds + o.seconds),
  };
}

/** `callers` concurrent loops, each calling `fn` `each` times; latencies in ms, wall time in s. */
export async function runConcurrent(callers: number, each: number, fn: () => Promise<void>): Promise<RunStats> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = 0; i < each; i++) {
        const t = performance.now();
        await fn();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return stats(latencies, (performance.now() - started) / 1000);
}

let gc: (() => void) | undefined;

/** A full garbage collection (so memory peaks start from the same floor). */
export function forceGc(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

export interface Measured<T> {
  value: T;
  ms: number;
  peakRss: number;
  peakHeap: number;
  heapGrowth: number;
  /** The largest heap still in use right after a full GC (what the export holds, not its garbage); 0 unless asked. */
  peakLive: number;
}

/**
 * Runs fn after a full GC, sampling RSS and heap every millisecond; the peaks include the baseline. With
 * `liveEveryMs`, a full GC also runs at that interval and the heap left after it is sampled (slows fn down).
 */
export async function measureMemory<T>(fn: () => Promise<T>, liveEveryMs = 0): Promise<Measured<T>> {
  forceGc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let peakLive = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 1);
  const live = liveEveryMs
    ? setInterval(() => {
        forceGc();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }, liveEveryMs)
    : undefined;
  const started = performance.now();
  try {
    const value = await fn();
    sample();
    return {
      value,
      ms: performance.now() - started,
      peakRss,
      peakHeap,
      heapGrowth: peakHeap - base.heapUsed,
      peakLive,
    };
  } finally {
    clearInterval(timer);
    clearInterval(live);
  }
}

/** CPU time of the PostgreSQL backends serving one database, from /proc (the server must run on this machine). */
export async function backendCpuMs(query: (sql: string) => Promise<{ pid: number }[]>): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  const pids = await query('select pid from pg_stat_activity where datname = current_database()');
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1000) / 100;
}
