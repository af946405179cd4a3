/**
 * The multipart/form-data reader (RFC 7578) of the uploads, for exactly one file, on busboy: the file's bytes are
 * handed on as they arrive, with backpressure, so a 50 MB upload never sits in memory (the body it reads is the
 * door's capped stream, lib/http/core.ts). Everything that is not the file is bounded (busboy's limits: field
 * size, parts, and 16 KiB of headers per part; our total of non-file bytes); a second file, a truncated body or a
 * malformed part is a 400.
 *
 * The file stream ends only after the closing delimiter has been read, so a consumer that reached 'end'
 * knows the whole request was well-formed. Destroying the file stream (e.g. the size limit was passed)
 * stops reading and cancels the request body.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { ValidationError } from '@/lib/core/errors';

export const MULTIPART_MSG = {
  invalid: 'The request is not a valid file upload.',
  noFile: 'No file was uploaded.',
  oneFile: 'Only one file can be uploaded.',
} as const;

export class MultipartError extends ValidationError {
  constructor(message: string) {
    super({ File: [message] }, message);
    this.name = 'MultipartError';
  }
}

export interface MultipartLimits {
  /** Bytes of the other fields (names and values) and of parts that are not the file. */
  maxNonFileBytes: number;
  maxParts: number;
}

/** Also: 16 KiB of headers per part (busboy's fixed limit, Node's own for HTTP headers). */
export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = { maxNonFileBytes: 64 * 1024, maxParts: 20 };

export interface FilePart {
  fieldName: string;
  /** The name as sent (decoded, not yet cleaned: see filename.ts). */
  fileName: string;
  contentType: string;
  stream: Readable;
}

const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/;

/** The boundary of a multipart/form-data Content-Type, or null when the type is anything else. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType) return null;
  const { type, params } = parseHeaderValue(contentType);
  if (type !== 'multipart/form-data') return null;
  const b = params.get('boundary');
  return b && BOUNDARY.test(b) && !b.endsWith(' ') ? b : null;
}

/** Splits `type; a=1; b="x y"` into a lower-case type and parameters (quoted strings unescaped). */
export function parseHeaderValue(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semi = value.indexOf(';');
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  let i = semi < 0 ? value.length : semi + 1;
  while (i < value.length) {
    while (i < value.length && (value[i] === ' ' || value[i] === '\t' || value[i] === ';')) i++;
    const eq = value.indexOf('=', i);
    const nextSemi = value.indexOf(';', i);
    if (eq < 0 || (nextSemi >= 0 && nextSemi < eq)) {
      i = nextSemi < 0 ? value.length : nextSemi + 1;
      continue;
    }
    const name = value.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    let v = '';
    if (value[i] === '"') {
      i++;
      while (i < value.length && value[i] !== '"') {
        if (value[i] === '\\' && (value[i + 1] === '"' || value[i + 1] === '\\')) i++;
        v += value[i];
        i++;
      }
      i++;
    } else {
      const end = value.indexOf(';', i);
      v = value.slice(i, end < 0 ? value.length : end).trim();
      i = end < 0 ? value.length : end;
    }
    if (name && !params.has(name)) params.set(name, v);
  }
  return { type, params };
}

/** A Readable fed by the parser: `write` waits while the consumer is behind. */
class FileStream extends Readable {
  private waiting: (() => void) | null = null;

  constructor() {
    // Room for a few network chunks: fewer hand-overs, still a bounded buffer. Object mode: each chunk is
    // handed on as it came (a byte-mode Readable read as an iterator joins its buffered chunks into a new
    // Buffer at every read: a copy of the whole file, as garbage).
    super({ objectMode: true, highWaterMark: 8 });
    // The body can fail before the reader is attached (e.g. while storage opens its file). The error is
    // kept on the stream (readers and pipeline() get it); it must not become an uncaught 'error' event.
    this.on('error', () => undefined);
  }

  override _read(): void {
    this.wake();
  }

  override _destroy(err: Error | null, cb: (e?: Error | null) => void): void {
    this.wake();
    cb(err);
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  /** Pushes a chunk; resolves false once the consumer has gone away. */
  async write(chunk: Buffer): Promise<boolean> {
    if (this.destroyed) return false;
    if (!this.push(chunk)) await new Promise<void>((resolve) => (this.waiting = resolve));
    return !this.destroyed;
  }
}

/**
 * Reads a multipart/form-data body and resolves with its one file part as soon as the part's headers are
 * read. Rejects (MultipartError, 400) when there is no file or the body is malformed before the file.
 */
export function readSingleFile(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
): Promise<FilePart> {
  return new Promise<FilePart>((resolve, reject) => {
    const source = Readable.from(body, { objectMode: false });
    let file: FileStream | null = null;
    let fileDone = false;
    let formDone = false;
    let nonFile = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      // Stop reading: cancels the rest of the request body.
      source.unpipe(bb);
      source.destroy();
      bb.destroy();
      if (file) file.destroy(err);
      else reject(err);
    };
    const countNonFile = (n: number) => {
      nonFile += n;
      if (nonFile > limits.maxNonFileBytes) fail(new MultipartError(MULTIPART_MSG.invalid));
    };
    const finish = () => {
      if (failed) return;
      if (!file) {
        failed = true;
        source.destroy();
        reject(new MultipartError(MULTIPART_MSG.noFile));
      } else if (fileDone && formDone && !file.destroyed) file.push(null);
    };
    const bb = busboy({
      headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
      preservePath: true,
      defParamCharset: 'utf8',
      limits: {
        fieldSize: limits.maxNonFileBytes,
        parts: limits.maxParts,
        fields: limits.maxParts,
        files: limits.maxParts,
      },
    });
    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new MultipartError(MULTIPART_MSG.invalid));
      countNonFile(Buffer.byteLength(name) + Buffer.byteLength(value));
    });
    bb.on('file', (name, stream, info) => {
      // A failure ends busboy's file stream with an error: it is ours to report (through `fail`), not the process's.
      stream.on('error', () => undefined);
      // An empty file input is sent with filename="" and no content: it is not a file (nor is a part without a name).
      if (!info.filename) {
        stream.on('data', (c: Buffer) => countNonFile(c.length));
        return;
      }
      if (file) {
        stream.resume();
        return fail(new MultipartError(MULTIPART_MSG.oneFile));
      }
      const out = (file = new FileStream());
      // Browsers escape '"' in file names as %22 (and CR/LF as %0D/%0A, which the name cleaning drops).
      resolve({
        fieldName: name,
        fileName: info.filename.replace(/%22/gi, '"'),
        contentType: info.mimeType || 'application/octet-stream',
        stream: out,
      });
      void (async () => {
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            if (!(await out.write(chunk))) return fail(new Error('The file stream was closed.'));
          }
          fileDone = true;
          finish();
        } catch {
          fail(new MultipartError(MULTIPART_MSG.invalid));
        }
      })();
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
      bb.on(limit, () => fail(new MultipartError(MULTIPART_MSG.invalid)));
    bb.on('error', () => fail(new MultipartError(MULTIPART_MSG.invalid)));
    bb.on('close', () => {
      formDone = true;
      finish();
    });
    source.on('error', (e) => fail(e instanceof Error ? e : new MultipartError(MULTIPART_MSG.invalid)));
    source.pipe(bb);
  });
}
