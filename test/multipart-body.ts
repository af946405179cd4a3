/**
 * Builds multipart/form-data bodies as streams (tests, the upload benchmark, scripted clients): the file's
 * bytes are generated chunk by chunk, so a 50 MB body never exists in memory at once.
 */
import { randomBytes } from 'node:crypto';

export type Bytes = AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Uint8Array | string;

export interface MultipartFile {
  fieldName?: string;
  fileName: string;
  contentType?: string;
  content: Bytes;
}

export interface MultipartSpec {
  boundary?: string;
  fields?: Record<string, string>;
  files?: MultipartFile[];
}

/** `total` bytes in chunks of `chunkSize` (one reused buffer of a repeating pattern). */
export function* repeatedBytes(total: number, chunkSize = 64 * 1024): Generator<Uint8Array> {
  const chunk = Buffer.alloc(Math.min(chunkSize, Math.max(total, 1)), 'abcdefghijklmnopqrstuvwxyz0123456789\n');
  let left = total;
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    yield n === chunk.length ? chunk : chunk.subarray(0, n);
    left -= n;
  }
}

async function* bytesOf(b: Bytes): AsyncGenerator<Uint8Array> {
  if (typeof b === 'string') yield Buffer.from(b, 'utf8');
  else if (b instanceof Uint8Array) yield b;
  else yield* b;
}

const quote = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** The body and its Content-Type header. */
export function multipartBody(spec: MultipartSpec): {
  contentType: string;
  boundary: string;
  body: AsyncGenerator<Uint8Array>;
} {
  const boundary = spec.boundary ?? `----JmsFormBoundary${randomBytes(8).toString('hex')}`;
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of Object.entries(spec.fields ?? {})) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`);
    }
    for (const f of spec.files ?? []) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(f.fieldName ?? 'file')}"; filename="${quote(f.fileName)}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      yield* bytesOf(f.content);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, boundary, body: body() };
}

/** A web ReadableStream over an async iterable (for `new Request(url, { body, duplex: 'half' })`). */
export function webStreamOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const r = await it.next();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}
