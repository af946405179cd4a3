/**
 * S3 (or S3-compatible) storage, AWS SDK v3. An upload whose length is declared before its bytes (the
 * browser sends its file's size) streams as one PutObject with that Content-Length, the bytes going straight
 * from the request to the socket: nothing is gathered, and S3 stores nothing unless the whole body arrived.
 * An upload of unknown length streams as a multipart upload whose parts are spooled through two small
 * temporary files instead of memory: part n+1 is written to one file while part n is sent from the other
 * (UploadPart needs each part's length before it starts); a file that fits in one part is one PutObject.
 * A failed or cancelled upload aborts the request or the multipart upload (and removes the key), so no
 * object and no stray parts remain. Downloads stream the GetObject body, pinned to the ETag that was
 * verified (If-Match, and the answer's ETag checked), or are handed out as a presigned GET that lives at
 * most 60 s.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, open as openFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { log } from '@/lib/log';
import { attachmentDisposition } from './filename';
import {
  exactLength,
  STORAGE_KEY,
  StorageSizeMismatchError,
  StorageVersionChangedError,
  type FileStorage,
  type PresignedPut,
  type PresignPutOptions,
  type PutOptions,
  type StoredObject,
  type StoredVersion,
} from './storage-contract';

/** S3's largest single PutObject; a longer body of known length is sent as a multipart upload. */
export const MAX_SINGLE_PUT = 5 * 1024 * 1024 * 1024;

/** After an aborted PutObject, the key is deleted at once and again after this long (see putKnownLength). */
export const ABORTED_PUT_GRACE_MS = 1000;

/** The smallest part S3 accepts (except the last). Parts are spooled on disk, never held in memory. */
export const PART_SIZE = 5 * 1024 * 1024;

