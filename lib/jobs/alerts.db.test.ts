/**
 * Job and invoice alerts about one's own jobs, on the real database and a real SMTP server: who
 * receives which alert (own jobs by default, the firm's by choice), the defaults of a new user, order received,
 * invoice issued, and the signed one-click unsubscribe (RFC 8058) that turns exactly one alert off for exactly
 * one user, carried to the SMTP message as List-Unsubscribe and List-Unsubscribe-Post.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, clientBranchAddresses, emailOutbox, userJobAlerts, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { createUser } from '@/lib/core/users';
import { attachDeliverable, removeDeliverable, staffUploader } from '@/lib/documents/deliverables';
import { userPrincipal } from '@/lib/core/principal';
import { issueInvoice } from '@/lib/invoices/issue';
import { invoiceIssueSchema } from '@/lib/invoices/issue-schema';
import { processOutboxOnce } from '@/lib/mail/worker';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { alertsFormSchema } from '@/lib/settings/schema';
import { getSettings, updateAlerts } from '@/lib/settings/service';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_LINK_DAYS,
  unsubscribeAlert,
  unsubscribeAnswer,
  unsubscribeConfirmRedirect,
  unsubscribeState,
  UNSUBSCRIBE_REFUSED,
  stoppedWhat,
  unsubscribeToken,
} from '@/lib/settings/unsubscribe';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { INVOICE_ALERT_KIND, JOB_ALERT_KIND, ORDER_CONFIRMATION_KIND } from './alerts';
import { saveJob } from './save';
import { changeJobStatus } from './workflow';

const uid = () => Math.random().toString(36).slice(2, 8);
const DELIVERED = { kind: 'status', statusId: 8 } as const;

describe('alerts about my own jobs', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });

  const pending = async (address: string, kind: string) =>
    t
      .db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind), eq(emailOutbox.status, 'pending')))
      .orderBy(desc(emailOutbox.id));
  const alertOn = (userId: number, status: number) =>
    t.db().insert(userJobAlerts).values({ userId, jobStatusId: status }).onConflictDoNothing();
  const statuses = async (id: number) =>
    (await t.db().select({ s: userJobAlerts.jobStatusId }).from(userJobAlerts).where(eq(userJobAlerts.userId, id)))
      .map((r) => r.s)
      .sort((x, y) => x - y);
  const moveTo = async (jobId: number, from: number, to: number) =>
    changeJobStatus(userPrincipal((await staffActor(2)) as never), jobId, {
      toStatus: to,
      expectedStatus: from,
      confirmNoDeliverable: true,
    });

  it('tells the user who ordered the job and the user named as its contact, not a colleague; firm-wide by choice', async () => {
    const client = await makeClient();
    const orderer = await makeUser({ clientId: client.id, role: 3 });
    const contact = await makeUser({ clientId: client.id, role: 3, email: `Contact.${uid()}@example.com` });
    const colleague = await makeUser({ clientId: client.id, role: 3 });
    const mailRoom = await makeUser({ clientId: client.id, role: 5, jobAlertScope: 'firm' });
    const elsewhere = await makeUser({ clientId: (await makeClient()).id, role: 3, jobAlertScope: 'firm' });
    for (const u of [orderer, contact, colleague, mailRoom, elsewhere]) await alertOn(u.id, 8);
    const job = await makeJob({
      clientId: client.id,
      status: 14,
      createdById: orderer.id,
      email: contact.email.toLowerCase(),
    });

    const r = await moveTo(job.id, 14, 8);
    expect(r.alerts).toEqual({ instant: 3, digest: 0 });
    for (const u of [orderer, contact, mailRoom]) expect(await pending(u.email, JOB_ALERT_KIND)).toHaveLength(1);
    // The bug of "Job … is now Delivered" for a job someone else ordered.
    expect(await pending(colleague.email, JOB_ALERT_KIND)).toEqual([]);
    expect(await pending(elsewhere.email, JOB_ALERT_KIND)).toEqual([]);
  });

  it('a new client user starts with order received, on hold, ready, delivered and invoice alerts; staff with none', async () => {
    const client = await makeClient();
    const id = await t.db().transaction((tx) =>
      createUser(tx, {
        userName: `def.${uid()}`,
        firstName: 'D',
        lastName: 'F',
        email: `def.${uid()}@example.com`,
        phone: '0290001234',
        timeZone: 'Australia/Sydney',
        clientId: client.id,
        role: 3,
        passwordHash: '!',
        mustChangePassword: true,
        createdById: null,
      }),
    );
    const rows = await t
      .db()
      .select({ s: userJobAlerts.jobStatusId })
      .from(userJobAlerts)
      .where(eq(userJobAlerts.userId, id));
    expect(rows.map((r) => r.s).sort((a, b) => a - b)).toEqual([...DEFAULT_JOB_ALERT_STATUSES].sort((a, b) => a - b));
    expect(DEFAULT_JOB_ALERT_STATUSES).toEqual(expect.arrayContaining([12, 3, 4, 8]));
    const [u] = await t.db().select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({ invoiceAlert: true, jobAlertScope: 'mine', jobAlertMode: 'instant' });
    const staffId = await t.db().transaction((tx) =>
      createUser(tx, {
        userName: `stf.${uid()}`,
        firstName: 'S',
        lastName: 'F',
        email: `stf.${uid()}@example.com`,
        phone: '0290001234',
        timeZone: 'Australia/Sydney',
        clientId: null,
        role: 2,
        passwordHash: '!',
        mustChangePassword: true,
        createdById: null,
      }),
    );
    expect(await t.db().select().from(userJobAlerts).where(eq(userJobAlerts.userId, staffId))).toEqual([]);
  });

  /** Saves an order of `s`'s firm naming `contactEmail` as its contact, on a Tuesday at 11:00 in Sydney. */
  async function order(s: Awaited<ReturnType<typeof signedIn>>, contactEmail: string, matterReference: string) {
    const [branch] = await t
      .db()
      .select()
      .from(clientBranchAddresses)
      .where(eq(clientBranchAddresses.clientId, s.clientId))
      .limit(1);
    const restore = setClock(fixedClock('2025-03-04T00:00:00Z'));
    try {
      return await saveJob(s.actor, {
        orderType: 7,
        contactName: 'Someone Else',
        email: contactEmail,
        contactPhone: '(02)9000-1234',
        matterReference,
        clientBranchAddressId: branch?.id ?? 0,
        dateReadyInput: '04/03/2025',
        timeReadyInput: '11:30 AM',
        dateDueInput: '05/03/2025',
        timeDueInput: '10:00 AM',
        collectionDescription: 'Advise on the review platform.',
      });
    } finally {
      restore();
    }
  }

  it('the user who orders gets the order confirmation (not also the order received alert); the contact gets that alert', async () => {
    const s = await signedIn(3);
    await alertOn(s.user.id, 12);
    const contact = await makeUser({ clientId: s.clientId, role: 3 });
    await alertOn(contact.id, 12);
    const saved = await order(s, contact.email, 'REC-1');
    expect(await pending(s.user.email, JOB_ALERT_KIND)).toEqual([]);
    const [row] = await pending(s.user.email, ORDER_CONFIRMATION_KIND);
    expect(row?.subject).toBe(`Order confirmed: job ${saved.jmsNumber} (REC-1)`);
    const [received] = await pending(contact.email, JOB_ALERT_KIND);
    expect(received?.subject).toBe(`We have received your order: job ${saved.jmsNumber} (REC-1)`);
    // Over SMTP, as the user reads it: the job number, the matter, the files, the slip, and how to stop it.
    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(s.user.email) && m.subject === `Order confirmed: job ${saved.jmsNumber} (REC-1)`,
    );
    expect(mail.text).toContain(`Thank you for your order. Its job number is ${saved.jmsNumber}.`);
    expect(mail.text).toContain('Matter reference: REC-1');
    expect(mail.text).toContain('Ordered: 04-Mar-2025 11:00');
    expect(mail.text).toContain('No files came with the order.');
    expect(mail.text).toMatch(/Follow its progress on the job slip: https?:\/\/\S+\/JobSlip\?jb=\S+/);
    expect(mail.html).toMatch(/<a href="https?:\/\/[^"]+\/JobSlip\?jb=[^"]+"/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Its one-click link names the confirmation (it was sent under the test's clock, so it is tried fresh), and
    // turns that off and nothing else.
    const link = /\?token=([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(readUnsubscribeToken(decodeURIComponent(link))?.key).toEqual({ kind: 'order' });
    const [before] = await t.db().select().from(users).where(eq(users.id, s.user.id));
    const fresh = unsubscribeToken({ id: s.user.id, alertVersion: before?.alertVersion ?? -1 }, { kind: 'order' });
    expect(await unsubscribeAlert(fresh)).toEqual({ status: 'done', what: 'order confirmations', stopped: 'order' });
    const [after] = await t.db().select().from(users).where(eq(users.id, s.user.id));
    expect(after?.orderConfirmation).toBe(false);
    expect(await statuses(s.user.id)).toEqual([12]);
  });

  it('a user who turned order confirmations off gets none, and the order received alert when they chose it', async () => {
    const s = await signedIn(3);
    await t.db().update(users).set({ orderConfirmation: false }).where(eq(users.id, s.user.id));
    const plain = await order(s, `someone.${uid()}@example.com`, 'REC-2');
    expect(await pending(s.user.email, ORDER_CONFIRMATION_KIND)).toEqual([]);
    expect(await pending(s.user.email, JOB_ALERT_KIND)).toEqual([]);
    await alertOn(s.user.id, 12);
    const saved = await order(s, `someone.${uid()}@example.com`, 'REC-3');
    expect(plain.jmsNumber).not.toBe(saved.jmsNumber);
    expect(await pending(s.user.email, ORDER_CONFIRMATION_KIND)).toEqual([]);
    const [row] = await pending(s.user.email, JOB_ALERT_KIND);
    expect(row?.subject).toBe(`We have received your order: job ${saved.jmsNumber} (REC-3)`);
  });

  it('a Delivered alert lists the delivered files (names and sizes) and where they download: the job slip, never attached', async () => {
    const client = await makeClient();
    const u = await makeUser({ clientId: client.id, role: 3 });
    await alertOn(u.id, 8);
    const job = await makeJob({ clientId: client.id, status: 14, createdById: u.id, matterReference: 'DEL-7' });
    const staff = await staffActor(2);
    await attachDeliverable(staffUploader(staff as never), job.id, {
      fileName: 'Scanned bundle.pdf',
      contentType: 'application/pdf',
      body: [Buffer.alloc(2048, 1)],
    });
    const removed = await attachDeliverable(staffUploader(staff as never), job.id, {
      fileName: 'wrong-job.pdf',
      body: [Buffer.from('%PDF-1.7 x')],
    });
    await removeDeliverable(staffUploader(staff as never), job.id, removed.id);
    await attachDeliverable(staffUploader(staff as never), job.id, {
      fileName: 'Index.xlsx',
      body: [Buffer.from('index')],
    });
    await moveTo(job.id, 14, 8);
    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(u.email) && m.subject === `Job ${job.jmsNumber} is now Delivered`,
    );
    expect(mail.text).toContain(
      ['Delivered files (2):', '- Scanned bundle.pdf (2 KB)', '- Index.xlsx (5 bytes)'].join('\n'),
    );
    expect(mail.text).not.toContain('wrong-job.pdf');
    const slip = /Download them from the job slip: (\S+)/.exec(mail.text)?.[1];
    expect(slip).toMatch(/\/JobSlip\?jb=/);
    expect(mail.text).toContain(`View the job slip: ${slip}`);
    // The files are never attached: the slip is where they download.
    expect(mail.attachments).toEqual([]);
  });

  it('a status other than Delivered lists no files', async () => {
    const client = await makeClient();
    const u = await makeUser({ clientId: client.id, role: 3 });
    await alertOn(u.id, 4);
    const job = await makeJob({ clientId: client.id, status: 7, createdById: u.id });
    await attachDeliverable(staffUploader((await staffActor(2)) as never), job.id, {
      fileName: 'draft.pdf',
      body: [Buffer.from('%PDF-1.7 d')],
    });
    await moveTo(job.id, 7, 4);
    const [row] = await pending(u.email, JOB_ALERT_KIND);
    expect(row?.subject).toBe(`Job ${job.jmsNumber} is now Ready For Delivery`);
    expect(row?.textBody).toContain('is now Ready For Delivery.');
    expect(row?.textBody).not.toContain('draft.pdf');
  });

  it('an invoice issued alert goes to the users of its jobs who keep it on', async () => {
    const client = await makeClient();
    const mine = await makeUser({ clientId: client.id, role: 3, invoiceAlert: true });
    const off = await makeUser({ clientId: client.id, role: 3, invoiceAlert: false });
    const colleague = await makeUser({ clientId: client.id, role: 3, invoiceAlert: true });
    const job = await makeJob({ clientId: client.id, status: 8, createdById: mine.id });
    await makeJob({ clientId: client.id, status: 8, createdById: off.id });
    const form = invoiceIssueSchema.parse({
      ClientId: client.id,
      InvoiceNumber: `INV-${uid()}`,
      JobNumbers: job.jmsNumber,
      IssueDate: '2026-11-20',
      DueDate: '2026-12-20',
      CurrencyCode: 'aud',
      Lines: [{ ExtStockId: 'B', Description: 'Binding', Quantity: '3', Amount: '10.00' }],
    });
    await issueInvoice(userPrincipal((await staffActor(2)) as never), form);
    const [mail] = await pending(mine.email, INVOICE_ALERT_KIND);
    expect(mail?.subject).toBe(`Invoice ${form.InvoiceNumber} has been issued`);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await pending(off.email, INVOICE_ALERT_KIND)).toEqual([]);
    expect(await pending(colleague.email, INVOICE_ALERT_KIND)).toEqual([]);
  });

  it('the alert arrives over SMTP with List-Unsubscribe (https, signed token) and List-Unsubscribe-Post: One-Click', async () => {
    const client = await makeClient();
    const u = await makeUser({ clientId: client.id, role: 3 });
    await alertOn(u.id, 3);
    const job = await makeJob({ clientId: client.id, status: 2, createdById: u.id });
    await moveTo(job.id, 2, 3);
    const [row] = await pending(u.email, JOB_ALERT_KIND);
    expect(row?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(u.email) && m.subject === `Job ${job.jmsNumber} is now On Hold`,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+\/api\/Settings\/Unsubscribe\?token=([^>]+))>$/.exec(
      mail.headers['list-unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[2] ?? '');
    expect(readUnsubscribeToken(token)).toEqual({
      userId: u.id,
      key: { kind: 'status', statusId: 3 },
      version: 0,
      expiresAt: expect.any(Date),
    });
    expect(mail.text).toContain(link?.[1]);
  });

  it('the unsubscribe token turns exactly that alert off for exactly that user; a tampered token is refused', async () => {
    const client = await makeClient();
    const a = await makeUser({ clientId: client.id, role: 3, invoiceAlert: true });
    const b = await makeUser({ clientId: client.id, role: 3, invoiceAlert: true });
    for (const u of [a, b]) for (const s of [3, 8]) await alertOn(u.id, s);

    const token = unsubscribeToken(a, { kind: 'status', statusId: 8 });
    // A GET (a mail scanner's prefetch) shows what the link would stop, and changes nothing.
    expect(await unsubscribeState(token)).toEqual({ status: 'ok', what: 'job alerts on “Delivered”' });
    const page = unsubscribeConfirmRedirect(token);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/Unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await statuses(a.id)).toEqual([3, 8]);

    const [, version = '', expires = '', sig = ''] = /\.(\d+)\.(\d+)\.([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const later = String(Number(expires) + 86_400);
    for (const bad of [
      `${b.id}.s8.${version}.${expires}.${sig}`,
      `${a.id}.s3.${version}.${expires}.${sig}`,
      `${a.id}.invoice.${version}.${expires}.${sig}`,
      `${a.id}.s8.${Number(version) + 1}.${expires}.${sig}`,
      `${a.id}.s8.${version}.${later}.${sig}`,
      `${a.id}.s8.${version}.${expires}.${flipped}`,
      `${a.id}.s8.${sig}`,
      '',
      'x'.repeat(80),
    ]) {
      expect(await unsubscribeAlert(bad)).toEqual({ status: 'invalid' });
    }
    expect(await unsubscribeState(`${b.id}.s8.${version}.${expires}.${sig}`)).toEqual({ status: 'invalid' });
    expect(await statuses(a.id)).toEqual([3, 8]);

    expect(await unsubscribeAlert(token)).toEqual({ status: 'done', what: 'job alerts on “Delivered”', stopped: 's8' });
    expect(await statuses(a.id)).toEqual([3]);
    expect(await statuses(b.id)).toEqual([3, 8]);

    expect((await unsubscribeAlert(unsubscribeToken(b, { kind: 'invoice' }))).status).toBe('done');
    const [ra] = await t.db().select().from(users).where(eq(users.id, a.id));
    const [rb] = await t.db().select().from(users).where(eq(users.id, b.id));
    expect([ra?.invoiceAlert, rb?.invoiceAlert]).toEqual([true, false]);
    expect(await statuses(b.id)).toEqual([3, 8]);
  });

  it('an unsubscribe link acts once, on the settings it was sent for; an old or expired one does nothing and says so', async () => {
    const s = await signedIn(3);
    const form = (JobAlerts: number[]) =>
      alertsFormSchema.parse({
        JobAlerts,
        JobAlertMode: 'instant',
        JobAlertScope: 'mine',
        InvoiceAlert: true,
        OrderConfirmation: true,
      });
    await updateAlerts(s.actor, form([3, 8]));
    const [sent] = await t.db().select().from(users).where(eq(users.id, s.user.id));
    const link = unsubscribeToken({ id: s.user.id, alertVersion: sent?.alertVersion ?? -1 }, DELIVERED);

    // Used: the alert goes off. Used again: nothing changes, and the page says the link no longer applies.
    expect((await unsubscribeAlert(link)).status).toBe('done');
    expect(await statuses(s.user.id)).toEqual([3]);
    expect(await unsubscribeAlert(link)).toEqual({ status: 'outdated' });
    const again = unsubscribeAnswer({ status: 'outdated' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/Unsubscribe?refused=outdated');
    expect(UNSUBSCRIBE_REFUSED.outdated.text).toContain(
      'This unsubscribe link no longer applies: your alert settings have changed since the e-mail was sent',
    );

    // The user turns the alert back on: the old link (GET or POST) leaves it on.
    await updateAlerts(s.actor, form([3, 8]));
    expect(await unsubscribeState(link)).toEqual({ status: 'outdated' });
    expect(await unsubscribeAlert(link)).toEqual({ status: 'outdated' });
    expect(await statuses(s.user.id)).toEqual([3, 8]);
    const audits = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(s.user.id)), eq(auditLog.action, 'settings.alert_unsubscribed')));
    expect(audits).toHaveLength(1);

    // A link of the current settings, once its days are over: expired, nothing changed.
    const [current] = await t.db().select().from(users).where(eq(users.id, s.user.id));
    const fresh = unsubscribeToken({ id: s.user.id, alertVersion: current?.alertVersion ?? -1 }, DELIVERED);
    const restore = setClock(fixedClock(new Date(Date.now() + (UNSUBSCRIBE_LINK_DAYS * 86_400 + 60) * 1000)));
    try {
      expect(await unsubscribeAlert(fresh)).toEqual({ status: 'expired' });
      expect(await unsubscribeState(fresh)).toEqual({ status: 'expired' });
      expect(UNSUBSCRIBE_REFUSED.expired.text).toBe('This unsubscribe link has expired, so nothing was changed.');
    } finally {
      restore();
    }
    expect(await statuses(s.user.id)).toEqual([3, 8]);
    expect((await unsubscribeAlert(fresh)).status).toBe('done');
  });

  it('"Stop all job alerts" with a link stops every job alert of its user (not the invoice alert), once; one-click stops one', async () => {
    const client = await makeClient();
    const u = await makeUser({ clientId: client.id, role: 3, invoiceAlert: true });
    for (const st of [3, 8, 12]) await alertOn(u.id, st);
    const token = unsubscribeToken(u, { kind: 'status', statusId: 8 });
    const r = await unsubscribeAlert(token, 'all');
    expect(r).toEqual({ status: 'done', what: 'any job alerts', stopped: 'all' });
    expect(unsubscribeAnswer(r).headers.get('location')).toBe('/Unsubscribe?stopped=all');
    expect(stoppedWhat('all')).toBe('any job alerts');
    expect(stoppedWhat('s8')).toBe('job alerts on “Delivered”');
    expect(stoppedWhat('<b>anything</b>')).toBeNull();
    expect(await statuses(u.id)).toEqual([]);
    const [after] = await t.db().select().from(users).where(eq(users.id, u.id));
    expect(after).toMatchObject({ invoiceAlert: true, orderConfirmation: true });
    expect(await unsubscribeAlert(token, 'all')).toEqual({ status: 'outdated' });
  });

  it('saving alert choices needs no current password', async () => {
    const s = await signedIn(3);
    const form = alertsFormSchema.parse({
      JobAlerts: [8, 3, 8],
      JobAlertMode: 'digest',
      JobAlertScope: 'firm',
      InvoiceAlert: false,
      OrderConfirmation: true,
    });
    expect(await updateAlerts(s.actor, form)).toBeNull();
    expect(await getSettings(s.actor)).toMatchObject({
      JobAlerts: expect.arrayContaining([3, 8]),
      JobAlertMode: 'digest',
      JobAlertScope: 'firm',
      InvoiceAlert: false,
      OrderConfirmation: true,
    });
    expect(
      alertsFormSchema.safeParse({
        JobAlerts: [99],
        JobAlertMode: 'instant',
        JobAlertScope: 'mine',
        InvoiceAlert: true,
        OrderConfirmation: true,
      }).success,
    ).toBe(false);
    expect(
      alertsFormSchema.safeParse({
        JobAlerts: [],
        JobAlertMode: 'instant',
        JobAlertScope: 'everyone',
        InvoiceAlert: true,
        OrderConfirmation: true,
      }).success,
    ).toBe(false);
  });
});
