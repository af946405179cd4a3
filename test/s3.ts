/**
 * A real S3-compatible HTTP server for tests (s3rver, files in a temporary directory), with one bucket.
 * Storage tests talk to it through the AWS SDK exactly as production talks to S3: no mock of the SDK.
 * `node --import tsx test/s3.ts PORT BUCKET` runs one as a process (e2e, benchmarks).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '@/lib/documents/s3-storage';

/** Credentials s3rver accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  storage(): S3Storage;
  stop(): Promise<void>;
}

/** A CORS rule that lets a browser on any origin PUT to presigned URLs (the direct-upload e2e). */
export const OPEN_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

export async function startTestS3(bucket = 'jms-test', port = 0, opts: { cors?: string } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'jms-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: opts.cors ? [opts.cors] : [] }],
  });
  const bound = await server.run();
  const endpoint = `http://127.0.0.1:${bound.port}`;
  return {
    endpoint,
    bucket,
    directory,
    storage: () =>
      new S3Storage({
        bucket,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { ...S3RVER_CREDENTIALS },
      }),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const port = Number(process.argv[2] ?? 0);
  const s3 = await startTestS3(process.argv[3] ?? 'jms-test', port);
  console.log(`s3rver listening on ${s3.endpoint}, bucket ${s3.bucket}`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => void s3.stop().finally(() => process.exit(0)));
}
