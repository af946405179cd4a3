/**
 * The conversation on a job: the firm's client users and the provider's staff write plain-text
 * messages on the job, with attachments (uploads of the job's firm through the same upload path). Both sides read
 * the whole thread, oldest first, with who wrote each message and when.
 *
 * - A client user reads and writes only on its own firm's jobs (another firm's job, or a guessed id: 404).
 * - Staff ('jobs.read' to read, 'jobs.status' to write) on any job. Staff may write an internal note in the thread
 *   (`internal`): staff read it, the firm never does (its thread leaves it out, and nothing is mailed or announced).
 * - Attachments: a client user's own uploads (api/Document/UploadJob, DirectUpload), a staff member's own message
 *   files (lib/documents/message-files.ts: held back from the firm). A message to the firm releases its files
 *   (documents.staff_only false); an internal note's stay held back, so the firm can never download them (404).
 *   A file travels with one message only.
 * - A new message from one side e-mails the followers on the other side through the outbox: for a staff message
 *   the person who ordered the job and its contact; for a client message the staff member the job is assigned to
 *  , or the provider's operations inbox (OPS_EMAIL, else SUPPORT_EMAIL) while nobody owns it or its
 *   owner is inactive. Each message is in the activity log (recordAudit). A provider's message is also news in the
 *   firm's bell (lib/jobs/news.ts), the open slip updates either way.
 * - Plain text: stored as typed (within the no-HTML text rules), rendered as text by React, never as markup.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { notOnAMessage } from '@/lib/documents/store';
import { z } from 'zod';
import { getDb, type Tx } from '@/db/client';
import { documents, jobMessages, jobs, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { displayDateTime } from '@/lib/display-date';
import { config } from '@/lib/config';
import { publishJobNews } from './news';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { NotFoundError, parseOrThrow, ValidationError } from '@/lib/core/errors';
import { userPrincipal } from '@/lib/core/principal';
import { isStaffActor, staffPolicy } from '@/lib/core/staff-policy';
import { hasTenant, tenantScope } from '@/lib/core/tenancy';
import { enqueueMail } from '@/lib/mail/outbox';
import { textProblem } from '@/lib/validation-rules';

export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_MESSAGE_FILES = 10;

export const MESSAGE_MSG = {
  empty: 'Please write a message.',
  fileNotAvailable: 'An attached file is no longer available. Please upload it again.',
  notesStaffOnly: 'Only staff write internal notes.',
} as const;

/** The message form (browser-safe). */
export const messageSchema = z
  .object({
    body: z.string(),
    documentIds: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_MESSAGE_FILES).default([]),
    /** A staff internal note (staff only). */
    internal: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const problem = v.body.trim() === '' ? MESSAGE_MSG.empty : textProblem(v.body, MAX_MESSAGE_LENGTH);
    if (problem) ctx.addIssue({ code: 'custom', path: ['body'], message: problem });
  });
export type MessageInput = z.input<typeof messageSchema>;

export interface ThreadFile {
  id: number;
  fileName: string;
  size: number;
}

export interface ThreadMessage {
  id: number;
  side: 'client' | 'staff';
  authorName: string;
  body: string;
  createdAt: Date;
  /** A staff internal note: only ever in a staff member's thread. */
  internal: boolean;
  files: ThreadFile[];
}

interface JobRef {
  id: number;
  clientId: number;
  jmsNumber: string;
  email: string;
  createdById: number | null;
  assignedToId: number | null;
}

const MAX_ID = 2_147_483_647;

