/**
 * Malware scanning against a real clamd (Debian clamav-daemon) started here with a signature database this
 * test writes: the EICAR test file's hash. Uploads stream to clamd (INSTREAM) before anything is attached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, documents, emailOutbox, logEntries } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import { MSG } from '@/lib/messages';
import { EICAR, EICAR_SIGNATURE, freePort, startTestClamd, type TestClamd } from '@/test/clamd';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import { scanBuffer } from './clamav';
import { attachDeliverable, staffUploader } from './deliverables';
import { uploadDocument } from './service';
import { LocalDirectoryStorage, setFileStorage, type FileStorage } from './storage';

/** A small, valid PDF. */
const CLEAN_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

async function* text(s: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(s);
}

async function stored(storage: FileStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list()) out.push(o.key);
  return out;
}

describe('malware scanning (clamd INSTREAM)', () => {
  const { db } = useTestDatabase();
  let clamd: TestClamd;
  const root = mkdtempSync(path.join(tmpdir(), 'jms-clam-'));
  const storage = new LocalDirectoryStorage(root);

  beforeAll(async () => {
    clamd = await startTestClamd();
    setFileStorage(storage);
  }, 60_000);
  afterAll(async () => {
    setFileStorage(undefined);
    await clamd.stop();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    process.env.CLAMAV_HOST = clamd.host;
    process.env.CLAMAV_PORT = String(clamd.port);
    resetConfigForTests();
  });
  afterEach(() => {
    delete process.env.CLAMAV_HOST;
    delete process.env.CLAMAV_PORT;
    resetConfigForTests();
  });

  it('the scanner itself: EICAR is found, a clean PDF is OK', async () => {
    const o = { host: clamd.host, port: clamd.port, timeoutMs: 10_000 };
    expect(await scanBuffer(o, Buffer.from(EICAR))).toEqual({
      clean: false,
      signature: `${EICAR_SIGNATURE}.UNOFFICIAL`,
    });
    expect(await scanBuffer(o, Buffer.from(CLEAN_PDF))).toEqual({ clean: true });
  });

  it('a clean PDF is scanned, stored and attached as usual', async () => {
    const { actor } = await signedIn();
    const doc = await uploadDocument(actor, {
      fileName: 'clean.pdf',
      contentType: 'application/pdf',
      body: text(CLEAN_PDF),
    });
    expect(doc).toMatchObject({ fileName: 'clean.pdf', size: CLEAN_PDF.length });
    expect(await stored(storage)).toContain(
      (await db().select().from(documents).where(eq(documents.id, doc.id)))[0]?.storageKey,
    );
  });

  it('the EICAR file is refused with the message, nothing is stored, and it is logged, audited and mailed to support', async () => {
    const { actor, clientId } = await signedIn();
    const before = await stored(storage);
    await expect(uploadDocument(actor, { fileName: 'invoice.pdf', body: text(EICAR) })).rejects.toMatchObject({
      status: 400,
      message: 'The file was refused because it contains malware.',
      fields: { File: ['The file was refused because it contains malware.'] },
    });
    expect(await stored(storage)).toEqual(before);
    expect(await db().select().from(documents).where(eq(documents.uploadedById, actor.userId))).toEqual([]);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.uploaded'), eq(auditLog.clientId, clientId))),
    ).toEqual([]);
    const [entry] = await db()
      .select()
      .from(logEntries)
      .where(eq(logEntries.userId, actor.userId))
      .orderBy(desc(logEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ success: false, details: { fileName: 'invoice.pdf', reason: 'malware' } });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.malware'), eq(auditLog.actorUserId, actor.userId)));
    expect(audit).toMatchObject({
      clientId,
      details: { fileName: 'invoice.pdf', signature: `${EICAR_SIGNATURE}.UNOFFICIAL`, size: 68 },
    });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'malware'));
    const mail = mails.find((m) => m.textBody.includes(`User: ${actor.userName} `));
    expect(mail).toMatchObject({ toAddress: 'support@jms.example.com' });
    expect(mail?.textBody).toContain('File: invoice.pdf');
  });

  it('an infected deliverable is refused the same way (sent with its size declared, as the staff page does)', async () => {
    const owner = await signedIn();
    const u = await makeUser({ clientId: null, role: 2 });
    const staff = {
      userId: u.id,
      clientId: null,
      role: 2 as const,
      userName: u.userName,
      timeZone: u.timeZone,
      sessionId: 's',
    };
    const job = await makeJob({ clientId: owner.clientId });
    const before = await stored(storage);
    await expect(
      attachDeliverable(staffUploader(staff), job.id, {
        fileName: 'output.pdf',
        body: text(EICAR),
        declaredSize: Buffer.byteLength(EICAR),
      }),
    ).rejects.toMatchObject({ status: 400, message: MSG.fileMalware });
    expect(await stored(storage)).toEqual(before);
    expect(await db().select().from(documents).where(eq(documents.jobId, job.id))).toEqual([]);
    // No audit row of success; the refusal is audited with its reason, and the malware report names the uploader.
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.deliverable_attached'), eq(auditLog.clientId, owner.clientId))),
    ).toEqual([]);
    const refused = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.deliverable_refused'), eq(auditLog.clientId, owner.clientId)));
    expect(refused.map((r) => r.details)).toEqual([
      expect.objectContaining({ fileName: 'output.pdf', reason: 'malware', via: 'ops', by: u.userName }),
    ]);
    const [malware] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.malware'), eq(auditLog.clientId, owner.clientId)));
    expect(malware).toMatchObject({ actorUserId: u.id, targetType: 'upload' });
  });

  it('scanner unreachable: refused with the message and nothing is stored', async () => {
    process.env.CLAMAV_PORT = String(await freePort());
    resetConfigForTests();
    const { actor, clientId } = await signedIn();
    const before = await stored(storage);
    await expect(uploadDocument(actor, { fileName: 'clean.pdf', body: text(CLEAN_PDF) })).rejects.toMatchObject({
      status: 503,
      message: 'The file could not be checked. Please try again later.',
    });
    expect(await stored(storage)).toEqual(before);
    expect(await db().select().from(documents).where(eq(documents.uploadedById, actor.userId))).toEqual([]);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.uploaded'), eq(auditLog.clientId, clientId))),
    ).toEqual([]);
    const [entry] = await db()
      .select()
      .from(logEntries)
      .where(eq(logEntries.userId, actor.userId))
      .orderBy(desc(logEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ success: false, details: { reason: 'not_checked' } });
  });

  it('scanner gone half-way (clamd stops during the upload): refused and nothing is stored', async () => {
    const own = await startTestClamd();
    process.env.CLAMAV_PORT = String(own.port);
    resetConfigForTests();
    const { actor } = await signedIn();
    const before = await stored(storage);
    async function* slow(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(256 * 1024, 1);
      await own.stop();
      for (let i = 0; i < 40; i++) yield Buffer.alloc(256 * 1024, 2);
    }
    await expect(uploadDocument(actor, { fileName: 'big.pdf', body: slow() })).rejects.toMatchObject({
      status: 503,
      message: MSG.fileNotChecked,
    });
    expect(await stored(storage)).toEqual(before);
  });
});
