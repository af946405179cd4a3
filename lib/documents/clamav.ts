/**
 * Malware scanning with clamd's INSTREAM command over TCP (CLAMAV_HOST, CLAMAV_PORT). The upload service
 * opens a scan before it reads the body, writes every chunk to it as the chunk streams to storage (with
 * back-pressure: a slow scanner slows the upload, never buffers it), and asks for the verdict at the end.
 * Protocol: "zINSTREAM\0", then chunks as <4-byte big-endian length><bytes>, a zero length to finish; clamd
 * answers "stream: OK", "stream: <signature> FOUND" or "<message> ERROR" (e.g. the size limit), NUL-terminated.
 */
import net from 'node:net';

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

/** The scanner could not be reached or gave no verdict: the file is refused, nothing is kept. */
export class ScannerUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScannerUnavailableError';
  }
}

export interface ScannerOptions {
  host: string;
  port: number;
  timeoutMs: number;
}

/** clamd's default StreamMaxLength is 25 MB; chunks are sent as they come, at most this large each. */
const MAX_CHUNK = 64 * 1024;

export class InstreamScan {
  private readonly socket: net.Socket;
  private readonly reply: Promise<string>;
  private failure: Error | null = null;

  private constructor(
    socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    this.socket = socket;
    this.reply = new Promise<string>((resolve, reject) => {
      const parts: Buffer[] = [];
      socket.on('data', (d: Buffer) => parts.push(d));
      socket.on('end', () => resolve(Buffer.concat(parts).toString('utf8').replace(/\0+$/, '').trim()));
      socket.on('error', (e) => {
        this.failure = e;
        reject(new ScannerUnavailableError(`clamd: ${e.message}`, { cause: e }));
      });
      socket.on('timeout', () => {
        const e = new ScannerUnavailableError('clamd: timed out');
        this.failure = e;
        socket.destroy(e);
        reject(e);
      });
    });
    this.reply.catch(() => undefined);
  }

  /** Connects and starts an INSTREAM session; rejects with ScannerUnavailableError when clamd cannot be reached. */
  static async open(o: ScannerOptions): Promise<InstreamScan> {
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host: o.host, port: o.port });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new ScannerUnavailableError('clamd: connect timed out'));
      }, o.timeoutMs);
      s.once('connect', () => {
        clearTimeout(timer);
        resolve(s);
      });
      s.once('error', (e) => {
        clearTimeout(timer);
        reject(new ScannerUnavailableError(`clamd: ${e.message}`, { cause: e }));
      });
    });
    socket.setTimeout(o.timeoutMs);
    const scan = new InstreamScan(socket, o.timeoutMs);
    await scan.send(Buffer.from('zINSTREAM\0'));
    return scan;
  }

  private send(b: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(new ScannerUnavailableError(`clamd: ${this.failure.message}`));
    if (this.socket.writableEnded || this.socket.destroyed)
      return Promise.reject(new ScannerUnavailableError('clamd closed the stream'));
    return new Promise<void>((resolve, reject) => {
      const ok = this.socket.write(b, (e) =>
        e ? reject(new ScannerUnavailableError(`clamd: ${e.message}`, { cause: e })) : undefined,
      );
      if (ok) resolve();
      else this.socket.once('drain', resolve);
    });
  }

  /** Sends one chunk of the file (waits while clamd is behind). */
  async write(chunk: Uint8Array): Promise<void> {
    for (let i = 0; i < chunk.length; i += MAX_CHUNK) {
      const part = chunk.subarray(i, Math.min(chunk.length, i + MAX_CHUNK));
      const head = Buffer.alloc(4);
      head.writeUInt32BE(part.length);
      await this.send(Buffer.concat([head, part]));
    }
  }

  /** Ends the stream and reads the verdict. */
  async verdict(): Promise<ScanVerdict> {
    await this.send(Buffer.alloc(4));
    this.socket.end();
    const text = await this.reply;
    const found = /^stream: (.+) FOUND$/.exec(text);
    if (found?.[1]) return { clean: false, signature: found[1] };
    if (text === 'stream: OK') return { clean: true };
    throw new ScannerUnavailableError(`clamd answered: ${text.slice(0, 200) || '(nothing)'}`);
  }

  /** Gives up the session (the upload failed for another reason). */
  abort(): void {
    this.socket.destroy();
  }

  get timeout(): number {
    return this.timeoutMs;
  }
}

/** Scans a whole buffer (tests, small files). */
export async function scanBuffer(o: ScannerOptions, bytes: Uint8Array): Promise<ScanVerdict> {
  const scan = await InstreamScan.open(o);
  await scan.write(bytes);
  return scan.verdict();
}
