/**
 * Saving a new job (spec §4 "Job save and list", §5, §7 POST api/Job/Add): the one service behind the /SaveJob
 * server action and the legacy api/Job/Add route.
 *
 * - Every rule is checked again with the one job order schema (lib/jobs/schema.ts), evaluated with the server's
 *   clock in the actor's time zone; the cost estimate must be one of the client's; the court's flags come from
 *   the courts table (never from the body); the branch address must be the client's.
 * - One transaction creates the job (status 12, client and users from the actor; a client id, status or internal
 *   instructions in the body are never read), attaches the uploaded file or copies the cloned job's file, and
 *   writes the audit row. Any failure rolls all of it back.
 * - Idempotent: a save with a request key that was already used by the client returns the first job
 *   (unique index jobs_client_request_key_uq; a concurrent duplicate waits on the index and then finds it).
 */
import { and, eq } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clientBranchAddresses, jobDrafts, jobs } from '@/db/schema';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { type Actor, type ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { attachDocuments, cloneDocument, copyJobFiles } from '@/lib/documents/job-files';
import { ValidationError } from '@/lib/core/errors';
import { MSG } from '@/lib/messages';
import { NEW_JOB_STATUS, orderTypeName } from '@/lib/reference';
import { FIELD_MSG, type FieldIssue } from '@/lib/validation';
import { enqueueOrderConfirmation } from './alerts';
import { publishJobNews } from './news';
import { toInstructionBlock } from './instruction-block';
import { costEstimateExists } from './lookups';
import { isValidTimeZone } from './rules';
import { byKey } from '@/lib/job-fields';
import { makeJobOrderSchema, type JobOrder } from './schema';
import { referenceIssues, withCourtContext } from './save-context';

export const SAVE_MSG = {
  branchNotFound: FIELD_MSG.invalidChoice,
  sourceJobNotFound: 'The job to clone from was not found.',
  requestKeyInvalid: 'The request key must be 8 to 100 letters, digits or dashes.',
} as const;

/** A request key (the form sends a UUID generated when it mounts; legacy callers an Idempotency-Key). */
export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** Fallback when a user's stored zone is not a valid IANA name (the rules need one). */
const FALLBACK_TIME_ZONE = 'Australia/Sydney';

export interface SaveJobOptions {
  /** Idempotency key: a second save with the same key returns the first job. */
  requestKey?: string | null;
  /** An uploaded (not yet attached) document of the client to attach to the new job (the legacy single file). */
  documentId?: number | null;
  /** Uploaded (not yet attached) documents of the client to attach to the new job, in order (at most MAX_JOB_FILES). */
  documentIds?: readonly number[];
  /** For a clone without a new upload and without cloneDocumentIds: copy the source job's current file (default true). */
  cloneSourceFile?: boolean;
  /**
   * Copy job: the source job's files the user chose to copy (the form asks), copied as well as any new
   * uploads; when given, cloneSourceFile is not used. An empty list copies nothing.
   */
  cloneDocumentIds?: readonly number[];
  /**
   * The save is the order form's, the form the user's draft (lib/jobs/drafts.ts) belongs to: the placed order ends
   * that draft in the job's transaction. Saves through the API (legacy api/Job/Add, integrations) leave it, even
   * with the same user's token: the order the user is typing is still theirs to finish.
   */
  endsDraft?: boolean;
  userAgent?: string | null;
}

export interface SavedJob {
  jobId: number;
  jmsNumber: string;
  /** false when the request key named an earlier save (nothing new was written). */
  created: boolean;
}

/** The order breaks rules: issues with their form paths (legacy callers map them with toLegacyPath). */
export class JobOrderInvalidError extends ValidationError {
  constructor(public readonly issues: FieldIssue[]) {
    const fields: Record<string, string[]> = {};
    for (const i of issues) (fields[i.path.join('.')] ??= []).push(i.message);
    super(fields);
    this.name = 'JobOrderInvalidError';
  }
}

/** The time zone the actor's rules are evaluated in. */
export function actorTimeZone(actor: Actor): string {
  return isValidTimeZone(actor.timeZone) ? actor.timeZone : FALLBACK_TIME_ZONE;
}

/** The schema as the server runs it for the actor: server clock, actor's zone, the client's cost estimates. */
export function serverOrderSchema(actor: ClientActor) {
  return makeJobOrderSchema({
    now: () => now(),
    timeZone: actorTimeZone(actor),
    maxInstructions: config().MAX_INSTRUCTIONS_LENGTH,
    costEstimateExists: (n) => costEstimateExists(actor, n),
  });
}

async function findByRequestKey(q: Queryable, clientId: number, key: string): Promise<SavedJob | null> {
  const [row] = await q
    .select({ id: jobs.id, jms: jobs.jmsNumber })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.requestKey, key)))
    .limit(1);
  return row ? { jobId: row.id, jmsNumber: row.jms, created: false } : null;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** JobShortDescription: the type and a short summary (what to collect, instructions or the matter). */