/** The job the actor may read the thread of (its firm's, or any for staff with 'jobs.read'); else 404. */
async function readableJob(q: Tx | Awaited<ReturnType<typeof getDb>>, actor: Actor, jobId: number): Promise<JobRef> {
  if (!Number.isInteger(jobId) || jobId < 1 || jobId > MAX_ID) throw new NotFoundError();
  let scope;
  if (hasTenant(actor)) scope = tenantScope(jobs.clientId, actor);
  else if (isStaffActor(actor)) authorize(actor, 'jobs.read', staffPolicy);
  else throw new NotFoundError();
  const [job] = await q
    .select({
      id: jobs.id,
      clientId: jobs.clientId,
      jmsNumber: jobs.jmsNumber,
      email: jobs.email,
      createdById: jobs.createdById,
      assignedToId: jobs.assignedToId,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), scope))
    .limit(1);
  if (!job) throw new NotFoundError();
  return job;
}

/** The thread of a job, oldest first, with its attachments; a client user's leaves the internal notes out. */
export async function jobThread(actor: Actor, jobId: number): Promise<ThreadMessage[]> {
  const db = await getDb();
  const job = await readableJob(db, actor, jobId);
  const firm = hasTenant(actor);
  const rows = await db
    .select()
    .from(jobMessages)
    .where(
      and(
        eq(jobMessages.jobId, job.id),
        eq(jobMessages.clientId, job.clientId),
        firm ? eq(jobMessages.internal, false) : undefined,
      ),
    )
    .orderBy(asc(jobMessages.createdAt), asc(jobMessages.id));
  const ids = [...new Set(rows.flatMap((r) => r.documentIds ?? []))];
  const files =
    ids.length === 0
      ? []
      : await db
          .select({ id: documents.id, fileName: documents.fileName, size: documents.size })
          .from(documents)
          .where(
            and(
              inArray(documents.id, ids),
              eq(documents.clientId, job.clientId),
              isNull(documents.deletedAt),
              firm ? eq(documents.staffOnly, false) : undefined,
            ),
          );
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => ({
    id: r.id,
    side: r.side,
    authorName: r.authorName,
    body: r.body,
    createdAt: r.createdAt,
    internal: r.internal,
    files: (r.documentIds ?? []).flatMap((id) => {
      const f = byId.get(id);
      return f ? [f] : [];
    }),
  }));
}

/** The thread as the pages show it (components/jobs/slip/JobThread.tsx): times in the reader's zone. */
export function threadItems(thread: readonly ThreadMessage[], timeZone: string) {
  return thread.map((m) => ({
    id: m.id,
    side: m.side,
    author: m.authorName,
    at: displayDateTime(m.createdAt, timeZone),
    body: m.body,
    internal: m.internal,
    files: m.files.map((f) => ({ id: f.id, fileName: f.fileName, size: f.size })),
  }));
}

async function authorName(tx: Tx, userId: number, fallback: string): Promise<string> {
  const [u] = await tx
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return (u ? `${u.first} ${u.last}`.trim() : '') || fallback;
}

/**
 * Writes a message (or, for staff, an internal note) on the job. Attachments are the author's own uploads for the
 * job's firm, on no job and on no other message: they stay off the job's source files and are kept by the
 * message. A message to the firm releases a staff member's files to it. Answers the message.
 */
