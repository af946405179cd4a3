/** Wall time and peak memory of one async case (shared by the upload benchmarks). */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc() : undefined;
  } catch {
    return undefined;
  }
}

export interface Measure {
  ms: number;
  rss: number;
  mem: number;
}

export const jsMemory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

export async function measure(gc: (() => void) | undefined, fn: () => Promise<void>): Promise<Measure> {
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

/**
 * The most memory `fn` holds live at once, over its start: every `everyMs` a full GC, then the JS heap +
 * buffers. Garbage is not counted (the sampled peak of `measure` counts whatever the last scavenge left,
 * which grows with the bytes that passed until the young generation fills). The GCs slow `fn` down: time
 * it with `measure`, not here.
 */
export async function measureLive(gc: () => void, fn: () => Promise<void>, everyMs = 10): Promise<number> {
  gc();
  const base = jsMemory();
  let peak = base;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, jsMemory());
  }, everyMs);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return peak - base;
}
