/**
 * One contract, two implementations: the local directory and S3 (through the AWS SDK against a real
 * S3-compatible server, s3rver, started here). Whatever the service relies on is asserted for both.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '@/test/s3';
import {
  LocalDirectoryStorage,
  newStorageKey,
  StorageSizeMismatchError,
  StorageVersionChangedError,
  type FileStorage,
} from './storage';

async function readAll(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
}

async function keys(storage: FileStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list()) out.push(o.key);
  return out;
}

/**
 * The key is not stored (and not listed). An aborted PutObject stores nothing on S3; s3rver writes bodies as
 * they come and may create the key after the portal's first delete, which is why the portal deletes once
 * more a second later (ABORTED_PUT_GRACE_MS): the assertion waits for that.
 */
async function expectGone(storage: FileStorage, key: string): Promise<void> {
  await expect
    .poll(async () => (await storage.exists(key)) || (await keys(storage)).includes(key), {
      timeout: 5000,
      interval: 250,
    })
    .toBe(false);
}

/** A stream of `total` bytes in 64 KiB chunks that fails after `failAfter` bytes. */
function failingStream(total: number, failAfter: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAfter) return void this.destroy(new Error('client went away'));
      const n = Math.min(64 * 1024, total - sent);
      sent += n;
      this.push(randomBytes(n));
    },
  });
}

let s3: TestS3;
const localRoot = mkdtempSync(path.join(tmpdir(), 'jms-contract-'));

