/** The storage contract both implementations keep (local directory, S3); see storage.contract.test.ts. */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What identifies one stored version of a key (an ETag on S3; modification time and size on disk). */
export interface StoredVersion {
  size: number;
  version: string;
}

export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface PutOptions {
  contentType?: string;
  /**
   * The body's exact length, when the caller knows it before the bytes (the browser declares its file's
   * size). S3 then streams the body as one PutObject instead of a multipart upload. A body of any other
   * length is refused (StorageSizeMismatchError) and nothing is stored.
   */
  size?: number;
}

export interface FileStorage {
  /**
   * Writes a stream under a key; rejects (and leaves nothing behind) when the stream errors. The body is read
   * chunk by chunk as it comes (a Readable, an async generator): a failed put ends it (its iterator's return).
   */
  put(key: string, body: AsyncIterable<Uint8Array> | Buffer, opts?: PutOptions): Promise<{ size: number }>;
  /** The stored version of a key; rejects when there is none. */
  stat(key: string): Promise<StoredVersion>;
  /** Streams a key; with `version`, only that version (rejects when the stored bytes changed since). */
  open(key: string, version?: string): Promise<Readable>;
  copy(fromKey: string, toKey: string): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key (for the orphan sweep), in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /**
   * A URL that serves exactly this version as an attachment named `fileName` for `seconds`, or null when the
   * storage cannot hand out URLs (the local directory): then the portal streams the bytes itself.
   */
  presign(key: string, version: string, fileName: string, seconds: number): Promise<string | null>;
  /**
   * A URL a browser may PUT exactly one file to, under `key`, for `seconds`: the store refuses a body of any other
   * length or whose SHA-256 is not `sha256` (x-amz-checksum-sha256). Null when the storage cannot (the local
   * directory): then the bytes stream through the portal.
   */
  presignPut(key: string, o: PresignPutOptions): Promise<PresignedPut | null>;
}

export interface PresignPutOptions {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  contentType: string;
  seconds: number;
}

/** A presigned PUT: the URL and the headers the browser must send with it (signed, so they cannot change). */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** The body was longer or shorter than the size declared for it: nothing was stored. */
export class StorageSizeMismatchError extends Error {
  constructor(
    public readonly declared: number,
    public readonly received: number,
  ) {
    super(`the body was ${received > declared ? 'longer' : 'shorter'} than its declared ${declared} bytes`);
    this.name = 'StorageSizeMismatchError';
  }
}

/**
 * The body's chunks, refused unless they add up to exactly `size` bytes. The chunk that completes the size is
 * held back until the source has ended, so a store that commits on its last byte (a PutObject with that
 * Content-Length) never receives all of them when more follow, nor when the source fails at its very end.
 */
export async function* exactLength(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  let received = 0;
  try {
    for (;;) {
      const r = await it.next();
      if (r.done) break;
      received += r.value.length;
      if (received > size) throw new StorageSizeMismatchError(size, received);
      if (received === size) {
        const end = await it.next();
        if (!end.done) throw new StorageSizeMismatchError(size, received + end.value.length);
        yield r.value;
        return;
      }
      yield r.value;
    }
  } finally {
    await it.return?.();
  }
  if (received !== size) throw new StorageSizeMismatchError(size, received);
}

export class StorageVersionChangedError extends Error {
  constructor(key: string) {
    super(`stored object ${key} changed`);
    this.name = 'StorageVersionChangedError';
  }
}
