/**
 * Taking in a file's bytes, once: one pass over the stream that counts it against the size limit, computes
 * its SHA-256, feeds clamd (when CLAMAV_HOST is set) and writes it to storage, all with back-pressure, so a
 * file is never held in memory nor read twice. Used by the upload store (store.ts) for source files and
 * deliverables. On any failure nothing is left in storage: a half-written object is aborted or removed,
 * an infected or unchecked one is removed before the caller hears of it.
 */
import { createHash } from 'node:crypto';
import { getDb } from '@/db/client';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { recordAudit } from '@/lib/core/audit';
import { actorOf, principalName, type Principal } from '@/lib/core/principal';
import { AppError, ValidationError } from '@/lib/core/errors';
import { log } from '@/lib/log';
import { enqueueMail } from '@/lib/mail/outbox';
import { MSG } from '@/lib/messages';
import { InstreamScan, ScannerUnavailableError } from './clamav';
import { fileStorage, newStorageKey } from './storage';

export class FileTooLargeError extends ValidationError {
  constructor() {
    super({ File: [MSG.fileTooLarge] }, MSG.fileTooLarge);
    this.name = 'FileTooLargeError';
  }
}

/** clamd found a signature: the file is refused (400 on File). */
export class MalwareFoundError extends ValidationError {
  constructor(public readonly signature: string) {
    super({ File: [MSG.fileMalware] }, MSG.fileMalware);
    this.name = 'MalwareFoundError';
  }
}

/** clamd could not be reached or gave no verdict: nothing is stored; the caller may try again later (503). */
export class ScanUnavailableError extends AppError {
  constructor() {
    super(503, MSG.fileNotChecked, { File: [MSG.fileNotChecked] });
    this.name = 'ScanUnavailableError';
  }
}

/** The file was not the size its upload declared (X-File-Size): refused, nothing stored (400 on File). */
export class FileSizeMismatchError extends ValidationError {
  constructor() {
    super({ File: [MSG.fileSizeMismatch] }, MSG.fileSizeMismatch);
    this.name = 'FileSizeMismatchError';
  }
}

export interface IntakeInput {
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  contentType: string;
  maxBytes: number;
  /**
   * The file's size as declared before its bytes (the browser knows it), if it was: storage can then write
   * it in one request (a single PutObject on S3). A file of any other size is refused.
   */
  declaredSize?: number;
}

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

function scannerOptions() {
  const c = config();
  return c.CLAMAV_HOST ? { host: c.CLAMAV_HOST, port: c.CLAMAV_PORT, timeoutMs: c.CLAMAV_TIMEOUT_MS } : null;
}

/** The infected upload: logged, audited and mailed to support (best effort: the refusal stands regardless). */
async function reportMalware(
  by: Principal,
  clientId: number,
  fileName: string,
  size: number,
  sha256: string,
  signature: string,
  kind: string,
): Promise<void> {
  const userId = actorOf(by)?.userId ?? null;
  log().warn({ userId, clientId, fileName, size, sha256, signature, kind }, 'upload refused: malware found');
  try {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await recordAudit(tx, by, {
        action: 'document.malware',
        clientId,
        targetType: 'upload',
        targetId: sha256,
        details: { fileName, size, sha256, signature, kind },
      });
      await enqueueMail(tx, {
        to: config().SUPPORT_EMAIL,
        kind: 'malware',
        props: {
          user: `${principalName(by)} (id ${userId ?? '-'})`,
          clientId,
          fileName,
          fileKind: kind,
          size,
          sha256,
          signature,
          at: now(),
        },
      });
    });
  } catch (err) {
    log().error({ err }, 'malware report could not be written');
  }
}

/**
 * Streams the body to storage under a new key, hashing (and scanning) on the way. Rejects with
 * FileTooLargeError, MalwareFoundError, ScanUnavailableError, or the storage/body error; in every case the
 * key is gone from storage.
 */
