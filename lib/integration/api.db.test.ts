/**
 * The integration API /api/v1 called in-process like a real caller, on the real database (both
 * engines), a real SMTP server for the alerts and the local file store for delivered files: API keys (missing,
 * wrong, revoked, wrong scope), the per-key rate limit, problem details, idempotency, the workflow and its alert
 * mail, the invoice upsert, delivered files with their SHA-256, the change feed, the audit rows, and what a key
 * may and may not see.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as getUnknownPath } from '@/app/api/v1/[...slug]/route';
import { PUT as putInvoice } from '@/app/api/v1/invoices/[invoiceNumber]/route';
import { GET as getChanges } from '@/app/api/v1/jobs/changes/route';
import { POST as postFile } from '@/app/api/v1/jobs/[jmsNumber]/files/route';
import { DELETE as deleteJob, GET as getJob } from '@/app/api/v1/jobs/[jmsNumber]/route';
import { POST as postStatus } from '@/app/api/v1/jobs/[jmsNumber]/status/route';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import {
  apiKeys,
  auditLog,
  documents,
  emailOutbox,
  invoiceLineItems,
  invoices,
  jobs,
  userJobAlerts,
} from '@/db/schema';
import { config, resetConfigForTests } from '@/lib/config';
import { MSG } from '@/lib/messages';
import { multipartBody, webStreamOf } from '@/test/multipart-body';
import { processOutboxOnce } from '@/lib/mail/worker';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import type { ApiScope } from './api-key-schema';
import { authenticateApiKey, createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { PROBLEM_CONTENT_TYPE, type Problem } from '../http/problem';

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

const BASE = 'http://portal.test';

function call(
  handler: Handler,
  opts: {
    path: string;
    method?: string;
    key?: string | null;
    params?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const req = new Request(`${BASE}${opts.path}`, {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  return handler(req, { params: Promise.resolve(opts.params ?? {}) });
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const p of body) parts.push(p);
  return Buffer.concat(parts).toString('latin1');
}

async function problemOf(res: Response): Promise<Problem> {
  expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
  const p = (await res.json()) as Problem;
  expect(p).toMatchObject({
    type: 'about:blank',
    status: res.status,
    title: expect.any(String),
    detail: expect.any(String),
    instance: expect.stringMatching(/^\/api\/v1\//),
  });
  return p;
}

describe('the integration API /api/v1', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  let admin: Awaited<ReturnType<typeof staffActor>>;
  const keys = {} as Record<'all' | 'readOnly', string>;

  async function newKey(name: string, scopes: ApiScope[]): Promise<string> {
    return (await createApiKey(admin, { name, scopes })).key;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    admin = await staffActor(1);
    keys.all = await newKey('Shop floor JMS', ['jobs:read', 'jobs:write', 'invoices:write', 'files:write']);
    keys.readOnly = await newKey('Reporting', ['jobs:read']);
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });

  describe('API keys', () => {
    it('are shown once, stored only as a SHA-256 hash with a prefix, listed with last use, and audited', async () => {
      const created = await createApiKey(admin, { name: 'Audit trail', scopes: ['jobs:read'] });
      expect(created.key).toMatch(/^jms_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
      const [row] = await t.db().select().from(apiKeys).where(eq(apiKeys.id, created.id));
      expect(row?.secretHash).toBe(createHash('sha256').update(created.key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.key.slice(18));
      const listed = (await listApiKeys(admin)).find((k) => k.id === created.id);
      expect(listed).toMatchObject({
        name: 'Audit trail',
        scopes: ['jobs:read'],
        displayPrefix: `${created.key.slice(0, 16)}_…`,
        lastUsedAt: null,
        revokedAt: null,
        createdByName: 'Test User',
      });
      expect(listed).not.toHaveProperty('secretHash');

      expect(await authenticateApiKey(created.key)).toMatchObject({ id: created.id, name: 'Audit trail' });
      expect((await listApiKeys(admin)).find((k) => k.id === created.id)?.lastUsedAt).toBeInstanceOf(Date);

      await revokeApiKey(admin, created.id);
      await expect(revokeApiKey(admin, created.id)).rejects.toMatchObject({ status: 404 });
      const audit = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'api_key'), eq(auditLog.targetId, String(created.id))));
      expect(audit.map((a) => [a.action, a.actorUserId, (a.details as { name: string }).name])).toEqual([
        ['ops.apiKey.created', admin.userId, 'Audit trail'],
        ['ops.apiKey.revoked', admin.userId, 'Audit trail'],
      ]);
      expect(JSON.stringify(audit)).not.toContain(created.key);
    });

    it('are for the provider administrator only; names are unique among active keys', async () => {
      const operator = await staffActor(2);
      await expect(createApiKey(operator, { name: 'Sneaky', scopes: ['jobs:read'] })).rejects.toMatchObject({
        status: 403,
      });
      await expect(listApiKeys(operator)).rejects.toMatchObject({ status: 403 });
      await expect(createApiKey(admin, { name: 'shop FLOOR jms', scopes: ['jobs:read'] })).rejects.toMatchObject({
        status: 400,
        fields: { name: ['A key with this name already exists. Please choose another name.'] },
      });
    });
  });

  describe('authentication and scopes', () => {
    it('no key, a malformed, unknown or revoked key: 401 with WWW-Authenticate, as problem details', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id });
      const revoked = await createApiKey(admin, { name: 'Old integration', scopes: ['jobs:read'] });
      await revokeApiKey(admin, revoked.id);
      const wrongSecret = `${keys.all.slice(0, 17)}${'A'.repeat(43)}`;
      for (const key of [null, 'not-a-key', `jms_000000000000_${'A'.repeat(43)}`, wrongSecret, revoked.key]) {
        const res = await call(getJob, {
          path: `/api/v1/jobs/${job.jmsNumber}`,
          key,
          params: { jmsNumber: job.jmsNumber },
        });
        expect(res.status, String(key)).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="jms-portal-api"/);
        const p = await problemOf(res);
        expect(p.title).toBe('Unauthorized');
      }
      // A session-style header is not an API key either.
      const basic = await call(getJob, {
        path: `/api/v1/jobs/${job.jmsNumber}`,
        params: { jmsNumber: job.jmsNumber },
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      });
      expect(basic.status).toBe(401);
    });

    it('a key without the scope: 403 naming it, and nothing changes', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
      const res = await call(postStatus, {
        path: `/api/v1/jobs/${job.jmsNumber}/status`,
        key: keys.readOnly,
        params: { jmsNumber: job.jmsNumber },
        body: { status: 1 },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="jobs:write"');
      expect((await problemOf(res)).detail).toBe('This API key does not have the jobs:write scope this call needs.');
      const [row] = await t.db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
      expect(row?.status).toBe(12);
    });
  });

  describe('rate limit', () => {
    afterEach(() => {
      delete process.env.API_RATE_LIMIT_MAX;
      resetConfigForTests();
    });

    it('past the limit a key gets 429 with Retry-After; other keys are not affected', async () => {
      process.env.API_RATE_LIMIT_MAX = '3';
      resetConfigForTests();
      const busy = await newKey('Busy poller', ['jobs:read']);
      const calm = await newKey('Calm poller', ['jobs:read']);
      const poll = (key: string) => call(getChanges, { path: '/api/v1/jobs/changes', key });
      for (let i = 0; i < 3; i++) {
        const ok = await poll(busy);
        expect(ok.status).toBe(200);
        expect(ok.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      }
      const refused = await poll(busy);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await problemOf(refused)).detail).toMatch(
        /^Too many calls with this API key\. Try again in \d+ seconds?\.$/,
      );
      expect((await poll(calm)).status).toBe(200);
    });
  });

  describe('GET /api/v1/jobs/{jmsNumber}', () => {
    it('answers the whole job of any client in camelCase, with files and their SHA-256, and nothing internal to the portal', async () => {
      const client = await makeClient({ name: 'Whitlam & Co' });
      const job = await makeJob({
        clientId: client.id,
        status: 2,
        orderType: 5,
        description: 'Scan the discovery bundle',
        internalInstructions: 'Rush: partner asked',
        requestKey: 'secret-request-key-123',
        instructionBlock: { ScanDeliveryMethod: 1 },
      });
      await t
        .db()
        .insert(documents)
        .values({
          clientId: client.id,
          jobId: job.id,
          storageKey: 'internal/storage/key-1',
          fileName: 'bundle.pdf',
          contentType: 'application/pdf',
          size: 10,
          sha256: 'a'.repeat(64),
          kind: 'source',
          uploadType: 5,
        });
      const res = await call(getJob, {
        path: `/api/v1/jobs/${job.jmsNumber}`,
        key: keys.readOnly,
        params: { jmsNumber: job.jmsNumber },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        jmsNumber: job.jmsNumber,
        clientId: client.id,
        clientName: 'Whitlam & Co',
        status: 2,
        statusLabel: 'Started',
        description: 'Scan the discovery bundle',
        internalInstructions: 'Rush: partner asked',
        instructionBlock: { ScanDeliveryMethod: 1 },
        sourceFiles: [{ fileName: 'bundle.pdf', size: 10, sha256: 'a'.repeat(64), contentType: 'application/pdf' }],
        deliveredFiles: [],
      });
      expect(Array.isArray(body.instructionBlockRows)).toBe(true);
      const text = JSON.stringify(body);
      for (const secret of [
        'secret-request-key-123',
        'internal/storage/key-1',
        'requestKey',
        'storageKey',
        'passwordHash',
      ])
        expect(text).not.toContain(secret);
      expect(Object.keys(body).filter((k) => /^[A-Z]/.test(k))).toEqual([]);
    });

    it('an unknown job is a 404 problem; a malformed number a 400 problem with errors; never a 500', async () => {
      const missing = await call(getJob, {
        path: '/api/v1/jobs/999999999',
        key: keys.all,
        params: { jmsNumber: '999999999' },
      });
      expect(missing.status).toBe(404);
      expect((await problemOf(missing)).detail).toBe('Job not found.');
      const bad = await call(getJob, { path: '/api/v1/jobs/abc', key: keys.all, params: { jmsNumber: 'abc' } });
      expect(bad.status).toBe(400);
      expect((await problemOf(bad)).errors).toEqual({ jmsNumber: ['A JMS number is 1 to 18 digits.'] });
      const nul = await call(getJob, { path: '/api/v1/jobs/1', key: keys.all, params: { jmsNumber: '1\u0000' } });
      expect(nul.status).toBe(400);
      expect((await problemOf(nul)).errors).toHaveProperty('jmsNumber');
      const unknownPath = await call(getUnknownPath as Handler, { path: '/api/v1/nothing/here', key: keys.all });
      expect(unknownPath.status).toBe(404);
      await problemOf(unknownPath);
      const wrongMethod = await call(deleteJob as Handler, {
        path: '/api/v1/jobs/1',
        method: 'DELETE',
        key: keys.all,
        params: { jmsNumber: '1' },
      });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('GET');
      await problemOf(wrongMethod);
    });
  });

  describe('POST /api/v1/jobs/{jmsNumber}/status', () => {
    it('goes through the workflow as the key, the client sees the status, the alert mail goes out over SMTP, the call is audited with the key name', async () => {
      const client = await makeClient();
      const user = await makeUser({ clientId: client.id, role: 3, jobAlertScope: 'firm' });
      await t.db().insert(userJobAlerts).values({ userId: user.id, jobStatusId: 4 });
      const job = await makeJob({ clientId: client.id, status: 2 });
      const res = await call(postStatus, {
        path: `/api/v1/jobs/${job.jmsNumber}/status`,
        key: keys.all,
        params: { jmsNumber: job.jmsNumber },
        body: { status: 4, comment: 'Bound and boxed', visibleToClient: true },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        jmsNumber: job.jmsNumber,
        fromStatus: 2,
        toStatus: 4,
        statusLabel: 'Ready For Delivery',
        changedBy: 'API key "Shop floor JMS"',
        alertsQueued: 1,
      });
      const [row] = await t
        .db()
        .select({ status: jobs.status, by: jobs.statusLastModifiedBy })
        .from(jobs)
        .where(eq(jobs.id, job.id));
      expect(row).toEqual({ status: 4, by: 'API key "Shop floor JMS"' });

      expect((await processOutboxOnce({ smtpUrl: smtp.url })).sent).toBe(1);
      const mail = await smtp.waitFor((m) => m.to.includes(user.email));
      expect(mail.subject).toBe(`Job ${job.jmsNumber} is now Ready For Delivery`);
      expect(mail.text).toContain('Comment: Bound and boxed');

      const [workflowAudit] = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ops.job.status'), eq(auditLog.targetId, String(job.id))));
      expect(workflowAudit?.details).toMatchObject({
        from: 'Started',
        to: 'Ready For Delivery',
        system: expect.stringMatching(/^api_key:\d+$/),
      });
      const calls = await t
        .db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'api.call'), eq(auditLog.targetId, `POST /api/v1/jobs/${job.jmsNumber}/status`)),
        );
      expect(calls.map((c) => c.details)).toEqual([
        expect.objectContaining({ apiKey: 'Shop floor JMS', method: 'POST', status: 200 }),
      ]);
    });

    it('honours Idempotency-Key: the same request is replayed once done, another request with the key is a 422', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
      const send = (body: unknown, key = 'b2c1d7a0-move-1') =>
        call(postStatus, {
          path: `/api/v1/jobs/${job.jmsNumber}/status`,
          key: keys.all,
          params: { jmsNumber: job.jmsNumber },
          body,
          headers: { 'idempotency-key': key },
        });
      const first = await send({ status: 1, comment: 'Queued', visibleToClient: false });
      expect(first.status).toBe(200);
      const firstBody = await first.json();
      // Same body, keys in another order: the same request.
      const again = await send({ visibleToClient: false, comment: 'Queued', status: 1 });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(firstBody);
      const changes = await t
        .db()
        .execute(sql`select count(*)::int as n from job_status_changes where job_id = ${job.id}`);
      expect((Array.isArray(changes) ? changes : (changes as { rows: unknown[] }).rows)[0]).toMatchObject({ n: 1 });

      const other = await send({ status: 2 });
      expect(other.status).toBe(422);
      expect((await problemOf(other)).detail).toBe(
        'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
      );

      // Without the key the workflow itself refuses a repeat: the job is already Not Started.
      const repeat = await call(postStatus, {
        path: `/api/v1/jobs/${job.jmsNumber}/status`,
        key: keys.all,
        params: { jmsNumber: job.jmsNumber },
        body: { status: 1 },
      });
      expect(repeat.status).toBe(409);
      expect((await problemOf(repeat)).errors).toEqual({ status: ['The job is already Not Started.'] });

      // A refusal is an answer too: replayed with its status.
      const refusedOnce = await send({ status: 8 }, 'refused-key');
      const refusedTwice = await send({ status: 8 }, 'refused-key');
      expect([refusedOnce.status, refusedTwice.status]).toEqual([409, 409]);
      expect(refusedTwice.headers.get('idempotent-replayed')).toBe('true');
      expect(refusedTwice.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);

      const bad = await send({ status: 1 }, 'has a space');
      expect(bad.status).toBe(400);
      expect((await problemOf(bad)).errors).toHaveProperty(['Idempotency-Key']);
    });

    it('two requests with the same key at once: the change happens once', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
      const send = () =>
        call(postStatus, {
          path: `/api/v1/jobs/${job.jmsNumber}/status`,
          key: keys.all,
          params: { jmsNumber: job.jmsNumber },
          body: { status: 1 },
          headers: { 'idempotency-key': 'parallel-1' },
        });
      const answers = await Promise.all([send(), send(), send()]);
      // Exactly one ran; the others were told it was still running (409), or got its answer replayed.
      expect(answers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      for (const r of answers) if (r.status !== 200) expect(r.status).toBe(409);
      const changes = await t
        .db()
        .execute(sql`select count(*)::int as n from job_status_changes where job_id = ${job.id}`);
      expect((Array.isArray(changes) ? changes : (changes as { rows: unknown[] }).rows)[0]).toMatchObject({ n: 1 });
    });

    it('a key in use by a request still running is a 409; keys are per API key', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
      const other = await newKey('Second system', ['jobs:write']);
      const [{ id: keyId }] = (await t
        .db()
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(eq(apiKeys.name, 'Shop floor JMS'))) as [{ id: number }];
      const { requestFingerprint } = await import('../http/idempotency');
      const path = `/api/v1/jobs/${job.jmsNumber}/status`;
      await t
        .db()
        .execute(
          sql`insert into api_idempotency_records (api_key_id, idempotency_key, method, path, fingerprint, locked_until) values (${keyId}, 'running-key', 'POST', ${path}, ${requestFingerprint('POST', path, { status: 1 })}, now() + interval '1 minute')`,
        );
      const busy = await call(postStatus, {
        path,
        key: keys.all,
        params: { jmsNumber: job.jmsNumber },
        body: { status: 1 },
        headers: { 'idempotency-key': 'running-key' },
      });
      expect(busy.status).toBe(409);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await problemOf(busy)).detail).toBe(
        'A request with this Idempotency-Key is still being processed. Retry later.',
      );
      const mine = await call(postStatus, {
        path,
        key: other,
        params: { jmsNumber: job.jmsNumber },
        body: { status: 1 },
        headers: { 'idempotency-key': 'running-key' },
      });
      expect(mine.status).toBe(200);
    });

    it('bad input is a 400 with field messages in the API’s names, never a 500 and never a half-saved write', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
      const path = `/api/v1/jobs/${job.jmsNumber}/status`;
      const post = (init: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) =>
        call(postStatus, { path, method: 'POST', key: keys.all, params: { jmsNumber: job.jmsNumber }, ...init });

      const cases: { name: string; res: Promise<Response>; status: number; errors?: Record<string, unknown> }[] = [
        { name: 'no body', res: post({}), status: 400, errors: { '': expect.any(Array) } },
        { name: 'not JSON', res: post({ rawBody: '{"status":' }), status: 400 },
        {
          name: 'status a string',
          res: post({ body: { status: 'Started' } }),
          status: 400,
          errors: { status: expect.any(Array) },
        },
        {
          name: 'unknown status',
          res: post({ body: { status: 99 } }),
          status: 400,
          errors: { status: ['Please choose the new status.'] },
        },
        {
          name: 'comment too long',
          res: post({ body: { status: 1, comment: 'x'.repeat(1001) } }),
          status: 400,
          errors: { comment: expect.any(Array) },
        },
        {
          name: 'NUL in comment',
          res: post({ body: { status: 1, comment: 'a\u0000' } }),
          status: 400,
          errors: { comment: expect.any(Array) },
        },
        { name: 'too deep', res: post({ rawBody: `${'['.repeat(40)}${']'.repeat(40)}` }), status: 400 },
        {
          name: 'too large',
          res: post({ rawBody: JSON.stringify({ status: 1, comment: 'x'.repeat(1_100_000) }) }),
          status: 413,
        },
        {
          name: 'form body',
          res: post({ rawBody: 'status=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
          status: 415,
        },
        {
          name: 'disallowed move',
          res: post({ body: { status: 8 } }),
          status: 409,
          errors: { status: ['A job cannot move from Submitted to Delivered.'] },
        },
        { name: 'stale expectedStatus', res: post({ body: { status: 1, expectedStatus: 2 } }), status: 409 },
      ];
      for (const c of cases) {
        const res = await c.res;
        expect(res.status, c.name).toBe(c.status);
        const p = await problemOf(res);
        if (c.errors) expect(p.errors, c.name).toEqual(c.errors);
      }
      const [row] = await t.db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
      expect(row?.status).toBe(12);
    });
  });

  describe('PUT /api/v1/invoices/{invoiceNumber}', () => {
    it('upserted twice exists once: 201 then 200, with the second call’s line items', async () => {
      const client = await makeClient();
      const a = await makeJob({ clientId: client.id, status: 8 });
      const b = await makeJob({ clientId: client.id, status: 8 });
      const put = (body: unknown) =>
        call(putInvoice, {
          path: '/api/v1/invoices/INV-7001',
          method: 'PUT',
          key: keys.all,
          params: { invoiceNumber: 'INV-7001' },
          body,
        });
      const body = {
        clientId: client.id,
        jobNumbers: [a.jmsNumber],
        issueDate: '2026-11-20',
        dueDate: '2026-12-20',
        currencyCode: 'aud',
        lines: [{ stockCode: 'EZ999', description: 'Copies', quantity: 200, amount: '40.00' }],
      };
      const created = await put(body);
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe('/api/v1/invoices/INV-7001');
      // No GST sent: 10% of each line, to the cent.
      expect(await created.json()).toEqual({
        invoiceNumber: 'INV-7001',
        clientId: client.id,
        amount: '44.00',
        gst: '4.00',
        created: true,
      });

      // A line that carries its own GST (here a GST-free 0) keeps it.
      const updated = await put({
        ...body,
        jobNumbers: [a.jmsNumber, b.jmsNumber],
        lines: [
          { ...body.lines[0], gst: '3.99' },
          { stockCode: 'BIND', description: 'Binding', quantity: '2', amount: 15.5, gst: 0 },
        ],
      });
      expect(updated.status).toBe(200);
      expect(await updated.json()).toEqual({
        invoiceNumber: 'INV-7001',
        clientId: client.id,
        amount: '59.49',
        gst: '3.99',
        created: false,
      });

      const rows = await t.db().select().from(invoices).where(eq(invoices.invoiceNumber, 'INV-7001'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ clientId: client.id, amount: '59.49', gst: '3.99', currencyCode: 'AUD' });
      expect(
        await t.db().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, rows[0]!.id)),
      ).toHaveLength(2);
      const [audit] = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ops.invoice.updated'), eq(auditLog.targetId, String(rows[0]!.id))));
      expect(audit?.details).toMatchObject({ actor: 'API key "Shop floor JMS"' });
    });

    it('the invoice rules answer 400 with errors in the API’s names; another client’s number is a 409', async () => {
      const client = await makeClient();
      const other = await makeClient();
      const job = await makeJob({ clientId: client.id });
      const foreign = await makeJob({ clientId: other.id });
      const put = (number: string, body: unknown) =>
        call(putInvoice, {
          path: `/api/v1/invoices/${number}`,
          method: 'PUT',
          key: keys.all,
          params: { invoiceNumber: number },
          body,
        });
      const bad = await put('INV-BAD', {
        clientId: client.id,
        jobNumbers: [foreign.jmsNumber],
        issueDate: '2026-11-20',
        dueDate: '2026-11-01',
        currencyCode: 'AUD',
        lines: [{ stockCode: 'EZ999', description: 'Copies', quantity: '10.5', amount: '1.00' }],
      });
      expect(bad.status).toBe(400);
      expect((await problemOf(bad)).errors).toEqual({
        dueDate: ['The due date must be on or after the issue date.'],
        'lines.0.quantity': ['Stock code EZ999 counts sheets of paper: please enter a whole number.'],
      });
      const shape = await put('INV-SHAPE', { clientId: 'one' });
      expect(shape.status).toBe(400);
      expect(Object.keys((await problemOf(shape)).errors ?? {})).toEqual(
        expect.arrayContaining(['clientId', 'jobNumbers', 'lines']),
      );
      const wrongJob = await put('INV-JOB', {
        clientId: client.id,
        jobNumbers: [foreign.jmsNumber],
        issueDate: '2026-11-20',
        dueDate: '2026-11-21',
        currencyCode: 'AUD',
        lines: [{ stockCode: 'A1', description: 'x', quantity: 1, amount: 1 }],
      });
      expect((await problemOf(wrongJob)).errors).toEqual({
        jobNumbers: [`Job ${foreign.jmsNumber} is not a job of this client.`],
      });

      const ok = {
        clientId: client.id,
        jobNumbers: [job.jmsNumber],
        issueDate: '2026-11-20',
        dueDate: '2026-11-21',
        currencyCode: 'AUD',
        lines: [{ stockCode: 'A1', description: 'x', quantity: 1, amount: 1 }],
      };
      expect((await put('INV-MINE', ok)).status).toBe(201);
      const stolen = await put('INV-MINE', { ...ok, clientId: other.id, jobNumbers: [foreign.jmsNumber] });
      expect(stolen.status).toBe(409);
      expect((await problemOf(stolen)).errors).toEqual({
        invoiceNumber: ['An invoice with this number belongs to another client.'],
      });
      expect(
        await t.db().select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, 'INV-BAD')),
      ).toEqual([]);
    });
  });

  describe('POST /api/v1/jobs/{jmsNumber}/files', () => {
    it('streams a delivered file in, stores it with its SHA-256 and answers the receipt; the job then lists it', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 4 });
      const bytes = Buffer.from('%PDF-1.7\nthe finished scan\n'.repeat(1000));
      const mp = multipartBody({
        files: [{ fileName: 'scan-output.pdf', contentType: 'application/pdf', content: bytes }],
      });
      const req = new Request(`${BASE}/api/v1/jobs/${job.jmsNumber}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.all}`, 'content-type': mp.contentType },
        body: webStreamOf(mp.body),
        duplex: 'half',
      } as RequestInit);
      const res = await postFile(req, { params: Promise.resolve({ jmsNumber: job.jmsNumber }) });
      expect(res.status).toBe(201);
      const receipt = (await res.json()) as { id: number; sha256: string; size: number; fileName: string };
      const expected = createHash('sha256').update(bytes).digest('hex');
      expect(receipt).toMatchObject({
        jmsNumber: job.jmsNumber,
        fileName: 'scan-output.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
        sha256: expected,
      });
      const [doc] = await t.db().select().from(documents).where(eq(documents.id, receipt.id));
      expect(doc).toMatchObject({ jobId: job.id, kind: 'deliverable', sha256: expected, size: bytes.length });
      const [attached] = await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.deliverable_attached'), eq(auditLog.targetId, String(receipt.id))));
      expect(attached?.details).toMatchObject({ via: 'api', by: 'API key "Shop floor JMS"', sha256: expected });

      const view = (await (
        await call(getJob, {
          path: `/api/v1/jobs/${job.jmsNumber}`,
          key: keys.all,
          params: { jmsNumber: job.jmsNumber },
        })
      ).json()) as { deliveredFiles: { sha256: string }[] };
      expect(view.deliveredFiles).toEqual([expect.objectContaining({ fileName: 'scan-output.pdf', sha256: expected })]);
    });

    it('with X-File-Size the file is stored when it is exactly that long, and refused (nothing stored) when it is not', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id, status: 4 });
      const bytes = Buffer.from('%PDF-1.7\nthe finished scan, size declared\n'.repeat(500));
      const send = async (declared: string) => {
        const mp = multipartBody({
          files: [{ fileName: 'declared.pdf', contentType: 'application/pdf', content: bytes }],
        });
        return postFile(
          new Request(`${BASE}/api/v1/jobs/${job.jmsNumber}/files`, {
            method: 'POST',
            headers: { authorization: `Bearer ${keys.all}`, 'content-type': mp.contentType, 'x-file-size': declared },
            body: await collect(mp.body),
          }),
          { params: Promise.resolve({ jmsNumber: job.jmsNumber }) },
        );
      };
      const wrong = await send(String(bytes.length + 1));
      expect(wrong.status).toBe(400);
      expect(Object.keys((await problemOf(wrong)).errors ?? {})).toEqual(['file']);
      const invalid = await send('12kB');
      expect(invalid.status).toBe(400);
      // Declared larger than the limit: refused before a byte of it is read, with the spec's message on the field.
      const tooLarge = await send(String(config().MAX_UPLOAD_BYTES + 1));
      expect(tooLarge.status).toBe(400);
      expect((await problemOf(tooLarge)).errors).toEqual({ file: [MSG.fileTooLarge] });
      expect(await t.db().select().from(documents).where(eq(documents.jobId, job.id))).toEqual([]);

      const ok = await send(String(bytes.length));
      expect(ok.status).toBe(201);
      expect(await ok.json()).toMatchObject({
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    });

    it('refuses a body that is not a multipart upload, a blocked file type and an unknown job with problem details', async () => {
      const job = await makeJob({ clientId: (await makeClient()).id });
      const send = (jms: string, contentType: string, body: BodyInit) =>
        postFile(
          new Request(`${BASE}/api/v1/jobs/${jms}/files`, {
            method: 'POST',
            headers: { authorization: `Bearer ${keys.all}`, 'content-type': contentType },
            body,
          }),
          { params: Promise.resolve({ jmsNumber: jms }) },
        );
      const notMultipart = await send(job.jmsNumber, 'application/pdf', 'raw bytes');
      expect(notMultipart.status).toBe(400);
      await problemOf(notMultipart);
      const exe = multipartBody({ files: [{ fileName: 'tool.exe', content: 'MZ' }] });
      const blocked = await send(job.jmsNumber, exe.contentType, await collect(exe.body));
      expect(blocked.status).toBe(400);
      await problemOf(blocked);
      const pdf = multipartBody({ files: [{ fileName: 'a.pdf', content: 'x' }] });
      const missing = await send('999999998', pdf.contentType, await collect(pdf.body));
      expect(missing.status).toBe(404);
      await problemOf(missing);
      const scoped = await postFile(
        new Request(`${BASE}/api/v1/jobs/${job.jmsNumber}/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${keys.readOnly}`, 'content-type': pdf.contentType },
          body: 'x',
        }),
        {
          params: Promise.resolve({ jmsNumber: job.jmsNumber }),
        },
      );
      expect(scoped.status).toBe(403);
      expect(await t.db().select().from(documents).where(eq(documents.jobId, job.id))).toEqual([]);
    });
  });

  describe('GET /api/v1/jobs/changes', () => {
    it('pages through created and changed jobs in commit order with a cursor; a bad cursor or limit is a 400', async () => {
      const first = await call(getChanges, { path: '/api/v1/jobs/changes?limit=1000', key: keys.readOnly });
      expect(first.status).toBe(200);
      const { nextCursor } = (await first.json()) as { nextCursor: string | null };
      const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
      await call(postStatus, {
        path: `/api/v1/jobs/${job.jmsNumber}/status`,
        key: keys.all,
        params: { jmsNumber: job.jmsNumber },
        body: { status: 1 },
      });
      const page1 = (await (
        await call(getChanges, { path: `/api/v1/jobs/changes?limit=1&cursor=${nextCursor ?? ''}`, key: keys.readOnly })
      ).json()) as { changes: { kind: string; jmsNumber: string; cursor: string }[]; nextCursor: string };
      expect(page1.changes.map((c) => [c.kind, c.jmsNumber])).toEqual([['job.created', job.jmsNumber]]);
      const page2 = (await (
        await call(getChanges, { path: `/api/v1/jobs/changes?cursor=${page1.nextCursor}`, key: keys.readOnly })
      ).json()) as typeof page1;
      expect(page2.changes.map((c) => [c.kind, c.jmsNumber])).toEqual([['job.status_changed', job.jmsNumber]]);
      const page3 = (await (
        await call(getChanges, { path: `/api/v1/jobs/changes?cursor=${page2.nextCursor}`, key: keys.readOnly })
      ).json()) as typeof page1;
      expect(page3).toEqual({ changes: [], nextCursor: page2.nextCursor });

      const badCursor = await call(getChanges, { path: '/api/v1/jobs/changes?cursor=zzz', key: keys.readOnly });
      expect(badCursor.status).toBe(400);
      expect((await problemOf(badCursor)).errors).toHaveProperty('cursor');
      const badLimit = await call(getChanges, { path: '/api/v1/jobs/changes?limit=0', key: keys.readOnly });
      expect(badLimit.status).toBe(400);
      expect((await problemOf(badLimit)).errors).toEqual({ limit: ['limit must be a whole number from 1 to 1000.'] });
    });
  });

  it('every authenticated call is audited with the key’s name, refusals included; unauthenticated ones are not attributed', async () => {
    const key = await newKey('Audited system', ['jobs:read']);
    await call(getChanges, { path: '/api/v1/jobs/changes', key });
    await call(postStatus, { path: '/api/v1/jobs/1/status', key, params: { jmsNumber: '1' }, body: { status: 1 } });
    const rows = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.call'), sql`${auditLog.details}->>'apiKey' = 'Audited system'`));
    expect(rows.map((r) => [r.targetId, (r.details as { status: number }).status])).toEqual([
      ['GET /api/v1/jobs/changes', 200],
      ['POST /api/v1/jobs/1/status', 403],
    ]);
    expect(rows.every((r) => r.actorUserId === null && r.clientId === null)).toBe(true);
  });

  it('serves its OpenAPI document', async () => {
    const res = await getOpenApi(new Request(`${BASE}/api/v1/openapi.json`));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ openapi: '3.1.0', paths: { '/api/v1/jobs/changes': expect.anything() } });
  });
});
