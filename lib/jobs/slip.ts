/**
 * One job, read in full: `getJobForClient` (the job of the actor's client, e.g. to clone it) and `jobSlip`
 * (the read-only job slip of spec §2 /JobSlip and §3 "Job slip": every field, the type block, LIONumber,
 * MatterType, the documents, and internal instructions for non-client users only, when present).
 *
 * Scope: a client user reads only their client's jobs; another client's job (or a missing one) is null.
 * Internal staff (roles 1 and 2, no client) may read any job's slip: they are the provider's own people, and
 * the slip is where the spec shows them internal instructions (§6).
 *
 * The slip also carries the names of the reference rows its instruction block names by id (the location, the
 * court at that location for the job type, the physical media type: `blockNames`), read by exactly those ids;
 * lib/jobs/present.ts shows them in place of the ids. And its status history: every change, from and to, who, when.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import {
  clients,
  courts,
  documents,
  jobFeedback,
  jobs,
  jobStatusChanges,
  locations,
  physicalMediaTypes,
  processingCities,
  users,
} from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { allowed } from '@/lib/core/authorize';
import { hasTenant, tenantScope } from '@/lib/core/tenancy';
import { staffPolicy } from '@/lib/core/staff-policy';
import { isClientRole, orderTypeName, statusLabel } from '@/lib/reference';
import { blockReferences } from './slip-block';
import type { BlockNames } from './slip-fields';

export type JobRecord = typeof jobs.$inferSelect;

export interface JobDocument {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
  /** The SHA-256 receipt taken when the file streamed in (null only for files stored before receipts). */
  sha256: string | null;
  uploadedByName: string | null;
}

/** A job as its client may see it: never the idempotency key; internal instructions only for non-client users. */
export interface JobDetail extends Omit<JobRecord, 'requestKey' | 'assignedToId'> {
  /** The job's source file(s) from the order. */
  documents: JobDocument[];
  /** Finished files the provider attached ("Delivered files"). */
  deliverables: JobDocument[];
}

export interface JobFeedbackItem {
  id: number;
  jobId: number;
  feedBack: number;
  comments: string;
  createdByName: string | null;
  createdAt: Date;
}

/** One status change of a job (lib/jobs/workflow.ts writes them). */
export interface StatusChangeRow {
  id: number;
  fromStatus: number;
  toStatus: number;
  changedByName: string;
  createdAt: Date;
}

export interface JobSlip extends JobDetail {
  statusLabel: string;
  orderTypeName: string;
  clientName: string;
  processingCity: string | null;
  createdByName: string | null;
  lastModifiedByName: string | null;
  statusLastModifiedByName: string | null;
  sourceJobNumber: string | null;
  feedback: JobFeedbackItem[];
  /** Oldest first. */
  statusHistory: StatusChangeRow[];
  /** Names of the rows the instruction block refers to by id (null when it names none, or an unknown one). */
  blockNames: BlockNames;
}

/**
 * Who reads a job: a signed-in user, or the provider's own integration (an /api/v1 API key), which
 * reads every client's jobs with their internal instructions, as the provider's staff do.
 */
export type JobReader = Actor | { kind: 'provider' };

const isProvider = (r: JobReader): r is { kind: 'provider' } => 'kind' in r;

/** May this reader see internal instructions? Only users who are not client users (§6), and the provider. */
export function seesInternalInstructions(reader: JobReader): boolean {
  return isProvider(reader) || !isClientRole(reader.role);
}

/** The rows a reader may read: a client user its client's (the tenancy guard); staff and the provider: any; anyone else none. */
function readScope(reader: JobReader): SQL | undefined {
  if (isProvider(reader)) return undefined;
  if (hasTenant(reader)) return tenantScope(jobs.clientId, reader);
  return allowed(reader, 'jobs.read', staffPolicy) ? undefined : sql`false`;
}

const MAX_ID = 2_147_483_647;

async function readJob(actor: JobReader, id: number): Promise<JobDetail | null> {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), readScope(actor)))
    .limit(1);
  if (!row) return null;
  const { requestKey: _requestKey, internalInstructions, ...rest } = row;
  const files = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      contentType: documents.contentType,
      size: documents.size,
      createdAt: documents.createdAt,
      sha256: documents.sha256,
      kind: documents.kind,
      uploadedByName: users.userName,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedById))
    .where(and(eq(documents.jobId, row.id), eq(documents.clientId, row.clientId), isNull(documents.deletedAt)))
    .orderBy(asc(documents.id));
  const internal = seesInternalInstructions(actor) && internalInstructions?.trim() ? internalInstructions : null;
  const strip = ({ kind: _kind, ...d }: (typeof files)[number]): JobDocument => d;
  return {
    ...rest,
    internalInstructions: internal,
    documents: files.filter((f) => f.kind === 'source').map(strip),
    deliverables: files.filter((f) => f.kind === 'deliverable').map(strip),
  };
}

/**
 * The job `id` of the actor's client, or null when it does not exist or belongs to another client.
 * For client users `internalInstructions` is always null.
 */
export async function getJobForClient(actor: Actor, id: number): Promise<JobDetail | null> {
  if (!hasTenant(actor)) return null;
  return readJob(actor, id);
}

