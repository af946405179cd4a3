/**
 * File storage behind an interface: a local directory by default (UPLOAD_DIR), so an object
 * store can be added without touching the rules. Keys are generated (never the uploaded name).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '@/lib/config';

export interface FileStorage {
  /** Writes a stream under a key; rejects (and leaves nothing behind) when the stream errors. */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  open(key: string): Promise<Readable>;
  copy(fromKey: string, toKey: string): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export class LocalDirectoryStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(file, { flags: 'wx' }));
    } catch (e) {
      await rm(file, { force: true });
      throw e;
    }
    return { size };
  }

  async open(key: string): Promise<Readable> {
    const file = this.file(key);
    await stat(file);
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
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= new LocalDirectoryStorage(config().uploadDir);
  return storage;
}

/** Tests: use another storage (e.g. a temporary directory). */
export function setFileStorage(s: FileStorage | undefined): void {
  storage = s;
}
