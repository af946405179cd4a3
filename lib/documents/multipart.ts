/**
 * A streaming multipart/form-data reader (RFC 7578) for exactly one file: the file's bytes are handed on as
 * they arrive, with backpressure, so a 50 MB upload never sits in memory. Everything that is not the file
 * (preamble, other fields, epilogue) is bounded; a second file, a truncated body or a malformed part is a 400.
 *
 * The file stream ends only after the closing delimiter has been read, so a consumer that reached 'end'
 * knows the whole request was well-formed. Destroying the file stream (e.g. the size limit was passed)
 * stops reading and cancels the request body.
 */
import { Readable } from 'node:stream';
import { ValidationError } from '@/lib/http/errors';

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
  /** Bytes of one part's header block. */
  maxHeaderBytes: number;
  /** Bytes outside the file's content: preamble, other fields, delimiters, headers, epilogue. */
  maxNonFileBytes: number;
  maxParts: number;
}

export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = { maxHeaderBytes: 16 * 1024, maxNonFileBytes: 64 * 1024, maxParts: 20 };

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

/** RFC 5987 ext-value: charset'lang'percent-encoded. */
function decodeExtValue(v: string): string | null {
  const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(v);
  if (!m || !m[1] || m[2] === undefined) return null;
  const charset = m[1].toLowerCase();
  try {
    if (charset === 'utf-8') return decodeURIComponent(m[2]);
    if (charset === 'iso-8859-1') return m[2].replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  } catch {
    return null;
  }
  return null;
}

interface PartHeaders {
  fieldName: string;
  fileName: string | null;
  contentType: string;
}

function parsePartHeaders(block: string): PartHeaders {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError(MULTIPART_MSG.invalid);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const cd = headers.get('content-disposition');
  if (!cd) throw new MultipartError(MULTIPART_MSG.invalid);
  const { type, params } = parseHeaderValue(cd);
  if (type !== 'form-data') throw new MultipartError(MULTIPART_MSG.invalid);
  const star = params.get('filename*');
  const plain = params.get('filename');
  // Browsers escape '"' in file names as %22 (and CR/LF as %0D/%0A, which the name cleaning drops).
  const fileName = (star !== undefined ? decodeExtValue(star) : null) ?? (plain !== undefined ? plain.replace(/%22/gi, '"') : null);
  const ct = headers.get('content-type');
  return { fieldName: params.get('name') ?? '', fileName, contentType: ct ? parseHeaderValue(ct).type || 'application/octet-stream' : 'application/octet-stream' };
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
export function readSingleFile(body: AsyncIterable<Uint8Array>, boundary: string, limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS): Promise<FilePart> {
  return new Promise<FilePart>((resolve, reject) => {
    let file: FileStream | null = null;
    const fail = (e: unknown) => {
      const err = e instanceof Error ? e : new MultipartError(MULTIPART_MSG.invalid);
      if (file) file.destroy(err);
      else reject(err);
    };
    parse(body, boundary, limits, (part) => {
      file = new FileStream();
      resolve({ fieldName: part.fieldName, fileName: part.fileName ?? '', contentType: part.contentType, stream: file });
      return file;
    }).then(() => {
      if (file) {
        if (!file.destroyed) file.push(null);
      } else reject(new MultipartError(MULTIPART_MSG.noFile));
    }, fail);
  });
}

async function parse(body: AsyncIterable<Uint8Array>, boundary: string, limits: MultipartLimits, onFile: (p: PartHeaders) => FileStream): Promise<void> {
  const it = body[Symbol.asyncIterator]();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = delimiter.length - 1;
  // The body may start with the delimiter itself: pretend a CRLF came before it.
  let buf: Buffer = Buffer.from('\r\n');
  let ended = false;
  let nonFile = 0;
  let parts = 0;
  let file: FileStream | null = null;

  /** The next chunk of the body (a view, not a copy), or null at its end. */
  const pull = async (): Promise<Buffer | null> => {
    if (ended) return null;
    const r = await it.next();
    if (r.done) {
      ended = true;
      return null;
    }
    return Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
  };
  const more = async (): Promise<boolean> => {
    const next = await pull();
    if (!next) return false;
    buf = buf.length ? Buffer.concat([buf, next]) : next;
    return true;
  };
  const countNonFile = (n: number) => {
    nonFile += n;
    if (nonFile > limits.maxNonFileBytes) throw new MultipartError(MULTIPART_MSG.invalid);
  };
  const emit = async (sink: FileStream | null, bytes: Buffer): Promise<boolean> => {
    if (bytes.length === 0) return true;
    if (sink) return sink.write(bytes);
    countNonFile(bytes.length);
    return true;
  };
  /**
   * Hands on (or skips) a part's content up to the next delimiter; false if the consumer left. Chunks are
   * handed on whole when no delimiter can straddle them and the next one, so the bytes are not copied;
   * otherwise only the last few bytes are kept and joined to what follows.
   */
  const content = async (sink: FileStream | null): Promise<boolean> => {
    for (;;) {
      const at = buf.indexOf(delimiter);
      if (at >= 0) {
        if (!(await emit(sink, buf.subarray(0, at)))) return false;
        buf = buf.subarray(at + delimiter.length);
        return true;
      }
      const next = await pull();
      if (!next) throw new MultipartError(file ? MULTIPART_MSG.invalid : MULTIPART_MSG.noFile);
      const tailStart = Math.max(0, buf.length - keep);
      if (next.length >= keep && Buffer.concat([buf.subarray(tailStart), next.subarray(0, keep)]).indexOf(delimiter) < 0) {
        if (!(await emit(sink, buf))) return false;
        buf = next;
      } else {
        if (!(await emit(sink, buf.subarray(0, tailStart)))) return false;
        buf = Buffer.concat([buf.subarray(tailStart), next]);
      }
    }
  };

  try {
    // Preamble, then each part: after a delimiter comes '--' (the end) or padding and CRLF, headers, content.
    if (!(await content(null))) return;
    for (;;) {
      while (buf.length < 2 && (await more()));
      if (buf.length < 2) throw new MultipartError(MULTIPART_MSG.invalid);
      if (buf[0] === 0x2d && buf[1] === 0x2d) return; // closing delimiter; the epilogue is ignored
      let headerEnd: number;
      while ((headerEnd = buf.indexOf('\r\n\r\n')) < 0) {
        if (buf.length > limits.maxHeaderBytes) throw new MultipartError(MULTIPART_MSG.invalid);
        if (!(await more())) throw new MultipartError(MULTIPART_MSG.invalid);
      }
      const lineEnd = buf.indexOf('\r\n');
      if (headerEnd > limits.maxHeaderBytes || !/^[ \t]*$/.test(buf.subarray(0, lineEnd).toString('latin1'))) {
        throw new MultipartError(MULTIPART_MSG.invalid);
      }
      const headers = parsePartHeaders(buf.subarray(lineEnd + 2, headerEnd + 2).toString('utf8'));
      countNonFile(headerEnd + 4);
      buf = buf.subarray(headerEnd + 4);
      if (++parts > limits.maxParts) throw new MultipartError(MULTIPART_MSG.invalid);
      // An empty file input is sent with filename="" and no content: it is not a file.
      if (headers.fileName !== null && headers.fileName !== '') {
        if (file) throw new MultipartError(MULTIPART_MSG.oneFile);
        file = onFile(headers);
        if (!(await content(file))) return;
      } else if (!(await content(null))) return;
    }
  } finally {
    // Stop reading: cancels the rest of the request body (the epilogue, or everything after an error).
    await it.return?.();
  }
}
