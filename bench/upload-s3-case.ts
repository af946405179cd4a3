/**
 * One S3 upload case of the upload benchmark, in a process of its own, so that its peak memory (the process's
 * maximum RSS) belongs to this case alone: `node --import tsx bench/upload-s3-case.ts CASE BYTES ENDPOINT BUCKET`
 * prints one JSON line { ms, rss, mem, maxRss }. Every case loads the same modules and opens the same
 * embedded database, and warms up the same way (a 1-byte PutObject and a 64 KB upload through the service).
 * CASE: 'raw' (PutObject of a stream with its length, the floor) or 'service' (uploadDocument: multipart
 * upload, SHA-256, database row and log entry).
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
if (!kind || !bytesArg || !endpoint || !bucket) throw new Error('usage: upload-s3-case.ts raw|service BYTES ENDPOINT BUCKET');
const bytes = Number(bytesArg);

const { PutObjectCommand } = await import('@aws-sdk/client-s3');
const { bindDatabase, openDatabase } = await import('@/db/client');
const { repeatedBytes } = await import('@/lib/documents/multipart-body');
const { S3Storage } = await import('@/lib/documents/s3-storage');
const { uploadDocument } = await import('@/lib/documents/service');
const { newStorageKey, setFileStorage } = await import('@/lib/documents/storage');
const { signedIn } = await import('@/test/factories');
const { collector, measure } = await import('./measure');

const handle = openDatabase({ dataDir: 'memory://' });
await handle.migrate();
bindDatabase(handle);
const storage = new S3Storage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
setFileStorage(storage);
const { actor } = await signedIn();
// Warm-up, the same for every case: the SDK's connection, and one small upload through the service (first
// calls load modules, plan statements and parse the user agent; none of that is the cost of a file's bytes).
await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: newStorageKey(), Body: Buffer.from('x') }));
await uploadDocument(actor, { fileName: 'warm-up.pdf', contentType: 'application/pdf', body: repeatedBytes(64 * 1024) });

const m = await measure(collector(), async () => {
  if (kind === 'raw') {
    await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: newStorageKey(), Body: Readable.from(repeatedBytes(bytes), { objectMode: false }), ContentLength: bytes }));
  } else {
    await uploadDocument(actor, { fileName: 'bench.pdf', contentType: 'application/pdf', body: repeatedBytes(bytes) });
  }
});
await handle.close();
console.log(JSON.stringify({ ...m, maxRss: process.resourceUsage().maxRSS * 1024 }));
