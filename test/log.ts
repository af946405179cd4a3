/** A logger of the portal's own making (lib/log.ts createLogger) whose JSON lines a test reads back. */
import { Writable } from 'node:stream';
import { createLogger } from '@/lib/log';

export function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}