async function userNames(ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

/** A job with the display names of the users who created it, last changed it and last changed its status. */
export interface JobWithNames extends JobDetail {
  createdByName: string | null;
  lastModifiedByName: string | null;
  statusLastModifiedByName: string | null;
}

/**
 * GET api/Job/{id}: the job the actor may read (their client's; internal staff: any) with the users' names, or
 * null (missing, or another client's). Internal instructions only for non-client users.
 */
export async function jobWithNames(actor: Actor, id: number): Promise<JobWithNames | null> {
  const job = await readJob(actor, id);
  if (!job) return null;
  const names = await userNames([job.createdById, job.lastModifiedById, job.statusLastModifiedById]);
  const name = (i: number | null) => (i === null ? null : (names.get(i) ?? null));
  return {
    ...job,
    createdByName: name(job.createdById),
    lastModifiedByName: name(job.lastModifiedById),
    statusLastModifiedByName: name(job.statusLastModifiedById),
  };
}

/** The names of the location, court and physical media type a stored instruction block refers to. */
async function instructionBlockNames(orderType: number, block: unknown): Promise<BlockNames> {
  const refs = blockReferences(orderType, block);
  const db = await getDb();
  const [location] = refs.location
    ? await db
        .select({ name: locations.text })
        .from(locations)
        .where(and(eq(locations.id, refs.location.id), eq(locations.kind, refs.location.kind)))
        .limit(1)
    : [];
  const [court] = refs.court
    ? await db
        .select({ name: courts.name })
        .from(courts)
        .where(
          and(
            eq(courts.jobType, refs.court.jobType),
            eq(courts.locationId, refs.court.locationId),
            eq(courts.code, refs.court.code),
          ),
        )
        .limit(1)
    : [];
  const [media] = refs.physicalMediaId
    ? await db
        .select({ name: physicalMediaTypes.name })
        .from(physicalMediaTypes)
        .where(eq(physicalMediaTypes.id, refs.physicalMediaId))
        .limit(1)
    : [];
  return { location: location?.name ?? null, court: court?.name ?? null, physicalMedia: media?.name ?? null };
}

/** The id of the job with this JMS number (any client's: for the provider's integration), or null. */
export async function jobIdByNumber(jmsNumber: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.jmsNumber, jmsNumber)).limit(1);
  return row?.id ?? null;
}

/** The job slip, or null when the reader may not see the job (missing, or another client's). */
export async function jobSlip(actor: JobReader, id: number): Promise<JobSlip | null> {
  const job = await readJob(actor, id);
  if (!job) return null;
  const db = await getDb();
  const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, job.clientId)).limit(1);
  const [city] = job.processingCityId
    ? await db
        .select({ name: processingCities.name })
        .from(processingCities)
        .where(and(eq(processingCities.id, job.processingCityId), eq(processingCities.clientId, job.clientId)))
        .limit(1)
    : [];
  const [source] = job.sourceJobId
    ? await db
        .select({ jms: jobs.jmsNumber })
        .from(jobs)
        .where(and(eq(jobs.id, job.sourceJobId), eq(jobs.clientId, job.clientId)))
        .limit(1)
    : [];
  const feedbackRows = await db
    .select({
      id: jobFeedback.id,
      jobId: jobFeedback.jobId,
      feedBack: jobFeedback.feedback,
      comments: jobFeedback.comments,
      createdById: jobFeedback.createdById,
      createdAt: jobFeedback.createdAt,
    })
    .from(jobFeedback)
    .where(and(eq(jobFeedback.jobId, job.id), eq(jobFeedback.clientId, job.clientId)))
    .orderBy(asc(jobFeedback.createdAt), asc(jobFeedback.id));
  const statusHistory = await db
    .select({
      id: jobStatusChanges.id,
      fromStatus: jobStatusChanges.fromStatus,
      toStatus: jobStatusChanges.toStatus,
      changedByName: jobStatusChanges.changedByName,
      createdAt: jobStatusChanges.createdAt,
    })
    .from(jobStatusChanges)
    .where(and(eq(jobStatusChanges.jobId, job.id), eq(jobStatusChanges.clientId, job.clientId)))
    .orderBy(asc(jobStatusChanges.createdAt), asc(jobStatusChanges.id));
  const names = await userNames([
    job.createdById,
    job.lastModifiedById,
    job.statusLastModifiedById,
    ...feedbackRows.map((f) => f.createdById),
  ]);
  const blockNames = await instructionBlockNames(job.orderType, job.instructionBlock);
  const name = (i: number | null) => (i === null ? null : (names.get(i) ?? null));
  return {
    ...job,
    statusLabel: statusLabel(job.status),
    orderTypeName: orderTypeName(job.orderType),
    clientName: client?.name ?? '',
    processingCity: city?.name ?? null,
    createdByName: name(job.createdById),
    lastModifiedByName: name(job.lastModifiedById),
    // The name written with the change (a staff member or a system actor), else the user's current name.
    statusLastModifiedByName: job.statusLastModifiedBy ?? name(job.statusLastModifiedById),
    sourceJobNumber: source?.jms ?? null,
    feedback: feedbackRows.map(({ createdById, ...f }) => ({ ...f, createdByName: name(createdById) })),
    statusHistory,
    blockNames,
  };
}