export async function intakeFile(
  input: IntakeInput,
  by: Principal,
  clientId: number,
  meta: { fileName: string; kind: string },
): Promise<StoredFile> {
  const declared = input.declaredSize;
  if (declared !== undefined && declared > input.maxBytes) throw new FileTooLargeError();
  const opts = scannerOptions();
  let scan: InstreamScan | null = null;
  if (opts) {
    try {
      scan = await InstreamScan.open(opts);
    } catch (err) {
      log().error({ err }, 'clamd unreachable: upload refused');
      throw new ScanUnavailableError();
    }
  }
  const hash = createHash('sha256');
  let size = 0;
  const max = input.maxBytes;
  async function* tap(): AsyncGenerator<Uint8Array> {
    for await (const chunk of input.body) {
      size += chunk.length;
      if (size > max) throw new FileTooLargeError();
      if (declared !== undefined && size > declared) throw new FileSizeMismatchError();
      hash.update(chunk);
      if (scan) await scan.write(chunk);
      yield chunk;
    }
    if (declared !== undefined && size !== declared) throw new FileSizeMismatchError();
  }
  const key = newStorageKey();
  const storage = fileStorage();
  try {
    // The generator itself, not a Readable over it: a byte-mode Readable read as an iterator joins whatever it
    // buffered into a fresh Buffer at every read, a copy of the whole file in garbage.
    await storage.put(key, tap(), { contentType: input.contentType, size: declared });
  } catch (e) {
    scan?.abort();
    if (e instanceof ScannerUnavailableError) {
      log().error({ err: e }, 'clamd failed during the upload: refused');
      throw new ScanUnavailableError();
    }
    throw e;
  }
  const sha256 = hash.digest('hex');
  if (scan) {
    let verdict;
    try {
      verdict = await scan.verdict();
    } catch (err) {
      await storage
        .remove(key)
        .catch((e: unknown) => log().error({ err: e, key }, 'unchecked upload could not be removed'));
      log().error({ err }, 'clamd gave no verdict: upload refused');
      throw new ScanUnavailableError();
    }
    if (!verdict.clean) {
      await storage
        .remove(key)
        .catch((e: unknown) => log().error({ err: e, key }, 'infected upload could not be removed'));
      await reportMalware(by, clientId, meta.fileName, size, sha256, verdict.signature, meta.kind);
      throw new MalwareFoundError(verdict.signature);
    }
  }
  return { key, size, sha256 };
}

/** A direct-to-bucket upload whose stored bytes are not the file announced (size or SHA-256): refused, removed. */
export class StoredFileMismatchError extends ValidationError {
  constructor() {
    super({ File: [MSG.fileSizeMismatch] }, MSG.fileSizeMismatch);
    this.name = 'StoredFileMismatchError';
  }
}

/**
 * The check of a file that reached storage without passing through the portal (a presigned PUT): its
 * stored size and SHA-256 must be the ones announced, and clamd (when configured) must find it clean, in one pass
 * over the stored bytes. On any refusal the object is removed before the caller hears of it.
 */
export async function verifyStoredFile(
  key: string,
  expected: { size: number; sha256: string },
  by: Principal,
  clientId: number,
  meta: { fileName: string; kind: string },
): Promise<StoredFile> {
  const storage = fileStorage();
  const drop = () =>
    storage
      .remove(key)
      .catch((e: unknown) => log().error({ err: e, key }, 'refused direct upload could not be removed'));
  let version;
  try {
    version = await storage.stat(key);
  } catch {
    throw new StoredFileMismatchError();
  }
  if (version.size !== expected.size || version.size > config().MAX_UPLOAD_BYTES) {
    await drop();
    throw version.size > config().MAX_UPLOAD_BYTES ? new FileTooLargeError() : new StoredFileMismatchError();
  }
  const opts = scannerOptions();
  let scan: InstreamScan | null = null;
  if (opts) {
    try {
      scan = await InstreamScan.open(opts);
    } catch (err) {
      log().error({ err }, 'clamd unreachable: direct upload refused');
      await drop();
      throw new ScanUnavailableError();
    }
  }
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of await storage.open(key, version.version)) {
      const c = chunk as Buffer;
      size += c.length;
      hash.update(c);
      if (scan) await scan.write(c);
    }
  } catch (e) {
    scan?.abort();
    await drop();
    if (e instanceof ScannerUnavailableError) throw new ScanUnavailableError();
    throw e;
  }
  const sha256 = hash.digest('hex');
  if (size !== expected.size || sha256 !== expected.sha256) {
    scan?.abort();
    await drop();
    throw new StoredFileMismatchError();
  }
  if (scan) {
    let verdict;
    try {
      verdict = await scan.verdict();
    } catch (err) {
      await drop();
      log().error({ err }, 'clamd gave no verdict: direct upload refused');
      throw new ScanUnavailableError();
    }
    if (!verdict.clean) {
      await drop();
      await reportMalware(by, clientId, meta.fileName, size, sha256, verdict.signature, meta.kind);
      throw new MalwareFoundError(verdict.signature);
    }
  }
  return { key, size, sha256 };
}