/** Writes the next PART_SIZE bytes of the source into `file` (truncating it); `carry` holds what overflowed. */
async function spoolPart(
  source: AsyncIterator<Uint8Array>,
  file: string,
  carry: { rest: Uint8Array | null; done: boolean },
): Promise<number> {
  const fh = await openFile(file, 'w');
  let size = 0;
  try {
    while (size < PART_SIZE) {
      let chunk: Uint8Array;
      if (carry.rest) {
        chunk = carry.rest;
        carry.rest = null;
      } else {
        if (carry.done) break;
        const r = await source.next();
        if (r.done) {
          carry.done = true;
          break;
        }
        chunk = r.value;
      }
      const room = PART_SIZE - size;
      if (chunk.length > room) {
        carry.rest = chunk.subarray(room);
        chunk = chunk.subarray(0, room);
      }
      await fh.write(chunk);
      size += chunk.length;
    }
  } finally {
    await fh.close();
  }
  return size;
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

function statusOf(e: unknown): number | undefined {
  if (e instanceof S3ServiceException) return e.$metadata.httpStatusCode;
  return undefined;
}

export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(o: S3StorageOptions) {
    const cfg: S3ClientConfig = {
      region: o.region,
      forcePathStyle: o.forcePathStyle ?? false,
      // No SDK checksum trailers (aws-chunked bodies), which S3-compatible servers often store verbatim: the
      // portal verifies every file against its own SHA-256 receipt instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK's own notes (e.g. that an aborted streamed PutObject is not retried) go to the portal's log,
      // not the console; the portal logs the failure that caused them itself.
      logger: {
        trace: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: (...m: unknown[]) => log().debug({ s3: m }, 'S3 client note'),
        error: (...m: unknown[]) => log().debug({ s3: m }, 'S3 client note'),
      },
    };
    if (o.endpoint) cfg.endpoint = o.endpoint;
    if (o.credentials) cfg.credentials = o.credentials;
    this.client = new S3Client(cfg);
    this.bucket = o.bucket;
  }

  private key(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return key;
  }

  async put(key: string, body: AsyncIterable<Uint8Array> | Buffer, opts: PutOptions = {}): Promise<{ size: number }> {
    const Key = this.key(key);
    const ContentType = opts.contentType ?? 'application/octet-stream';
    if (Buffer.isBuffer(body)) {
      if (opts.size !== undefined && opts.size !== body.length)
        throw new StorageSizeMismatchError(opts.size, body.length);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType }));
      return { size: body.length };
    }
    if (opts.size !== undefined && opts.size <= MAX_SINGLE_PUT)
      return this.putKnownLength(Key, body, opts.size, ContentType);
    return this.putMultipart(Key, body, ContentType);
  }

  /**
   * A body whose length is known: one streamed PutObject with that Content-Length, the bytes passing straight
   * from the source to the socket. The body is checked to be exactly that long (exactLength holds its last
   * chunk back until the source has ended), and a body that fails, or turns out longer or shorter, aborts the
   * request before its last byte: S3 stores nothing from a PutObject whose body did not arrive whole.
   */
  private async putKnownLength(
    Key: string,
    body: AsyncIterable<Uint8Array>,
    size: number,
    ContentType: string,
  ): Promise<{ size: number }> {
    const abort = new AbortController();
    let failure: unknown = null;
    const stream = Readable.from(exactLength(body, size), { objectMode: false });
    stream.once('error', (e) => {
      failure = e;
      abort.abort();
    });
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: stream, ContentLength: size, ContentType }),
        { abortSignal: abort.signal },
      );
      return { size };
    } catch (e) {
      // Ends exactLength, which ends the body (its iterator's return).
      stream.destroy();
      await this.remove(Key).catch(() => undefined);
      // S3 never stores a PutObject whose body did not arrive whole. A server that writes bodies as they come
      // (s3rver) may still create the key from the aborted request after that delete: delete it once more
      // when the aborted request has surely been handled (the key is new and no row names it).
      setTimeout(() => void this.remove(Key).catch(() => undefined), ABORTED_PUT_GRACE_MS).unref();
      throw failure ?? e;
    }
  }

  /** A body of unknown length: a multipart upload, parts spooled through two temporary files (see above). */
  private async putMultipart(
    Key: string,
    body: AsyncIterable<Uint8Array>,
    ContentType: string,
  ): Promise<{ size: number }> {
    const dir = await mkdtemp(path.join(tmpdir(), 'jms-s3-parts-'));
    const fileOf = (i: number) => path.join(dir, i === 0 ? 'a' : 'b');
    const source = body[Symbol.asyncIterator]();
    const carry = { rest: null as Uint8Array | null, done: false };
    let uploadId: string | undefined;
    let total = 0;
    try {
      let current = 0;
      let size = await spoolPart(source, fileOf(current), carry);
      total += size;
      if (!carry.done && !carry.rest) {
        // Exactly one part so far: look one chunk ahead, so a file of exactly PART_SIZE is one PutObject.
        const r = await source.next();
        if (r.done) carry.done = true;
        else carry.rest = r.value;
      }
      if (carry.done && !carry.rest) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key,
            Body: createReadStream(fileOf(current)),
            ContentLength: size,
            ContentType,
          }),
        );
        return { size: total };
      }
      const created = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }),
      );
      uploadId = created.UploadId;
      if (!uploadId) throw new Error('no multipart upload id');
      const parts: CompletedPart[] = [];
      for (let PartNumber = 1; ; PartNumber++) {
        const sending = this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key,
            UploadId: uploadId,
            PartNumber,
            Body: createReadStream(fileOf(current)),
            ContentLength: size,
          }),
        );
        // While part n is sent from one file, part n + 1 is read into the other.
        const next = 1 - current;
        const [sent, nextSize] = await Promise.all([
          sending,
          carry.done && !carry.rest ? Promise.resolve(0) : spoolPart(source, fileOf(next), carry),
        ]);
        parts.push({ ETag: sent.ETag, PartNumber });
        if (nextSize === 0) break;
        total += nextSize;
        current = next;
        size = nextSize;
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { size: total };
    } catch (e) {
      // Ends the body; not awaited: a source waiting for bytes that never come must not hold up the clean-up.
      void Promise.resolve(source.return?.()).catch(() => undefined);
      if (uploadId)
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      await this.remove(Key).catch(() => undefined);
      throw e;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async stat(key: string): Promise<StoredVersion> {
    const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
    return { size: h.ContentLength ?? 0, version: h.ETag ?? '' };
  }

  async open(key: string, version?: string): Promise<Readable> {
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), IfMatch: version || undefined }),
      );
      if (!r.Body) throw new Error('no body');
      const body = r.Body as Readable;
      // Some S3-compatible servers ignore If-Match on GET: the ETag of what came back decides too.
      if (version && r.ETag !== version) {
        body.destroy();
        throw new StorageVersionChangedError(key);
      }
      return body;
    } catch (e) {
      if (statusOf(e) === 412) throw new StorageVersionChangedError(key);
      throw e;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.key(toKey),
        CopySource: `${this.bucket}/${this.key(fromKey)}`,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (e) {
      if (statusOf(e) === 404 || (e instanceof Error && e.name === 'NotFound')) return false;
      throw e;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: 1000 }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && STORAGE_KEY.test(o.Key)) yield { key: o.Key, lastModified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presign(key: string, _version: string, fileName: string, seconds: number): Promise<string | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(key),
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: 'application/octet-stream',
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: Math.min(60, Math.max(1, seconds)) });
  }

  /**
   * A presigned PutObject for one browser upload: Content-Length, Content-Type and x-amz-checksum-sha256
   * are signed headers, so S3 refuses a body of another size or whose SHA-256 differs. The portal checks the object
   * again before it is attached (lib/documents/direct.ts): an S3-compatible server may not enforce the checksum.
   */
  async presignPut(key: string, o: PresignPutOptions): Promise<PresignedPut | null> {
    const checksum = Buffer.from(o.sha256, 'hex').toString('base64');
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.key(key),
      ContentLength: o.size,
      ContentType: o.contentType,
      ChecksumSHA256: checksum,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: Math.max(1, o.seconds),
      signableHeaders: new Set(['content-length', 'content-type', 'x-amz-checksum-sha256']),
      unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
    });
    return { url, headers: { 'Content-Type': o.contentType, 'x-amz-checksum-sha256': checksum } };
  }
}
