/**
 * The body cap against the built portal (issue 27): three 200 MB anonymous bodies at once to a legacy route, sent
 * chunked (no Content-Length, so only the cap can stop them). Before the door each was read whole (a 300 MB body to
 * api/Authentication/SignIn took 27 s; three at once took the server from 211 MB to 1.4 GB resident). Now each is
 * refused with a 413 within a second of passing the cap, and the server's resident memory stays within 100 MB of
 * where it was. The server's pid is found through the socket listening on the app port (/proc/net/tcp); its
 * resident memory is read from /proc/<pid>/status.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { ports } from './support/ports';

const MB = 1024 * 1024;
const CAP = MB; // MAX_BODY_BYTES's default
const TOTAL = 200 * MB;

/** The pid of the process listening on `port` (Linux /proc), or null. */
function listenerPid(port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(pid);
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  return null;
}

/** Resident memory of a process in MB. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

/** Streams up to `total` bytes chunked to `path`; resolves with the answer's status, the bytes written and when. */
function sendHuge(path: string, total: number): Promise<{ status: number; written: number; msAfterCap: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x7b);
    let written = 0;
    let capAt = 0;
    let done = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: ports.app,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (res) => {
        done = true;
        const at = Date.now();
        res.resume();
        resolve({ status: res.statusCode ?? 0, written, msAfterCap: capAt ? at - capAt : 0 });
        req.destroy();
      },
    );
    req.on('error', (e) => (done ? undefined : reject(e)));
    const write = () => {
      while (!done && written < total) {
        written += chunk.length;
        if (!capAt && written > CAP) capAt = Date.now();
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!done) req.end();
    };
    write();
  });
}

test('three 200 MB anonymous bodies at once: each a 413 within a second of the cap, memory flat', async () => {
  test.setTimeout(120_000);
  const pid = listenerPid(ports.app);
  expect(pid, 'the portal’s process (listening on the app port)').not.toBeNull();
  // Warm the route up (its first call compiles and loads it), then measure.
  await sendHuge('/api/Authentication/SignIn', 2 * CAP);
  const before = rssMb(pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid!))), 50);
  const started = Date.now();
  const results = await Promise.all([1, 2, 3].map(() => sendHuge('/api/Authentication/SignIn', TOTAL)));
  const elapsed = Date.now() - started;
  clearInterval(sampler);
  const after = rssMb(pid!);
  console.log(
    `body-limits: ${results.map((r) => `${r.status} after ${(r.written / MB).toFixed(1)} MB sent, ${r.msAfterCap} ms after the cap`).join('; ')}; ` +
      `all in ${elapsed} ms; RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB`,
  );
  for (const r of results) {
    expect(r.status).toBe(413);
    expect(r.msAfterCap).toBeLessThan(1000);
    expect(r.written).toBeLessThan(TOTAL / 4);
  }
  expect(peak - before).toBeLessThan(100);
});