beforeAll(async () => {
  s3 = await startTestS3('jms-contract');
});
afterAll(async () => {
  await s3.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

const implementations: [string, () => FileStorage][] = [
  ['local directory', () => new LocalDirectoryStorage(localRoot)],
  ['S3 (s3rver)', () => s3.storage()],
];

describe.each(implementations)('storage contract: %s', (kind, make) => {
  it('stores a stream under a generated key and streams the same bytes back', async () => {
    const storage = make();
    const key = newStorageKey();
    const bytes = randomBytes(300_000);
    expect(await storage.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]))).toEqual({
      size: 300_000,
    });
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.stat(key)).size).toBe(300_000);
    expect((await readAll(await storage.open(key))).equals(bytes)).toBe(true);
  });

  it('a file larger than one part (12 MB, a multipart upload on S3) round-trips byte for byte', async () => {
    const storage = make();
    const key = newStorageKey();
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    await storage.put(key, Readable.from(chunks));
    const back = await readAll(await storage.open(key));
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it.each([
    ['before the first part is full', 1024 * 1024],
    ['after several parts were sent', 11 * 1024 * 1024],
  ])('a stream that fails %s rejects and leaves no object behind', async (_when, failAfter) => {
    const storage = make();
    const key = newStorageKey();
    await expect(storage.put(key, failingStream(20 * 1024 * 1024, failAfter))).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
    expect(await keys(storage)).not.toContain(key);
  });

  it('a body of declared length (one streamed PutObject on S3) round-trips byte for byte', async () => {
    const storage = make();
    const key = newStorageKey();
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    expect(await storage.put(key, Readable.from(chunks), { size: bytes.length })).toEqual({ size: bytes.length });
    expect((await storage.stat(key)).size).toBe(bytes.length);
    const back = await readAll(await storage.open(key));
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('an empty body declared empty is stored empty', async () => {
    const storage = make();
    const key = newStorageKey();
    expect(await storage.put(key, Readable.from([]), { size: 0 })).toEqual({ size: 0 });
    expect((await storage.stat(key)).size).toBe(0);
    expect((await readAll(await storage.open(key))).length).toBe(0);
  });

  it.each([
    ['one byte longer than declared (the extra byte after the declared ones)', 1024 * 1024, 1024 * 1024 + 1],
    ['longer than declared, by far', 1024 * 1024, 3 * 1024 * 1024],
    ['shorter than declared', 2 * 1024 * 1024, 2 * 1024 * 1024 - 1],
  ])('a body %s is refused and nothing is stored', async (_what, declared, actual) => {
    const storage = make();
    const key = newStorageKey();
    const body = randomBytes(actual);
    await expect(
      storage.put(
        key,
        Readable.from([body.subarray(0, declared - 1), body.subarray(declared - 1, declared), body.subarray(declared)]),
        { size: declared },
      ),
    ).rejects.toBeInstanceOf(StorageSizeMismatchError);
    await expect(storage.put(key, body, { size: declared })).rejects.toBeInstanceOf(StorageSizeMismatchError);
    await expectGone(storage, key);
  });

  it('a body of declared length that fails half-way rejects with its error and leaves no object behind', async () => {
    const storage = make();
    const key = newStorageKey();
    await expect(
      storage.put(key, failingStream(20 * 1024 * 1024, 6 * 1024 * 1024), { size: 20 * 1024 * 1024 }),
    ).rejects.toThrow('client went away');
    await expectGone(storage, key);
  });

  it('open pinned to a version refuses bytes that changed since', async () => {
    const storage = make();
    const key = newStorageKey();
    await storage.put(key, Buffer.from('first version'));
    const v1 = await storage.stat(key);
    await storage.remove(key);
    await new Promise((r) => setTimeout(r, 20));
    await storage.put(key, Buffer.from('second version, longer'));
    await expect(storage.open(key, v1.version)).rejects.toBeInstanceOf(StorageVersionChangedError);
    const v2 = await storage.stat(key);
    expect((await readAll(await storage.open(key, v2.version))).toString()).toBe('second version, longer');
  });

  it('copies, lists with a modification time, and removes (removing twice is fine)', async () => {
    const storage = make();
    const a = newStorageKey();
    const b = newStorageKey();
    await storage.put(a, Buffer.from('original'));
    await storage.copy(a, b);
    expect((await readAll(await storage.open(b))).toString()).toBe('original');
    const listed = [];
    for await (const o of storage.list()) if (o.key === a || o.key === b) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual([a, b].sort());
    for (const o of listed) expect(Math.abs(o.lastModified.getTime() - Date.now())).toBeLessThan(120_000);
    await storage.remove(a);
    await storage.remove(a);
    expect(await storage.exists(a)).toBe(false);
    expect(await storage.exists(b)).toBe(true);
    await expect(storage.open(a)).rejects.toThrow();
  });

  it('refuses a key that is not a generated one (no path of the caller reaches storage)', async () => {
    const storage = make();
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.open('ab/../../x')).rejects.toThrow('invalid storage key');
  });

  it(
    kind === 'local directory'
      ? 'has no presigned URLs: the portal streams'
      : 'presigns a GET that lives at most 60 seconds and downloads as an attachment',
    async () => {
      const storage = make();
      const key = newStorageKey();
      await storage.put(key, Buffer.from('presigned bytes'));
      const v = await storage.stat(key);
      const url = await storage.presign(key, v.version, 'Brief "final".pdf', 600);
      if (kind === 'local directory') {
        expect(url).toBeNull();
        return;
      }
      expect(url).not.toBeNull();
      const u = new URL(url ?? '');
      expect(Number(u.searchParams.get('X-Amz-Expires'))).toBe(60);
      const res = await fetch(u);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('presigned bytes');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Brief _final_.pdf"; filename*=UTF-8''Brief%20_final_.pdf`,
      );
      // Sixty-one seconds after it was signed, the URL is refused ('Request has expired').
      const late = new URL(u);
      const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(u.searchParams.get('X-Amz-Date') ?? '');
      expect(signedAt).not.toBeNull();
      const [, y, mo, d, h, mi, se] = (signedAt ?? []).map(Number);
      const earlier = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, (se ?? 0) - 61));
      late.searchParams.set('X-Amz-Date', earlier.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''));
      const expired = await fetch(late);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    },
  );
});
