/**
 * Issue 14 "Done when", end to end: the provider's job-management system connected through /api/v1 and webhooks.
 *  1. A provider administrator creates an API key and a webhook endpoint in /Ops; the endpoint is a real HTTP
 *     receiver started here.
 *  2. A client user (e2e.integrator, Osprey Legal, alerts on for Started) orders a job in the browser: the
 *     job.created event arrives at the receiver, and its Standard Webhooks signature verifies with the endpoint's
 *     secret (the `standardwebhooks` package, not our own code).
 *  3. The system moves the job through the API (Idempotency-Key honoured): the client sees the status, and the user
 *     gets the alert e-mail on real SMTP.
 *  4. An invoice upserted twice exists once, in the client's invoice list.
 *  5. The receiver is stopped, five events happen, it is started again: all five arrive once, in order.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { Webhook } from 'standardwebhooks';
import { mailOf, settleNotice, signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';
import { orderPrintJob } from './support/order-form';
import { ports } from './support/ports';

const stamp = Date.now().toString(36);
const USER = 'e2e.integrator';
const ZONE = 'Australia/Sydney';
const INVOICE = `INT-${stamp}`.toUpperCase();
const RECEIVER_PORT = ports.app + 20;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** The receiving system: records every POST and answers 204. Stopped and started again on the same port. */
class Receiver {
  readonly received: Received[] = [];
  private server: Server | null = null;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          this.received.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
          res.writeHead(204).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    this.server.listen(RECEIVER_PORT, '127.0.0.1');
    await once(this.server, 'listening');
    expect((this.server.address() as AddressInfo).port).toBe(RECEIVER_PORT);
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  of(type: string, jmsNumber: string): Received[] {
    return this.received.filter((r) => r.json.type === type && r.json.data.jmsNumber === jmsNumber);
  }
}

const receiver = new Receiver();
let staff: Page;
let user: Page;
let apiKey = '';
let secret = '';
let endpointLog = '';
let jmsNumber = '';
let jb = '';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

function api(page: Page) {
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${apiKey}`, ...extra });
  return {
    status: (status: number, extra: Record<string, string> = {}, comment?: string) =>
      page.request.post(`/api/v1/jobs/${jmsNumber}/status`, {
        headers: headers(extra),
        data: { status, comment, visibleToClient: comment !== undefined },
      }),
    job: () => page.request.get(`/api/v1/jobs/${jmsNumber}`, { headers: headers() }),
    invoice: (body: unknown) => page.request.put(`/api/v1/invoices/${INVOICE}`, { headers: headers(), data: body }),
  };
}

test.beforeAll(async () => {
  await receiver.start();
});

test.afterAll(async () => {
  // The endpoint would only collect failed deliveries from the specs that follow: disable it.
  if (staff && endpointLog) {
    await staff.goto('/Ops/Webhooks');
    const disable = staff.getByRole('button', {
      name: `Disable: http://127.0.0.1:${RECEIVER_PORT}/portal-events`,
      exact: true,
    });
    if (await disable.count()) {
      await disable.first().click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Disable endpoint' }).click();
    }
  }
  await receiver.stop();
});

test('a provider administrator creates an API key and a webhook endpoint', async ({ browser }) => {
  staff = await newPage(browser);
  await signIn(staff, 'staff.admin', undefined, { landing: /\/Ops$/ });

  await staff.goto('/Ops/ApiKeys');
  const form = staff.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Name').fill(`Shop floor ${stamp}`);
  for (const scope of ['jobs:read', 'jobs:write', 'invoices:write', 'files:write'])
    await form.getByRole('checkbox', { name: scope }).check();
  await form.getByRole('button', { name: 'Create API key' }).click();
  apiKey = await staff.getByRole('textbox', { name: 'The new API key' }).inputValue();
  expect(apiKey).toMatch(/^jms_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);

  await staff.goto('/Ops/Webhooks');
  await staff.getByRole('link', { name: /New endpoint/ }).click();
  await staff.getByLabel('URL').fill(`http://127.0.0.1:${RECEIVER_PORT}/portal-events`);
  await staff.getByLabel('Description').fill(`Shop floor ${stamp}`);
  for (const ev of ['job.created', 'job.feedback', 'job.status_changed', 'invoice.issued', 'invoice.paid'])
    await staff.getByRole('checkbox', { name: ev }).check();
  await staff.getByRole('button', { name: 'Create endpoint' }).click();
  await staff.waitForURL(/\/Ops\/Webhooks\/Endpoint\?eD=.*msg=1/);
  endpointLog = staff.url();
  secret = (await staff.locator('dd code').first().innerText()).trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
});

