/**
 * The demo data set: two clients with users of every role, branch addresses, cost estimates, matter references,
 * 156 jobs each (all 13 statuses, all 8 order types), a price list each, invoices with line items and GST (paid,
 * part paid, overdue, one credited by an adjustment note, one void; each payment recorded), feedback, comment
 * history, source files, one active notice.
 * Idempotent: does nothing when the first demo client exists.
 */
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import {
  clientBranchAddresses,
  clients,
  commentHistory,
  costEstimates,
  creditNotes,
  documents,
  clientPrices,
  invoiceJobs,
  invoiceLineItems,
  invoices,
  paymentAllocations,
  payments,
  supplierSettings,
  jobFeedback,
  jobs,
  matterReferences,
  passwordHistory,
  notices,
  processingCities,
  userJobAlerts,
  users,
} from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { fileStorage, newStorageKey } from '@/lib/documents/storage';
import { creditGstCents, CREDIT_NOTE_NUMBER_FORMAT } from '@/lib/invoices/credit-notes';
import { fromCents, invoiceTotals, toCents } from '@/lib/invoices/gst';
import { formatInvoiceNumber, numberPattern } from '@/lib/invoices/numbers';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { generateJobs } from './jobs';

export const DEMO_CLIENTS = [
  {
    name: 'Harbour & Vale Lawyers',
    accountNumber: 'HV1001',
    prefix: 'hv',
    branches: [
      { label: 'Sydney office', address: 'Level 12, 1 Harbour Street, Sydney NSW 2000' },
      { label: 'Parramatta office', address: 'Suite 4, 88 Church Street, Parramatta NSW 2150' },
    ],
    users: [
      { userName: 'hv.admin', role: 4, firstName: 'Alex', lastName: 'Harbour' },
      { userName: 'hv.user', role: 3, firstName: 'Casey', lastName: 'Vale' },
      { userName: 'hv.group1', role: 5, firstName: 'Jordan', lastName: 'Lee' },
      { userName: 'hv.group2', role: 6, firstName: 'Morgan', lastName: 'Patel' },
      { userName: 'hv.legal', role: 7, firstName: 'Riley', lastName: 'Smith' },
      { userName: 'hv.mailroom', role: 8, firstName: 'Sam', lastName: 'Taylor' },
      { userName: 'hv.firsttime', role: 3, firstName: 'Jamie', lastName: 'First', firstTime: true },
      { userName: 'hv.expired', role: 3, firstName: 'Drew', lastName: 'Expired', expired: true },
      { userName: 'hv.locked', role: 3, firstName: 'Robin', lastName: 'Locked', locked: true },
    ],
  },
  {
    name: 'Northgate Legal',
    accountNumber: 'NG2002',
    prefix: 'ng',
    branches: [
      { label: 'Melbourne office', address: '200 Collins Street, Melbourne VIC 3000' },
      { label: 'Geelong office', address: '15 Moorabool Street, Geelong VIC 3220' },
    ],
    users: [
      { userName: 'ng.admin', role: 4, firstName: 'Taylor', lastName: 'North' },
      { userName: 'ng.user', role: 3, firstName: 'Quinn', lastName: 'Gate' },
    ],
  },
] as const;

/** The provider's staff (no client): a provider administrator (role 1) and a provider operator (role 2). */
export const DEMO_STAFF = [
  { userName: 'staff.admin', role: 1, firstName: 'Avery', lastName: 'Admin' },
  { userName: 'staff.operator', role: 2, firstName: 'Oakley', lastName: 'Operator' },
  { userName: 'staff.ops', role: 1, firstName: 'Ops', lastName: 'Staff' },
] as const;

export const DEMO_JOBS_PER_CLIENT = 156;
export const DEMO_INVOICES_PER_CLIENT = 45;
/** The demo invoice (by its place, newest first) reduced by an adjustment note: unpaid, not yet due. */
const DEMO_CREDITED_INVOICE = 4;
/** The demo invoice voided: unpaid and past due when it was voided. */
const DEMO_VOIDED_INVOICE = 22;
/** The demo supplier's GST rate (10%, in basis points), as the supplier settings default. */
const DEMO_GST_RATE_BP = 1000;
/** Each demo client's price list: one price per order type (ids of lib/reference.ts ORDER_TYPES). */
export const DEMO_PRICES = [
  { orderType: 1, extStockId: 'APPEAL', description: 'Appeal book preparation', unitPrice: '45.0000' },
  { orderType: 2, extStockId: 'COURT-COPY', description: 'Court copying', unitPrice: '0.2500' },
  { orderType: 3, extStockId: 'EZ999', description: 'Black and white copies', unitPrice: '0.1200' },
  { orderType: 4, extStockId: 'DP', description: 'Data processing', unitPrice: '75.0000' },
  { orderType: 5, extStockId: 'PRINT', description: 'Printing', unitPrice: '0.1500' },
  { orderType: 6, extStockId: 'SCAN-A4', description: 'Scanning', unitPrice: '0.3000' },
  { orderType: 7, extStockId: 'CONSULT', description: 'Consulting (per hour)', unitPrice: '180.0000' },
  { orderType: 8, extStockId: 'COURT', description: 'Court filing and service', unitPrice: '95.0000' },
] as const;