export async function postMessage(actor: Actor, jobId: number, input: MessageInput): Promise<ThreadMessage> {
  const m = parseOrThrow(messageSchema, input);
  const side: 'client' | 'staff' = hasTenant(actor) ? 'client' : 'staff';
  if (side === 'staff') authorize(actor, 'jobs.status', staffPolicy);
  if (side === 'client' && m.internal) throw new ValidationError({ internal: [MESSAGE_MSG.notesStaffOnly] });
  const internal = m.internal;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const job = await readableJob(tx, actor, jobId);
    const ids = [...new Set(m.documentIds)];
    let files: ThreadFile[] = [];
    if (ids.length > 0) {
      // Only the author's own live uploads for this firm (a staff member's: held back), on no job and on no other
      // message (another firm's id, another's upload: refused, as missing).
      files = await tx
        .select({ id: documents.id, fileName: documents.fileName, size: documents.size })
        .from(documents)
        .where(
          and(
            inArray(documents.id, ids),
            eq(documents.clientId, job.clientId),
            isNull(documents.jobId),
            isNull(documents.deletedAt),
            eq(documents.uploadedById, actor.userId),
            eq(documents.staffOnly, side === 'staff'),
            notOnAMessage(documents.id),
          ),
        )
        .for('update');
      if (files.length !== ids.length) throw new ValidationError({ documentIds: [MESSAGE_MSG.fileNotAvailable] });
      // A message to the firm hands the staff member's files to it; an internal note's stay held back.
      if (side === 'staff' && !internal)
        await tx.update(documents).set({ staffOnly: false }).where(inArray(documents.id, ids));
    }
    const at = now();
    const name = await authorName(tx, actor.userId, actor.userName);
    const body = m.body.trim();
    const [row] = await tx
      .insert(jobMessages)
      .values({
        jobId: job.id,
        clientId: job.clientId,
        side,
        authorId: actor.userId,
        authorName: name,
        body,
        documentIds: ids,
        internal,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('message not stored');
    await recordAudit(tx, userPrincipal(actor), {
      // 'ops.' actions are the provider's own: the firm's activity never shows them (an internal note included).
      action: side === 'client' ? 'job.message' : internal ? 'ops.job.note' : 'ops.job.message',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: {
        jmsNumber: job.jmsNumber,
        messageId: row.id,
        body: body.slice(0, 500),
        files: files.map((f) => f.fileName),
      },
    });
    const message = { id: row.id, side, authorName: name, body, createdAt: at, internal, files };
    // An internal note is for staff only: nobody is mailed, the firm hears nothing of it.
    if (internal) return message;
    await tellFollowers(tx, job, row.id, actor.userId, side, name, body, files);
    // News of it (lib/jobs/news.ts): the firm's open slip shows it at once; a message from the provider also rings
    // the bell of the firm's users whose job it is. The firm's own messages are for the provider: no bell.
    await publishJobNews(tx, {
      kind: 'job.message',
      jobId: job.id,
      clientId: job.clientId,
      jmsNumber: job.jmsNumber,
      author: name,
      at,
      quiet: side === 'client',
    });
    return message;
  });
}

/**
 * The people following the job on the other side: for a staff message the orderer and the contact; else its owner or
 * the provider. Never the author.
 */
async function tellFollowers(
  tx: Tx,
  job: JobRef,
  messageId: number,
  authorId: number,
  side: 'client' | 'staff',
  author: string,
  body: string,
  files: ThreadFile[],
): Promise<void> {
  const c = config();
  const to = new Set<string>();
  if (side === 'staff') {
    if (job.createdById !== null) {
      const [u] = await tx
        .select({ email: users.email, active: users.isActive })
        .from(users)
        .where(eq(users.id, job.createdById))
        .limit(1);
      if (u?.email && u.active !== false) to.add(u.email.toLowerCase());
    }
    if (job.email) to.add(job.email.toLowerCase());
  } else {
    const owner =
      job.assignedToId === null
        ? undefined
        : (
            await tx
              .select({ email: users.email, active: users.isActive })
              .from(users)
              .where(eq(users.id, job.assignedToId))
              .limit(1)
          )[0];
    to.add((owner?.email && owner.active !== false ? owner.email : (c.OPS_EMAIL ?? c.SUPPORT_EMAIL)).toLowerCase());
  }
  // Nobody is mailed their own message (a staff member whose address the firm gave as the job's contact).
  const [self] = await tx.select({ email: users.email }).from(users).where(eq(users.id, authorId)).limit(1);
  if (self?.email) to.delete(self.email.toLowerCase());
  for (const address of to) {
    await enqueueMail(tx, {
      to: address,
      kind: 'job-message',
      props: {
        side,
        author,
        jobId: job.id,
        messageId,
        jmsNumber: job.jmsNumber,
        body,
        files: files.map((f) => f.fileName),
      },
    });
  }
}
