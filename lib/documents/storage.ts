/**
 * File storage behind an interface: a local directory by default (UPLOAD_DIR), or an S3 bucket (S3_BUCKET,
 * lib/documents/s3-storage.ts) chosen by configuration. Keys are generated (never the uploaded name).
 * Both implementations pass the same contract suite (storage.contract.test.ts).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '@/lib/config';
import { S3Storage } from './s3-storage';
import {
  exactLength,
  STORAGE_KEY,
  StorageSizeMismatchError,
  StorageVersionChangedError,
  type FileStorage,
  type PresignedPut,
  type PutOptions,
  type StoredObject,
  type StoredVersion,
} from './storage-contract';

export { newStorageKey, STORAGE_KEY, StorageSizeMismatchError, StorageVersionChangedError } from './storage-contract';
export type {
  FileStorage,
  PresignedPut,
  PresignPutOptions,
  PutOptions,
  StoredObject,
  StoredVersion,
} from './storage-contract';

export class LocalDirectoryStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  async put(key: string, body: AsyncIterable<Uint8Array> | Buffer, opts: PutOptions = {}): Promise<{ size: number }> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(body) && opts.size !== undefined && opts.size !== body.length)
      throw new StorageSizeMismatchError(opts.size, body.length);
    const bytes = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const checked = opts.size === undefined ? bytes : exactLength(bytes, opts.size);
    const source = checked instanceof Readable ? checked : Readable.from(checked, { objectMode: false });
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    const out = createWriteStream(file, { flags: 'wx' });
    try {
      await pipeline(source, out);
    } catch (e) {
      // The file is removed once its stream has closed: a source that fails while the file is still being opened
      // rejects at once, and an open that completed after the removal would leave the refused file behind.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(file, { force: true });
      throw e;
    }
    return { size };
  }

  async stat(key: string): Promise<StoredVersion> {
    const s = await stat(this.file(key));
    return { size: s.size, version: `${s.mtimeMs}-${s.size}` };
  }

  async open(key: string, version?: string): Promise<Readable> {
    const file = this.file(key);
    const now = await this.stat(key);
    if (version !== undefined && now.version !== version) throw new StorageVersionChangedError(key);
    return createReadStream(file);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.put(toKey, await this.open(fromKey));
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let dirs: string[];
    try {
      dirs = await readdir(this.root);
    } catch {
      return;
    }
    for (const dir of dirs) {
      if (!/^[0-9a-f]{2}$/.test(dir)) continue;
      for (const name of await readdir(path.join(this.root, dir)).catch(() => [] as string[])) {
        const key = `${dir}/${name}`;
        if (!STORAGE_KEY.test(key)) continue;
        const s = await stat(path.join(this.root, key)).catch(() => null);
        if (s?.isFile()) yield { key, lastModified: s.mtime };
      }
    }
  }

  async presign(): Promise<string | null> {
    return null;
  }

  async presignPut(): Promise<PresignedPut | null> {
    return null;
  }
}

let storage: FileStorage | undefined;

/** The configured storage: the S3 bucket when S3_BUCKET is set, else the local directory. */
export function fileStorage(): FileStorage {
  if (!storage) {
    const c = config();
    storage = c.S3_BUCKET
      ? new S3Storage({
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: c.S3_ENDPOINT,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
        })
      : new LocalDirectoryStorage(c.uploadDir);
  }
  return storage;
}

/** Tests: use another storage (e.g. a temporary directory). */
export function setFileStorage(s: FileStorage | undefined): void {
  storage = s;
}