type DemoUser = {
  userName: string;
  role: number;
  firstName: string;
  lastName: string;
  firstTime?: boolean;
  expired?: boolean;
  locked?: boolean;
};

/**
 * The demo users share one password (DEMO_PASSWORD, printed by the start banner), so one argon2 hash serves them
 * all: hashing it once per password instead of once per user saves a second of CPU on the first start.
 */
const demoHashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  let h = demoHashes.get(password);
  if (!h) demoHashes.set(password, (h = hashPassword(password)));
  return h;
}

async function insertUser(q: Queryable, clientId: number | null, u: DemoUser, password: string) {
  const passwordHash = await demoHash(password);
  const [row] = await q
    .insert(users)
    .values({
      clientId,
      userName: u.userName,
      firstName: u.firstName,
      lastName: u.lastName,
      email: `${u.userName}@example.com`,
      phone: '(02)9000-0000',
      role: u.role,
      timeZone: clientId === null || u.userName.startsWith('hv') ? 'Australia/Sydney' : 'Australia/Melbourne',
      passwordHash,
      passwordChangedAt: u.expired ? sql`now() - interval '400 days'` : sql`now()`,
      mustChangePassword: Boolean(u.firstTime),
      isLocked: Boolean(u.locked),
      failedLoginAttempts: u.locked ? 5 : 0,
      lockedAt: u.locked ? sql`now()` : null,
      enableTour: false,
      // A client user starts with the alerts every new user starts with (lib/core/users.ts createUser).
      invoiceAlert: clientId !== null,
    })
    .returning({ id: users.id, passwordChangedAt: users.passwordChangedAt });
  if (!row) throw new Error(`user ${u.userName} not created`);
  if (clientId !== null)
    await q
      .insert(userJobAlerts)
      .values(DEFAULT_JOB_ALERT_STATUSES.map((jobStatusId) => ({ userId: row.id, jobStatusId })));
  // The starting password is the first of the user's last 10: setting it again is refused like any other.
  await q.insert(passwordHistory).values({ userId: row.id, passwordHash, createdAt: row.passwordChangedAt });
  return row.id;
}

export async function demoSeeded(q: Queryable): Promise<boolean> {
  const rows = await q
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.accountNumber, DEMO_CLIENTS[0].accountNumber))
    .limit(1);
  return rows.length > 0;
}

/** Adds the demo staff users that are missing (also to a database seeded before they existed). */
async function seedDemoStaff(q: Queryable, password: string): Promise<void> {
  const have = await demoUserIds(
    q,
    DEMO_STAFF.map((u) => u.userName),
  );
  for (const u of DEMO_STAFF) if (!have.has(u.userName)) await insertUser(q, null, u, password);
}

