/**
 * The one upload store (store.ts) behind every upload path — a client's source file, a deliverable from /Ops and
 * one from an API key — on the real database (both engines) and a real file store: a refused upload (too large,
 * a blocked name) leaves no row, no stored object and no audit row of success, is recorded as refused, and its
 * remaining body is discarded (the stream destroyed, so the rest of the request is not read).
 * The scan refusal (clamd) of both paths is in clamav.db.test.ts.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, logEntries } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import { apiKeyPrincipal, userPrincipal, type Principal } from '@/lib/core/principal';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { attachDeliverable } from './deliverables';
import { uploadDocument, type UploadInput } from './service';
import { LocalDirectoryStorage, setFileStorage } from './storage';

const LIMIT = 256 * 1024;

/** A body of `total` bytes in 16 KiB chunks that counts what was read; a Readable, as the multipart parser hands on. */
function body(total: number): { stream: Readable; read: () => number } {
  let read = 0;
  const chunk = Buffer.alloc(16 * 1024, 7);
  const stream = Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += chunk.length) {
        read += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: true },
  );
  return { stream, read: () => read };
}

type Path = {
  name: string;
  upload: (input: UploadInput) => Promise<unknown>;
  clientId: number;
  success: string;
  refusals: () => Promise<unknown[]>;
};

describe('the upload store: a refused upload leaves nothing, on every path', () => {
  const t = useTestDatabase();
  const root = mkdtempSync(path.join(tmpdir(), 'jms-store-'));
  const objects = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

  beforeAll(() => {
    setFileStorage(new LocalDirectoryStorage(root));
    process.env.MAX_UPLOAD_BYTES = String(LIMIT);
    resetConfigForTests();
  });
  afterAll(() => {
    setFileStorage(undefined);
    delete process.env.MAX_UPLOAD_BYTES;
    resetConfigForTests();
    rmSync(root, { recursive: true, force: true });
  });

  /** Each path with a client of its own, so that what one path leaves is not counted for another. */
  async function paths(): Promise<Path[]> {
    const staff = await signedInStaff(2);
    const source = await signedIn(3);
    const deliverable = async (name: string, by: Principal): Promise<Path> => {
      const owner = await signedIn(3);
      const job = await makeJob({ clientId: owner.clientId, status: 4 });
      return {
        name,
        upload: (input) => attachDeliverable(by, job.id, input),
        clientId: owner.clientId,
        success: 'document.deliverable_attached',
        refusals: () =>
          t
            .db()
            .select({ details: auditLog.details })
            .from(auditLog)
            .where(and(eq(auditLog.action, 'document.deliverable_refused'), eq(auditLog.clientId, owner.clientId))),
      };
    };
    return [
      {
        name: 'source file',
        upload: (input) => uploadDocument(source.actor, input),
        clientId: source.clientId,
        success: 'document.uploaded',
        refusals: async () =>
          (
            await t
              .db()
              .select()
              .from(logEntries)
              .where(and(eq(logEntries.userId, source.actor.userId), eq(logEntries.success, false)))
          ).map((e) => ({ details: e.details })),
      },
      await deliverable('deliverable from /Ops', userPrincipal(staff.actor)),
      await deliverable(
        'deliverable from an API key',
        apiKeyPrincipal({ id: 9, name: 'Store test', scopes: ['files:write'] }),
      ),
    ];
  }

  async function nothingLeft(p: Path, objectsBefore: number): Promise<void> {
    expect(await t.db().select().from(documents).where(eq(documents.clientId, p.clientId))).toEqual([]);
    expect(objects()).toBe(objectsBefore);
    expect(
      await t
        .db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.clientId, p.clientId),
            inArray(auditLog.action, ['document.uploaded', 'document.deliverable_attached']),
          ),
        ),
    ).toEqual([]);
  }

  it('too large: refused while streaming, the body discarded, nothing stored, recorded as refused', async () => {
    for (const p of await paths()) {
      const before = objects();
      const b = body(4 * LIMIT);
      await expect(
        p.upload({ fileName: 'huge.pdf', contentType: 'application/pdf', body: b.stream }),
        p.name,
      ).rejects.toMatchObject({ status: 400, message: MSG.fileTooLarge });
      expect(b.stream.destroyed, p.name).toBe(true);
      expect(b.read(), p.name).toBeLessThan(2 * LIMIT);
      await nothingLeft(p, before);
      expect(await p.refusals(), p.name).toEqual([
        { details: expect.objectContaining({ fileName: 'huge.pdf', reason: 'too_large' }) },
      ]);
    }
  });

  it('a blocked name: refused before a byte is read, the body discarded (the request is not read on), nothing stored', async () => {
    for (const p of await paths()) {
      const before = objects();
      const b = body(LIMIT / 2);
      await expect(p.upload({ fileName: 'tool.exe', body: b.stream }), p.name).rejects.toMatchObject({
        status: 400,
        message: MSG.fileExtensionBlocked,
      });
      expect(b.stream.destroyed, p.name).toBe(true);
      expect(b.read(), p.name).toBe(0);
      await nothingLeft(p, before);
      expect(await p.refusals(), p.name).toEqual([
        { details: expect.objectContaining({ reason: 'blocked_extension' }) },
      ]);
    }
  });

  it('an upload that passes is stored once, with its row and its audit row of success', async () => {
    for (const p of await paths()) {
      const before = objects();
      await p.upload({ fileName: 'fine.pdf', contentType: 'application/pdf', body: body(LIMIT / 4).stream });
      expect(objects(), p.name).toBe(before + 1);
      expect(
        await t
          .db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.clientId, p.clientId), eq(auditLog.action, p.success))),
        p.name,
      ).toHaveLength(1);
    }
  });
});
