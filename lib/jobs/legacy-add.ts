/**
 * POST api/Job/Add (spec §7): the legacy PascalCase job payload (job fields plus one instruction block, e.g.
 * ePrintInstructions or eScanInstructions) → saveJob. Answers { JobId, JMSNumber }; every broken rule is a 400
 * naming the legacy fields. Fields the server decides (ClientId, Status, InternalInstructions, the users, the
 * JMS number, the dates' instants) are accepted and ignored; fields the payload does not know are refused.
 */
import { refuseUnstorable } from '@/lib/http/body';
import { ValidationError } from '@/lib/http/errors';
import type { Actor } from '@/lib/auth/actor';
import { toCode } from '@/lib/validation';
import { fromLegacyOrder, toLegacyPath } from './legacy-order';
import { JobOrderInvalidError, saveJob, type SavedJob } from './save';

/** The request body limit: a job order is a few kilobytes; the file travels separately (api/Document/UploadJob/5). */
export const MAX_ORDER_BODY_BYTES = 256 * 1024;

export const LEGACY_ADD_MSG = {
  notObject: 'The request body must be a JSON object.',
  unknownField: 'This field is not part of the job payload.',
  tooLarge: 'The request body is too large.',
  documentModel: 'DocumentModel must name an uploaded document: { "DocumentId": <number> }.',
} as const;

/** Spec §3 "Job (payload)" and the block keys of lib/jobs/legacy-order.ts. */
export const LEGACY_JOB_FIELDS: ReadonlySet<string> = new Set([
  // Read (validated) ...
  'JobId', 'OrderType', 'ContactName', 'Email', 'ContactPhone', 'AfterHourContactNumber', 'CostEstimateNumber',
  'MatterReference', 'Address', 'ClientBranchAddressId', 'AlternatePickupDelivery', 'DateReadyInput', 'DateDueInput',
  'TimeReadyInput', 'TimeDueInput', 'Instructions', 'NumberOfCopies', 'WhatToCollect', 'CopyAsOriginal',
  'copyInstructions', 'AppealBook', 'CourtCopy', 'CollectionDescription', 'ePrintInstructions', 'eScanInstructions',
  'SourceJobId', 'DocumentModel', 'RequestKey',
  // ... and accepted but decided by the server.
  'ProjectId', 'JMSNumber', 'DateReady', 'DateDue', 'TimeReady', 'TimeDue', 'TimeZone', 'ClientId', 'ProcessingCity',
  'Status', 'CreatedByDisplay', 'LastModifiedBy', 'StatusLastModifiedBy', 'CreatedById', 'LastModifiedById',
  'StatusLastModifiedById', 'InternalInstructions', 'FileName', 'CopyStatus', 'SourceFileName', 'SourceFileId',
  'EPrintScanInstructions',
]);

export interface LegacyJobAdded {
  JobId: number;
  JMSNumber: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The uploaded document named by DocumentModel (null: none), or a 400. */
function documentIdOf(v: unknown): number | null {
  if (v === undefined || v === null) return null;
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

/** Validates and saves a legacy job body for the actor. Throws ValidationError with legacy field names. */
export async function addLegacyJob(actor: Actor, body: unknown, opts: LegacyAddOptions = {}): Promise<LegacyJobAdded> {
  if (!isRecord(body)) throw new ValidationError({ '': [LEGACY_ADD_MSG.notObject] }, LEGACY_ADD_MSG.notObject);
  const unknown = Object.keys(body).filter((k) => !LEGACY_JOB_FIELDS.has(k));
  if (unknown.length > 0) throw new ValidationError(Object.fromEntries(unknown.slice(0, 20).map((k) => [k.slice(0, 100), [LEGACY_ADD_MSG.unknownField]])));
  const requestKey = opts.idempotencyKey?.trim() || (typeof body.RequestKey === 'string' ? body.RequestKey.trim() : null) || null;
  const documentId = documentIdOf(body.DocumentModel);
  let saved: SavedJob;
  try {
    saved = await saveJob(actor, fromLegacyOrder(body), { requestKey, documentId, userAgent: opts.userAgent });
  } catch (e) {
    if (!(e instanceof JobOrderInvalidError)) throw e;
    const fields: Record<string, string[]> = {};
    for (const i of e.issues) (fields[i.path[0] === 'requestKey' ? 'RequestKey' : toLegacyPath(i.path)] ??= []).push(i.message);
    throw new ValidationError(fields);
  }
  return { JobId: saved.jobId, JMSNumber: saved.jmsNumber };
}

/** Reads a request body as JSON, refusing more than `max` bytes without reading the rest. */
export async function readJsonBody(req: Request, max = MAX_ORDER_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) {
    await req.body?.cancel().catch(() => undefined);
    throw new ValidationError({ '': [LEGACY_ADD_MSG.tooLarge] }, LEGACY_ADD_MSG.tooLarge);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      size += r.value.length;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw new ValidationError({ '': [LEGACY_ADD_MSG.tooLarge] }, LEGACY_ADD_MSG.tooLarge);
      }
      chunks.push(r.value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new ValidationError({ '': [LEGACY_ADD_MSG.notObject] }, LEGACY_ADD_MSG.notObject);
  const value: unknown = JSON.parse(text);
  refuseUnstorable(value);
  return value;
}