export async function seedDemo(q: Queryable, password: string): Promise<boolean> {
  await seedDemoStaff(q, password);
  if (await demoSeeded(q)) return false;
  const staffId = (await demoUserIds(q, ['staff.operator'])).get('staff.operator') ?? null;

  for (const [ci, c] of DEMO_CLIENTS.entries()) {
    const [client] = await q.insert(clients).values({ name: c.name, accountNumber: c.accountNumber }).returning();
    if (!client) throw new Error('client not created');
    const branches = await q
      .insert(clientBranchAddresses)
      .values(
        c.branches.map((b, i) => ({
          clientId: client.id,
          label: b.label,
          address: b.address,
          isDefault: i === 0,
          extClientBranchId: `${c.accountNumber}-B${i + 1}`,
        })),
      )
      .returning();
    await q.insert(processingCities).values([
      { clientId: client.id, name: ci === 0 ? 'Sydney' : 'Melbourne' },
      { clientId: client.id, name: ci === 0 ? 'Parramatta' : 'Geelong' },
    ]);
    const estimates = Array.from({ length: 8 }, (_, i) => String(5000 + ci * 1000 + i * 7));
    await q.insert(costEstimates).values(
      estimates.map((number, i) => ({
        clientId: client.id,
        number,
        description: `Quote ${i + 1}`,
        amount: String(250 + i * 125),
      })),
    );
    const refs = Array.from(
      { length: 24 },
      (_, i) => `${c.prefix.toUpperCase()}-${2024 + (i % 3)}-${String(100 + i * 17).padStart(4, '0')}`,
    );
    await q.insert(matterReferences).values(refs.map((reference) => ({ clientId: client.id, reference })));

    const userIds: number[] = [];
    for (const u of c.users) userIds.push(await insertUser(q, client.id, u, password));

    await generateJobs(q, {
      clientId: client.id,
      from: 1,
      to: DEMO_JOBS_PER_CLIENT,
      userIds: userIds.slice(0, Math.min(userIds.length, 6)),
      branches: branches.map((b) => ({ id: b.id, address: b.address })),
      spreadSeconds: 180 * 24 * 3600,
      matterReferences: refs,
      costEstimates: estimates,
    });
    await seedJobExtras(q, client.id, userIds[0] ?? null, c.accountNumber, staffId);
  }

  await q.insert(notices).values({
    title: 'Holiday season service hours',
    content:
      'Our registries close at 1 pm on 24 December and reopen on 2 January. Orders due in that period will be delivered on the next business day.',
    isActive: true,
  });
  // The provider's supplier details, so a demo invoice is a complete tax invoice; staff change them in
  // /Ops/Invoices/Supplier. The ABN is the ATO's published example number (it passes the ABN check).
  const supplier = {
    legalName: 'JMS Legal Document Services Pty Ltd',
    abn: '51824753556',
    address: 'Level 4, 10 Phillip Street, Sydney NSW 2000',
    email: 'accounts@jms.example.com',
    phone: '02 9000 0000',
    bankAccountName: 'JMS Legal Document Services Pty Ltd',
    bankBsb: '062-000',
    bankAccountNumber: '12345678',
  };
  // The migration leaves one empty row; details staff already entered are kept.
  await q
    .insert(supplierSettings)
    .values({ id: 1, ...supplier })
    .onConflictDoUpdate({ target: supplierSettings.id, set: supplier, where: sql`${supplierSettings.legalName} = ''` });
  return true;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Feedback, comment history, source files and invoices for a client's demo jobs. */
async function seedJobExtras(
  q: Queryable,
  clientId: number,
  userId: number | null,
  account: string,
  staffId: number | null,
): Promise<void> {
  const clientJobs = await q
    .select({ id: jobs.id, status: jobs.status, jms: jobs.jmsNumber, matter: jobs.matterReference })
    .from(jobs)
    .where(eq(jobs.clientId, clientId))
    .orderBy(jobs.id);
  const delivered = clientJobs.filter((j) => j.status === 8);
  await q.insert(jobFeedback).values(
    delivered.slice(0, 6).map((j, i) => ({
      jobId: j.id,
      clientId,
      feedback: 3 + (i % 3),
      comments:
        ['Delivered on time, thank you.', 'Great quality copies.', 'One folder was missing a divider.'][i % 3] ?? '',
      createdById: userId,
    })),
  );
  await q.insert(commentHistory).values(
    clientJobs.slice(0, 30).flatMap((j) => [
      { jobId: j.id, clientId, comment: 'Job received and booked in.', statusId: 12, createdByName: 'JMS Operations' },
      {
        jobId: j.id,
        clientId,
        comment: 'Assigned to the production team.',
        statusId: j.status,
        createdByName: 'JMS Operations',
      },
    ]),
  );

  const storage = fileStorage();
  for (const j of clientJobs.filter((_, i) => i % 10 === 0).slice(0, 12)) {
    const key = newStorageKey();
    const body = Buffer.from(`Source document for job ${j.jms}\nMatter ${j.matter}\n`, 'utf8');
    await storage.put(key, body);
    await q.insert(documents).values({
      clientId,
      jobId: j.id,
      storageKey: key,
      fileName: `instructions-${j.jms}.txt`,
      contentType: 'text/plain',
      size: body.length,
      sha256: sha256(body),
      uploadedById: userId,
    });
  }
  // Delivered files: the finished output staff attached to some delivered jobs.
  for (const j of delivered.slice(0, 6)) {
    const key = newStorageKey();
    const body = Buffer.from(`Scanned output of job ${j.jms}\nMatter ${j.matter}\n`, 'utf8');
    await storage.put(key, body);
    await q.insert(documents).values({
      clientId,
      jobId: j.id,
      storageKey: key,
      fileName: `output-${j.jms}.txt`,
      contentType: 'text/plain',
      size: body.length,
      sha256: sha256(body),
      kind: 'deliverable',
      uploadedById: staffId,
    });
  }

  // The client's price list: a price per order type, so "Invoice these jobs" drafts priced lines.
  await q.insert(clientPrices).values(DEMO_PRICES.map((p) => ({ clientId, ...p })));

  // Invoices as a firm's billing looks: GST on every line at the supplier's 10%, each job billed once (its
  // invoice_jobs link), a third paid in full and some part paid, each payment recorded with its allocation, and
  // the older unpaid ones past their due date (overdue); one unpaid invoice reduced by an adjustment note, and one
  // voided (its job free to bill again), so the statement and the lists show both.
  const billable = clientJobs.filter((j) => [8, 13, 14, 4, 3].includes(j.status)).slice(0, DEMO_INVOICES_PER_CLIENT);
  for (const [i, j] of billable.entries()) {
    const lines = [
      { extStockId: 'BIND01', description: 'Binding and tabbing', quantity: String(1 + (i % 4)), unitPrice: '12.5000' },
      { extStockId: 'DEL01', description: 'Courier delivery', quantity: '1', unitPrice: '35.0000' },
      ...(i % 2 === 0
        ? [
            {
              extStockId: 'EZ999',
              description: 'Black and white A4 copies (sheets)',
              quantity: String(250 + i * 40),
              unitPrice: '0.1200',
            },
          ]
        : []),
    ].map((l) => ({ ...l, amount: (Number(l.quantity) * Number(l.unitPrice)).toFixed(2) }));
    const totals = invoiceTotals(lines, DEMO_GST_RATE_BP);
    const issue = new Date(Date.now() - (i * 4 + 1) * 86_400_000);
    const issueDate = issue.toISOString().slice(0, 10);
    const paid = i % 3 === 0;
    // Part paid: a round part of the total, paid a week after issue.
    const partPaid = !paid && i % 3 === 1 && i % 2 === 1;
    const amountPaid = paid ? totals.total : partPaid ? fromCents(toCents(totals.total) / 2n) : '0.00';
    // Days after the issue, but never later than now: a demo payment, credit or void is never dated in the future.
    const after = (days: number) => new Date(Math.min(issue.getTime() + days * 86_400_000, Date.now()));
    const paidOn = after(7);
    const voided = i === DEMO_VOIDED_INVOICE;
    // A fifth of the total credited, three days after issue.
    const creditCents = i === DEMO_CREDITED_INVOICE ? toCents(totals.total) / 5n : 0n;
    const creditedOn = after(3);
    const [inv] = await q
      .insert(invoices)
      .values({
        clientId,
        jobId: j.id,
        jmsNumber: j.jms,
        matterReference: j.matter,
        extClientBranchId: `${account}-B1`,
        invoiceNumber: `INV-${account}-${String(1001 + i)}`,
        amount: totals.total,
        gst: totals.gst,
        amountPaid,
        amountCredited: fromCents(creditCents),
        currencyCode: 'AUD',
        issueDate,
        dueDate: new Date(issue.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        // Paid means nothing is left to pay: a void invoice owes nothing.
        isPaid: paid || voided,
        paidAt: paid ? paidOn : null,
        voidedAt: voided ? after(1) : null,
        voidReason: voided ? 'Issued against the wrong branch; reissued' : null,
      })
      .returning({ id: invoices.id });
    if (!inv) throw new Error('invoice not created');
    await q
      .insert(invoiceLineItems)
      .values(lines.map((l, k) => ({ ...l, gst: totals.lineGst[k]!, invoiceId: inv.id })));
    if (!voided) await q.insert(invoiceJobs).values({ invoiceId: inv.id, jobId: j.id });
    if (creditCents > 0n) {
      const gst = creditGstCents(creditCents, {
        amountCents: toCents(totals.total),
        gstCents: toCents(totals.gst),
        creditedCents: 0n,
        creditedGstCents: 0n,
      });
      await q.insert(creditNotes).values({
        clientId,
        invoiceId: inv.id,
        creditNoteNumber: formatInvoiceNumber(numberPattern(CREDIT_NOTE_NUMBER_FORMAT, account), 1),
        issueDate: creditedOn.toISOString().slice(0, 10),
        amount: fromCents(creditCents),
        gst: fromCents(gst),
        currencyCode: 'AUD',
        reason: 'Two volumes were not bound as ordered',
        createdAt: creditedOn,
      });
    }
    if (paid || partPaid) {
      const [payment] = await q
        .insert(payments)
        .values({
          clientId,
          paymentDate: paidOn.toISOString().slice(0, 10),
          amount: amountPaid,
          currencyCode: 'AUD',
          reference: `EFT ${account}-${1001 + i}`,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error('payment not created');
      await q.insert(paymentAllocations).values({ paymentId: payment.id, invoiceId: inv.id, amount: amountPaid });
    }
  }
}

/** Demo users' ids by user name (for tests and scripts). */
export async function demoUserIds(q: Queryable, names: string[]): Promise<Map<string, number>> {
  const rows = await q
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, names));
  return new Map(rows.map((r) => [r.userName, r.id]));
}
