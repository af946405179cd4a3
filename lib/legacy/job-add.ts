/**
 * POST api/Job/Add (spec §7): the legacy PascalCase job payload (job fields plus one instruction block, e.g.
 * ePrintInstructions or eScanInstructions) → saveJob. Answers { JobId, JMSNumber }; every broken rule is a 400
 * naming the legacy fields.
 *
 * It accepts what api/Job/{id} answers (a round trip with JobId 0 saves a new job, spec §3 "Job (payload)"):
 * - fields the server decides (ClientId, Status, InternalInstructions, the users and their names, the JMS number,
 *   the description, the time zone, CreatedOn, DateDelivered, CopyStatus, the documents of the job read) are
 *   ignored; so are keys the payload does not know, which the answer lists in IgnoredFields;
 * - Address given as the text of one of the client's branch addresses names that branch (ClientBranchAddressId wins);
 * - the print or scan block is also read under EPrintScanInstructions;
 * - DateReady/DateDue with TimeReady/TimeDue stand in for absent DateReadyInput … TimeDueInput.
 * What is refused is what breaks a rule of spec §5, each with its field message.
 */
import type { z } from 'zod';
import { ValidationError } from '@/lib/core/errors';
import type { jobAddedAnswer } from './answers';
import { isClientActor, type Actor } from '@/lib/auth/actor';
import { toCode } from '@/lib/validation';
import { fromLegacyOrder, legacyDateInputs, legacyJobBodySchema, toLegacyPath } from '@/lib/jobs/legacy-order';
import { listBranchAddresses } from '@/lib/jobs/lookups';
import { JOB_TEXT_FIELDS } from '@/lib/job-fields';
import { actorTimeZone, JobOrderInvalidError, saveJob, type SavedJob } from '@/lib/jobs/save';
import { isRecord } from '@/lib/core/guards';

/** The request body limit of api/Job/Add: a job order is a few kilobytes; the file travels separately (api/Document/UploadJob/5). */
export const MAX_ORDER_BODY_BYTES = 256 * 1024;

export const LEGACY_ADD_MSG = {
  notObject: 'The request body must be a JSON object.',
  tooLarge: 'The request body is too large.',
  documentModel: 'DocumentModel must name an uploaded document: { "DocumentId": <number> }.',
  addressUnknown:
    'None of your branch addresses has this text. Send ClientBranchAddressId or the text of one of your branch addresses.',
} as const;

/** The fields api/Job/Add reads (spec §3 "Job (payload)" and the block keys of lib/jobs/legacy-order.ts). */
export const LEGACY_JOB_INPUT_FIELDS: ReadonlySet<string> = new Set([
  'JobId',
  'OrderType',
  'ContactName',
  'Email',
  'ContactPhone',
  'AfterHourContactNumber',
  'CostEstimateNumber',
  'MatterReference',
  'Address',
  'ClientBranchAddressId',
  ...JOB_TEXT_FIELDS.map((f) => f.legacy),
  'DateReadyInput',
  'DateDueInput',
  'TimeReadyInput',
  'TimeDueInput',
  'DateReady',
  'DateDue',
  'TimeReady',
  'TimeDue',
  'Instructions',
  'NumberOfCopies',
  'WhatToCollect',
  'CopyAsOriginal',
  'copyInstructions',
  'AppealBook',
  'CourtCopy',
  'CollectionDescription',
  'ePrintInstructions',
  'eScanInstructions',
  'EPrintScanInstructions',
  'SourceJobId',
  'DocumentModel',
  'RequestKey',
]);

/**
 * Read-only fields: what api/Job/{id} and api/Job/JobSlip/{id} answer that the server decides. Accepted and
 * ignored, never listed as ignored (lib/legacy/job-add.db.test.ts checks that every key api/Job/{id} answers is
 * here or read).
 */
export const LEGACY_JOB_READ_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'ProjectId',
  'JMSNumber',
  'JobShortDescription',
  'TimeZone',
  'TimeZoneId',
  'ClientId',
  'ProcessingCity',
  'Status',
  'CreatedByDisplay',
  'LastModifiedBy',
  'StatusLastModifiedBy',
  'CreatedById',
  'LastModifiedById',
  'StatusLastModifiedById',
  'CreatedOn',
  'DateDelivered',
  'InternalInstructions',
  'FileName',
  'CopyStatus',
  'SourceFileName',
  'SourceFileId',
  'DeliveredFiles',
  // The job slip's extra fields (a caller may post a slip back too).
  'StatusName',
  'OrderTypeName',
  'ClientName',
  'ProcessingCityName',
  'SourceJobNumber',
  'LIONumber',
  'MatterType',
  'DocumentId',
  'JobInstructions',
  'FeedBacks',
]);