export function describeJob(
  order: Pick<JobOrder, 'orderType' | 'collectionDescription' | 'whatToCollect' | 'instructions' | 'matterReference'>,
): string {
  const summary = [order.collectionDescription, order.whatToCollect, order.instructions, order.matterReference].find(
    (s) => s && oneLine(s) !== '',
  );
  const type = orderTypeName(order.orderType);
  if (!summary) return type;
  const text = oneLine(summary);
  return `${type} – ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
}

export interface Checked {
  order: JobOrder;
  address: string;
  source: { id: number; jmsNumber: string } | null;
}

/** Validates the values for the actor: schema rules plus the references only the database can answer. */
export async function checkOrder(actor: ClientActor, input: unknown): Promise<Checked> {
  return check(actor, input);
}

/** The job columns an order sets (a new job's, and an amendment's: lib/jobs/changes.ts). */
export function orderColumns(order: JobOrder, address: string) {
  return {
    orderType: order.orderType,
    description: describeJob(order),
    contactName: order.contactName,
    email: order.email,
    contactPhone: order.contactPhone,
    afterHourContactNumber: order.afterHourContactNumber ?? null,
    costEstimateNumber: order.costEstimateNumber ?? null,
    matterReference: order.matterReference,
    clientBranchAddressId: order.clientBranchAddressId,
    address,
    ...byKey((f) => order[f.key] ?? null),
    readyAt: order.readyAt,
    dueAt: order.dueAt,
    timeZone: order.timeZone,
    instructions: order.instructions ?? null,
    numberOfCopies: order.numberOfCopies ?? null,
    whatToCollect: order.whatToCollect ?? null,
    copyAsOriginal: order.copyAsOriginal,
    instructionBlock: toInstructionBlock(order),
  };
}

async function check(actor: ClientActor, input: unknown): Promise<Checked> {
  const db = await getDb();
  const values = await withCourtContext(input);
  const refIssues = await referenceIssues(input);
  const result = await serverOrderSchema(actor).safeParseAsync(values);
  const issues: FieldIssue[] = result.success
    ? []
    : result.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      }));
  const seen = new Set(issues.map((i) => i.path.join('.')));
  for (const i of refIssues) if (!seen.has(i.path.join('.'))) issues.push(i);
  if (!result.success || issues.length > 0) throw new JobOrderInvalidError(issues);
  const order = result.data;

  const [branch] = await db
    .select({ address: clientBranchAddresses.address })
    .from(clientBranchAddresses)
    .where(
      and(
        eq(clientBranchAddresses.id, order.clientBranchAddressId),
        tenantScope(clientBranchAddresses.clientId, actor),
      ),
    )
    .limit(1);
  let source: Checked['source'] = null;
  if (order.sourceJobId !== undefined) {
    const [row] = await db
      .select({ id: jobs.id, jmsNumber: jobs.jmsNumber })
      .from(jobs)
      .where(and(eq(jobs.id, order.sourceJobId), tenantScope(jobs.clientId, actor)))
      .limit(1);
    source = row ?? null;
  }
  const late: FieldIssue[] = [];
  if (!branch) late.push({ path: ['clientBranchAddressId'], message: SAVE_MSG.branchNotFound });
  if (order.sourceJobId !== undefined && !source)
    late.push({ path: ['sourceJobId'], message: SAVE_MSG.sourceJobNotFound });
  if (!branch || late.length > 0) throw new JobOrderInvalidError(late);
  return { order, address: branch.address, source };
}

/**
 * Saves a new job for the actor's client from form values (JobOrderInput; legacy bodies go through
 * fromLegacyOrder first). Throws JobOrderInvalidError (400 with field paths) when a rule fails.
 */
export async function saveJob(actor: Actor, input: unknown, opts: SaveJobOptions = {}): Promise<SavedJob> {
  const a = requireTenant(actor);
  const key = opts.requestKey ?? null;
  if (key !== null && !REQUEST_KEY_PATTERN.test(key))
    throw new JobOrderInvalidError([{ path: ['requestKey'], message: SAVE_MSG.requestKeyInvalid }]);
  const db = await getDb();
  if (key !== null) {
    const earlier = await findByRequestKey(db, a.clientId, key);
    if (earlier) return earlier;
  }
  const { order, address, source } = await check(a, input);
  const at = now();

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobs)
      .values({
        clientId: a.clientId,
        ...orderColumns(order, address),
        status: NEW_JOB_STATUS,
        internalInstructions: source ? MSG.clonedInternalInstructions(source.jmsNumber) : null,
        sourceJobId: source?.id ?? null,
        createdById: a.userId,
        lastModifiedById: a.userId,
        statusLastModifiedById: a.userId,
        createdAt: at,
        updatedAt: at,
        statusUpdatedAt: at,
        requestKey: key,
      })
      .onConflictDoNothing({ target: [jobs.clientId, jobs.requestKey] })
      .returning({ id: jobs.id, jms: jobs.jmsNumber });
    if (!row) {
      // A concurrent save with the same key won the race (we waited for it on the unique index).
      const earlier = key === null ? null : await findByRequestKey(tx, a.clientId, key);
      if (!earlier) throw new Error('job not created');
      return earlier;
    }
    const uploads = [...(opts.documentId != null ? [opts.documentId] : []), ...(opts.documentIds ?? [])];
    let documentIds: number[] = [];
    if (uploads.length > 0) documentIds = (await attachDocuments(tx, a, uploads, row.id)).map((d) => d.id);
    if (source && opts.cloneDocumentIds !== undefined) {
      const copied = await copyJobFiles(tx, a, source.id, row.id, opts.cloneDocumentIds, { userAgent: opts.userAgent });
      documentIds = [...copied.map((d) => d.id), ...documentIds];
    } else if (source && uploads.length === 0 && opts.cloneSourceFile !== false) {
      const copied = await cloneDocument(tx, a, source.id, row.id, { userAgent: opts.userAgent });
      documentIds = copied ? [copied.id] : [];
    }
    const documentId = documentIds[0] ?? null;
    // The form's order is placed: its draft is done with (an API save leaves the draft alone).
    if (opts.endsDraft === true)
      await tx.delete(jobDrafts).where(and(eq(jobDrafts.userId, a.userId), eq(jobDrafts.clientId, a.clientId)));
    await recordAudit(tx, userPrincipal(a), {
      clientId: a.clientId,
      action: 'job.create',
      targetType: 'job',
      targetId: String(row.id),
      details: {
        jmsNumber: row.jms,
        orderType: order.orderType,
        sourceJobId: source?.id ?? null,
        documentId,
        documentIds,
      },
    });
    // "Order received": the news of the new job's status (the firm's live pages and bells) and its alert, to
    // whoever asked for it (lib/jobs/news.ts, lib/jobs/alerts.ts).
    await publishJobNews(tx, {
      kind: 'job.status_changed',
      byUserId: a.userId,
      jobId: row.id,
      clientId: a.clientId,
      jmsNumber: row.jms,
      orderType: order.orderType,
      matterReference: order.matterReference,
      description: describeJob(order),
      status: NEW_JOB_STATUS,
      comment: null,
      at,
      received: true,
    });
    // The orderer's confirmation, with the files received (the web form's user, or api/Job/Add's caller).
    await enqueueOrderConfirmation(tx, {
      jobId: row.id,
      clientId: a.clientId,
      byUserId: a.userId,
      jmsNumber: row.jms,
      orderType: order.orderType,
      matterReference: order.matterReference,
      description: describeJob(order),
      at,
    });
    return { jobId: row.id, jmsNumber: row.jms, created: true };
  });
}
