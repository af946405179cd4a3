/**
 * A real clamd for tests: Debian's clamav-daemon binary (CLAMD_PATH, default /usr/sbin/clamd) started in the
 * foreground on a free TCP port with its own configuration and temporary directory, and a signature database
 * the test writes itself: the MD5 hash signature of the EICAR test file (no definitions can be downloaded).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The EICAR anti-virus test file (68 bytes): harmless, detected by every scanner by convention. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

export interface TestClamd {
  host: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = a && typeof a === 'object' ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    let text = '';
    s.on('data', (d) => (text += d.toString()));
    s.on('connect', () => s.end('zPING\0'));
    s.on('end', () => resolve(text.startsWith('PONG')));
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

export async function startTestClamd(port?: number): Promise<TestClamd> {
  const p = port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'jms-clamd-'));
  const db = path.join(dir, 'db');
  mkdirSync(db);
  const md5 = createHash('md5').update(EICAR).digest('hex');
  writeFileSync(path.join(db, 'test.hdb'), `${md5}:${Buffer.byteLength(EICAR)}:${EICAR_SIGNATURE}\n`);
  writeFileSync(
    path.join(dir, 'clamd.conf'),
    [
      'Foreground yes',
      `DatabaseDirectory ${db}`,
      `TCPSocket ${p}`,
      'TCPAddr 127.0.0.1',
      `TemporaryDirectory ${dir}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      'StreamMaxLength 60M',
      'SelfCheck 0',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    process.env.CLAMD_PATH ?? '/usr/sbin/clamd',
    [`--config-file=${path.join(dir, 'clamd.conf')}`],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  while (!(await ping(p))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`clamd did not start on port ${p}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    host: '127.0.0.1',
    port: p,
    stop: async () => {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
