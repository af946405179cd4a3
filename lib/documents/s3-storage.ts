/**
 * S3 (or S3-compatible) storage, AWS SDK v3. Uploads stream as a multipart upload (@aws-sdk/lib-storage) in
 * parts of PART_SIZE, one part in flight at a time, so memory stays one part whatever the file's size; a
 * failed or cancelled upload aborts the multipart upload, so no object and no stray parts remain. Downloads
 * stream the GetObject body, pinned to the ETag that was verified (If-Match), or are handed out as a
 * presigned GET that lives at most 60 seconds.
 */
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './filename';
import { STORAGE_KEY, StorageVersionChangedError, type FileStorage, type StoredObject, type StoredVersion } from './storage-contract';

/** The smallest part S3 accepts (except the last): memory per upload is about one part. */
export const PART_SIZE = 5 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Parts uploaded at once (default 1: memory flat at one part; more trades memory for speed). */
  queueSize?: number;
}

function statusOf(e: unknown): number | undefined {
  if (e instanceof S3ServiceException) return e.$metadata.httpStatusCode;
  return undefined;
}

export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly queueSize: number;

  constructor(o: S3StorageOptions) {
    const cfg: S3ClientConfig = { region: o.region, forcePathStyle: o.forcePathStyle ?? false };
    if (o.endpoint) cfg.endpoint = o.endpoint;
    if (o.credentials) cfg.credentials = o.credentials;
    this.client = new S3Client(cfg);
    this.bucket = o.bucket;
    this.queueSize = o.queueSize ?? 1;
  }

  private key(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return key;
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string } = {}): Promise<{ size: number }> {
    let size = 0;
    // The source's own failure (the client went away, the file is too large, the scanner failed) is what the
    // caller must hear, not whatever the SDK makes of the interrupted body or of the abort that follows it.
    let sourceError: unknown = null;
    if (Buffer.isBuffer(body)) size = body.length;
    else {
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      body.on('error', (e) => {
        sourceError ??= e;
      });
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(key), Body: body, ContentType: opts.contentType ?? 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (e) {
      // lib-storage aborts its multipart upload; a single-part PutObject that failed stored nothing. A source
      // stream that failed after a small body was already sent whole could still have left an object: remove it.
      await this.remove(key).catch(() => undefined);
      throw sourceError ?? e;
    }
    return { size };
  }

  async stat(key: string): Promise<StoredVersion> {
    const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
    return { size: h.ContentLength ?? 0, version: h.ETag ?? '' };
  }

  async open(key: string, version?: string): Promise<Readable> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), IfMatch: version || undefined }));
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
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: this.key(toKey), CopySource: `${this.bucket}/${this.key(fromKey)}` }));
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
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: 1000 }));
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
}
