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

export interface FileStorage {
  /** Writes a stream under a key; rejects (and leaves nothing behind) when the stream errors. */
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string }): Promise<{ size: number }>;
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
}

export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export class StorageVersionChangedError extends Error {
  constructor(key: string) {
    super(`stored object ${key} changed`);
    this.name = 'StorageVersionChangedError';
  }
}