/** The documented body of api/Job/Add (lib/openapi): the order's fields under their legacy names, and the read-only ones. */
export const legacyJobAddBody = () => legacyJobBodySchema(LEGACY_JOB_READ_ONLY_FIELDS);

/** Declared once, as the zod schema of the OpenAPI document. */
export type LegacyJobAdded = z.output<typeof jobAddedAnswer>;

/**
 * The uploaded document named by DocumentModel (null: none), or a 400. A list is the read shape of api/Job/{id}
 * (the documents of the job that was read, which stay with it): ignored.
 */
function documentIdOf(v: unknown): number | null {
  if (v === undefined || v === null || Array.isArray(v)) return null;
  if (!isRecord(v)) throw new ValidationError({ DocumentModel: [LEGACY_ADD_MSG.documentModel] });
  const raw = v.DocumentId;
  if (raw === undefined || raw === null || raw === 0 || raw === '') return null;
  const id = toCode(raw);
  if (id === undefined || id === 0) throw new ValidationError({ DocumentModel: [LEGACY_ADD_MSG.documentModel] });
  return id;
}

export interface LegacyAddOptions {
  /** The Idempotency-Key header (wins over a RequestKey field). */
  idempotencyKey?: string | null;
  userAgent?: string | null;
}

const normaliseAddress = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * ClientBranchAddressId from Address when only the address text was sent (spec §3: Address comes "from the
 * selected client branch address"): the client's branch with that text (spaces and case aside), or a 400 on Address.
 */
async function withBranchFromAddress(actor: Actor, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const id = body.ClientBranchAddressId;
  const address = body.Address;
  if (
    !(id === undefined || id === null || id === '') ||
    typeof address !== 'string' ||
    /^\s*\d+\s*$/.test(address) ||
    address.trim() === ''
  )
    return body;
  if (!isClientActor(actor)) return body;
  const wanted = normaliseAddress(address);
  const branch = (await listBranchAddresses(actor)).find((b) => normaliseAddress(b.address) === wanted);
  if (!branch) throw new ValidationError({ Address: [LEGACY_ADD_MSG.addressUnknown] });
  return { ...body, ClientBranchAddressId: branch.id };
}

/** Validates and saves a legacy job body for the actor. Throws ValidationError with legacy field names. */
export async function addLegacyJob(actor: Actor, input: unknown, opts: LegacyAddOptions = {}): Promise<LegacyJobAdded> {
  if (!isRecord(input)) throw new ValidationError({ '': [LEGACY_ADD_MSG.notObject] }, LEGACY_ADD_MSG.notObject);
  const ignored = Object.keys(input).filter(
    (k) => !LEGACY_JOB_INPUT_FIELDS.has(k) && !LEGACY_JOB_READ_ONLY_FIELDS.has(k),
  );
  const requestKey =
    opts.idempotencyKey?.trim() || (typeof input.RequestKey === 'string' ? input.RequestKey.trim() : null) || null;
  const documentId = documentIdOf(input.DocumentModel);
  const { patch, sources } = legacyDateInputs(input, actorTimeZone(actor));
  const body = await withBranchFromAddress(actor, { ...input, ...patch });
  const addressGiven = body.ClientBranchAddressId !== input.ClientBranchAddressId;
  let saved: SavedJob;
  try {
    saved = await saveJob(actor, fromLegacyOrder(body), { requestKey, documentId, userAgent: opts.userAgent });
  } catch (e) {
    if (!(e instanceof JobOrderInvalidError)) throw e;
    const fields: Record<string, string[]> = {};
    for (const i of e.issues) {
      let field = i.path[0] === 'requestKey' ? 'RequestKey' : toLegacyPath(i.path);
      // A message about a field we derived names the field the caller sent.
      field = sources[field] ?? (field === 'ClientBranchAddressId' && addressGiven ? 'Address' : field);
      (fields[field] ??= []).push(i.message);
    }
    throw new ValidationError(fields);
  }
  const added: LegacyJobAdded = { JobId: saved.jobId, JMSNumber: saved.jmsNumber };
  if (ignored.length > 0) added.IgnoredFields = ignored.slice(0, 50).map((k) => k.slice(0, 100));
  return added;
}