test('a job ordered in the browser arrives at the receiver, signed', async ({ browser }) => {
  user = await newPage(browser);
  await signIn(user, USER);
  await settleNotice(user);
  ({ jb, jmsNumber } = await orderPrintJob(user, {
    email: mailOf(USER),
    matter: `OS-${stamp}`,
    instructions: 'Print the appeal bundle.',
    copies: 3,
  }));

  await expect.poll(() => receiver.of('job.created', jmsNumber).length, { timeout: 30_000 }).toBe(1);
  const [created] = receiver.of('job.created', jmsNumber);
  const h = created?.headers ?? {};
  // Verified by the Standard Webhooks reference library with the secret staff were shown (throws when it does not match).
  const verified = new Webhook(secret).verify(created?.body ?? '', {
    'webhook-id': String(h['webhook-id']),
    'webhook-timestamp': String(h['webhook-timestamp']),
    'webhook-signature': String(h['webhook-signature']),
  }) as Received['json'];
  expect(verified).toMatchObject({ type: 'job.created', data: { jmsNumber, status: 12 } });
  expect(Math.abs(Date.now() / 1000 - Number(h['webhook-timestamp']))).toBeLessThan(300);
  // A tampered body does not verify.
  expect(() =>
    new Webhook(secret).verify(`${created?.body} `, {
      'webhook-id': String(h['webhook-id']),
      'webhook-timestamp': String(h['webhook-timestamp']),
      'webhook-signature': String(h['webhook-signature']),
    }),
  ).toThrow();
});

test('the system moves the job through the API: the client sees the status, the user gets the alert e-mail', async () => {
  const before = (await messagesTo(mailOf(USER))).length;
  const call = api(staff);
  const first = await call.status(2, { 'idempotency-key': `start-${stamp}` }, 'On the press now.');
  expect(first.status(), await first.text()).toBe(200);
  expect(await first.json()).toMatchObject({
    jmsNumber,
    fromStatus: 12,
    toStatus: 2,
    statusLabel: 'Started',
    alertsQueued: 1,
  });
  // A retry with the same key is answered from the record, not applied twice.
  const retry = await call.status(2, { 'idempotency-key': `start-${stamp}` }, 'On the press now.');
  expect(retry.status()).toBe(200);
  expect(retry.headers()['idempotent-replayed']).toBe('true');

  const mail = await waitForMail(mailOf(USER), {
    subject: new RegExp(`^Job ${jmsNumber} is now Started$`),
    after: before,
    timeoutMs: 30_000,
  });
  expect(mail.text).toContain('/JobSlip?jb=');
  await expect.poll(() => receiver.of('job.status_changed', jmsNumber).length, { timeout: 30_000 }).toBe(1);

  await user.goto('/JobClient');
  const row = user
    .getByRole('table', { name: 'Jobs' })
    .locator('tbody tr')
    .filter({ has: user.getByRole('rowheader', { name: jmsNumber }) });
  await expect(row).toContainText('Started');
  await user.goto(`/JobSlip?jb=${encodeURIComponent(jb)}`);
  await expect(user.getByText('On the press now.')).toBeVisible();

  const job = await call.job();
  expect(job.status()).toBe(200);
  expect(await job.json()).toMatchObject({
    jmsNumber,
    status: 2,
    statusLabel: 'Started',
    clientName: 'Osprey Legal',
    numberOfCopies: 3,
  });
});

test('an invoice upserted twice exists once', async () => {
  const day = formatInTimeZone(new Date(), ZONE, 'yyyy-MM-dd');
  const due = formatInTimeZone(new Date(Date.now() + 14 * 86_400_000), ZONE, 'yyyy-MM-dd');
  const job = (await (await api(staff).job()).json()) as { clientId: number };
  const body = (amount: string) => ({
    clientId: job.clientId,
    jobNumbers: [jmsNumber],
    issueDate: day,
    dueDate: due,
    currencyCode: 'AUD',
    lines: [{ stockCode: 'EZ999', description: 'Black and white A4', quantity: '300', amount }],
  });
  const created = await api(staff).invoice(body('36.00'));
  expect(created.status(), await created.text()).toBe(201);
  const updated = await api(staff).invoice(body('39.60'));
  expect(updated.status(), await updated.text()).toBe(200);

  await user.goto('/Invoice');
  const rows = user
    .getByRole('table', { name: 'Invoices' })
    .locator('tbody tr')
    .filter({ has: user.getByRole('rowheader', { name: INVOICE, exact: true }) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('43.56'); // 39.60 before GST, 10% GST: the total payable
});

test('the receiver is down while five events happen; started again, it gets all five once, in order', async () => {
  test.setTimeout(240_000);
  await receiver.stop();
  const call = api(staff);
  // Started → On Hold → Started → QA Started → Ready For Delivery → Being Delivered.
  const steps = [3, 2, 7, 4, 14];
  for (const s of steps) {
    const r = await call.status(s);
    expect(r.status(), await r.text()).toBe(200);
  }
  // The worker has tried and found nobody there: the delivery log shows the failed attempt.
  await staff.goto(endpointLog);
  await expect(async () => {
    await staff.reload();
    await expect(staff.getByRole('table', { name: 'Deliveries' })).toContainText('no answer', { timeout: 500 });
  }).toPass({ timeout: 30_000, intervals: [250] });
  const seenBefore = receiver.of('job.status_changed', jmsNumber).length;
  await receiver.start();

  await expect
    .poll(() => receiver.of('job.status_changed', jmsNumber).length, { timeout: 120_000 })
    .toBe(seenBefore + steps.length);
  const after = receiver.of('job.status_changed', jmsNumber).slice(seenBefore);
  expect(after.map((r) => r.json.data.toStatus)).toEqual(steps);
  const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
  expect(new Set(ids).size).toBe(ids.length);
  for (const r of after) {
    expect(() =>
      new Webhook(secret).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }),
    ).not.toThrow();
  }
});
