/**
 * One S3 upload case of the upload benchmark, in a process of its own, so that its peak memory (the process's
 * maximum RSS) belongs to this case alone: `node --import tsx bench/upload-s3-case.ts CASE BYTES ENDPOINT BUCKET`
 * prints one JSON line { ms, rss, mem, live, maxRss }. Every case loads the same modules and opens the same
 * embedded database, and warms up the same way (a 1-byte PutObject and two 64 KB uploads through the service, with and without a
 * declared size).
 * CASE:
 *  - 'raw': PutObject of a stream with its length, the floor;
 *  - 'service': uploadDocument with the size declared (as the portal's pages declare it, X-File-Size): one
 *    streamed PutObject, SHA-256, database row and log entry;
 *  - 'service-unsized': uploadDocument without a declared size (a scripted client that sends none): a
 *    multipart upload, parts spooled through temporary files;
 *  - 'http': the whole upload request as a browser sends it (multipart/form-data body with X-File-Size)
 *    through the route handler: parser, limit, SHA-256, storage, row, log entry.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'jms-bench-s3-'));
process.env.MAIL_WORKER_ENABLED = 'false';
process.env.LOG_LEVEL = 'silent';
delete process.env.DATABASE_URL;

const [kind, bytesArg, endpoint, bucket] = process.argv.slice(2);
if (!kind || !bytesArg || !endpoint || !bucket)
  throw new Error('usage: upload-s3-case.ts raw|service|service-unsized|http BYTES ENDPOINT BUCKET');
const bytes = Number(bytesArg);

const { PutObjectCommand } = await import('@aws-sdk/client-s3');
const { bindDatabase, openDatabase } = await import('@/db/client');
const { handleUploadRequest } = await import('@/lib/http/upload');
const { multipartBody, repeatedBytes, webStreamOf } = await import('@/test/multipart-body');
const { S3Storage } = await import('@/lib/documents/s3-storage');
const { uploadDocument } = await import('@/lib/documents/service');
const { newStorageKey, setFileStorage } = await import('@/lib/documents/storage');
const { signedIn } = await import('@/test/factories');
const { collector, measure, measureLive } = await import('./measure');

const handle = openDatabase({ dataDir: 'memory://' });
await handle.migrate();
bindDatabase(handle);
const storage = new S3Storage({
  bucket,
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
setFileStorage(storage);
const { actor, token } = await signedIn();
// Warm-up, the same for every case: the SDK's connection, and one small upload through the service (first
// calls load modules, plan statements and parse the user agent; none of that is the cost of a file's bytes).
await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: newStorageKey(), Body: Buffer.from('x') }));
await uploadDocument(actor, {
  fileName: 'warm-up.pdf',
  contentType: 'application/pdf',
  body: repeatedBytes(64 * 1024),
});
await uploadDocument(actor, {
  fileName: 'warm-up.pdf',
  contentType: 'application/pdf',
  body: repeatedBytes(64 * 1024),
  declaredSize: 64 * 1024,
});

async function upload(): Promise<void> {
  if (kind === 'raw') {
    await storage.client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: newStorageKey(),
        Body: Readable.from(repeatedBytes(bytes), { objectMode: false }),
        ContentLength: bytes,
      }),
    );
  } else if (kind === 'service') {
    await uploadDocument(actor, {
      fileName: 'bench.pdf',
      contentType: 'application/pdf',
      body: repeatedBytes(bytes),
      declaredSize: bytes,
    });
  } else if (kind === 'service-unsized') {
    await uploadDocument(actor, { fileName: 'bench.pdf', contentType: 'application/pdf', body: repeatedBytes(bytes) });
  } else if (kind === 'http') {
    const m = multipartBody({
      files: [{ fileName: 'bench.pdf', contentType: 'application/pdf', content: repeatedBytes(bytes) }],
    });
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': m.contentType, 'x-file-size': String(bytes) },
      body: webStreamOf(m.body),
      duplex: 'half',
    };
    const res = await handleUploadRequest(new Request('http://localhost/api/Document/UploadJob/5', init), {
      params: Promise.resolve({ type: '5' }),
    });
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  } else throw new Error(`unknown case ${kind}`);
}

const gc = collector();
if (!gc) throw new Error('run with --expose-gc');
// First the timed upload (wall time, sampled peak RSS and heap+buffers), then the same upload again with a
// full GC every 10 ms: the memory it holds live, garbage excluded.
const m = await measure(gc, upload);
const live = await measureLive(gc, upload);
await handle.close();
console.log(JSON.stringify({ ...m, live, maxRss: process.resourceUsage().maxRSS * 1024 }));
