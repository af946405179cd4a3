/**
 * The one audit writer (lib/core/audit.ts) on the real database (both engines): every row carries the IP and
 * browser of the request its principal came with, whoever acted. Through the doors a caller uses: an /api/v1 key
 * (the workflow's, the invoice's and the deliverable's rows, not only the api.call row) and a staff member over a
 * legacy route; and the writer itself for each kind of principal.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETE as deleteDeliverable } from '@/app/api/Ops/Jobs/[id]/Deliverables/[documentId]/route';
import { PUT as putInvoice } from '@/app/api/v1/invoices/[invoiceNumber]/route';
import { POST as postFile } from '@/app/api/v1/jobs/[jmsNumber]/files/route';
import { POST as postStatus } from '@/app/api/v1/jobs/[jmsNumber]/status/route';
import { auditLog } from '@/db/schema';
import { attachDeliverable, staffUploader } from '@/lib/documents/deliverables';
import { multipartBody, webStreamOf } from '@/test/multipart-body';
import { createApiKey } from '@/lib/integration/api-keys';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedInStaff } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { recordAudit } from './audit';
import { anonymousPrincipal, apiKeyPrincipal, systemPrincipal, userPrincipal } from './principal';

const FROM = { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'JMS-Sync/4.2 (integration test)' };
const SEEN = { ip: '198.51.100.23', userAgent: 'JMS-Sync/4.2 (integration test)' };
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

describe('the one audit writer', () => {
  const t = useTestDatabase();
  const rows = (action: string, targetId: string | number) =>
    t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

  it("an API key's call: the rows the services write carry the request's IP and User-Agent, and name the key", async () => {
    const { key } = await createApiKey(await staffActor(1), {
      name: 'Meta sync',
      scopes: ['jobs:write', 'invoices:write', 'files:write'],
    });
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id, status: 2 });
    const auth = { authorization: `Bearer ${key}`, ...FROM };

    const status = await postStatus(
      new Request(`http://portal.test/api/v1/jobs/${job.jmsNumber}/status`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 4 }),
      }),
      ctx({ jmsNumber: job.jmsNumber }),
    );
    expect(status.status).toBe(200);
    const [changed] = await rows('ops.job.status', job.id);
    expect(changed).toMatchObject({
      ...SEEN,
      actorUserId: null,
      details: expect.objectContaining({ system: expect.stringMatching(/^api_key:\d+$/) }),
    });

    const invoice = await putInvoice(
      new Request('http://portal.test/api/v1/invoices/INV-META-1', {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: client.id,
          jobNumbers: [job.jmsNumber],
          issueDate: '2026-11-20',
          dueDate: '2026-12-20',
          currencyCode: 'aud',
          lines: [{ stockCode: 'EZ999', description: 'Copies', quantity: 10, amount: '5.00' }],
        }),
      }),
      ctx({ invoiceNumber: 'INV-META-1' }),
    );
    expect(invoice.status).toBe(201);
    const [issued] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.invoice.issued'), eq(auditLog.clientId, client.id)));
    expect(issued).toMatchObject({ ...SEEN, details: expect.objectContaining({ actor: 'API key "Meta sync"' }) });

    const mp = multipartBody({
      files: [{ fileName: 'out.pdf', contentType: 'application/pdf', content: '%PDF-1.7 delivered' }],
    });
    const file = await postFile(
      new Request(`http://portal.test/api/v1/jobs/${job.jmsNumber}/files`, {
        method: 'POST',
        headers: { ...auth, 'content-type': mp.contentType },
        body: webStreamOf(mp.body),
        duplex: 'half',
      } as RequestInit),
      ctx({ jmsNumber: job.jmsNumber }),
    );
    expect(file.status).toBe(201);
    const { id } = (await file.json()) as { id: number };
    const [attached] = await rows('document.deliverable_attached', id);
    expect(attached).toMatchObject({
      ...SEEN,
      details: expect.objectContaining({ via: 'api', by: 'API key "Meta sync"' }),
    });
  });

  it("a staff member's action over a legacy route: the audit row has the staff member and the request's IP and User-Agent", async () => {
    const staff = await signedInStaff(2);
    const job = await makeJob({ clientId: (await makeClient()).id, status: 4 });
    const doc = await attachDeliverable(staffUploader(staff.actor), job.id, {
      fileName: 'wrong.pdf',
      body: [Buffer.from('%PDF-1.7 the wrong job')],
    });
    const res = await deleteDeliverable(
      new Request(`http://localhost/api/Ops/Jobs/${job.id}/Deliverables/${doc.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${staff.token}`, ...FROM },
      }),
      ctx({ id: String(job.id), documentId: String(doc.id) }),
    );
    expect(res.status).toBe(200);
    const [removed] = await rows('document.deliverable_removed', doc.id);
    expect(removed).toMatchObject({
      ...SEEN,
      actorUserId: staff.user.id,
      details: expect.objectContaining({ via: 'ops', by: staff.actor.userName }),
    });
  });

  it('writes who acted for every kind of principal: the person, or the caller named in details', async () => {
    const staff = await signedInStaff(1);
    const meta = { ip: '2001:db8::7', userAgent: 'Mozilla/5.0 Firefox/133.0' };
    await recordAudit(t.db(), userPrincipal(staff.actor, meta), {
      action: 'ops.test.user',
      targetType: 'test',
      targetId: 1,
      details: { changed: ['x'] },
    });
    await recordAudit(t.db(), apiKeyPrincipal({ id: 77, name: 'Billing', scopes: [] }, meta), {
      action: 'ops.test.key',
      targetType: 'test',
      targetId: 2,
    });
    await recordAudit(t.db(), systemPrincipal('mail worker'), {
      action: 'ops.test.system',
      targetType: 'test',
      targetId: 3,
    });
    await recordAudit(t.db(), anonymousPrincipal(meta), {
      action: 'signin.failed',
      actorUserId: staff.user.id,
      targetType: 'user',
      targetId: 4,
    });
    expect((await rows('ops.test.user', 1))[0]).toMatchObject({
      actorUserId: staff.user.id,
      ...meta,
      details: { changed: ['x'] },
    });
    expect((await rows('ops.test.key', 2))[0]).toMatchObject({
      actorUserId: null,
      ...meta,
      details: { actor: 'API key "Billing" (77)' },
    });
    expect((await rows('ops.test.system', 3))[0]).toMatchObject({
      actorUserId: null,
      ip: null,
      userAgent: null,
      details: { actor: 'mail worker' },
    });
    expect((await rows('signin.failed', 4))[0]).toMatchObject({ actorUserId: staff.user.id, ...meta, details: null });
  });
});
