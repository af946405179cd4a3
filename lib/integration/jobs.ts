/**
 * What /api/v1 does with jobs, invoices and files, over the one service of each: the job slip
 * (lib/jobs/slip.ts) read as the provider, the workflow (lib/jobs/workflow.ts, the same alerts), the invoice
 * upsert (lib/invoices/issue.ts) and the deliverables intake (lib/documents/deliverables.ts). The caller is an
 * API key, named in every row it writes (`API key "<name>"`).
 */
import type { z } from 'zod';
import type { Principal } from '@/lib/core/principal';
import { attachJobFile } from '@/lib/jobs/files';
import type { UploadInput } from '@/lib/documents/service';
import { NotFoundError, parseOrThrow } from '@/lib/core/errors';
import { upsertInvoice } from '@/lib/invoices/issue';
import { invoiceIssueSchema } from '@/lib/invoices/issue-schema';
import { slipBlockRows } from '@/lib/jobs/slip-block';
import { jobIdByNumber, jobSlip, type JobDocument } from '@/lib/jobs/slip';
import { assigneeOf, assignJob } from '@/lib/jobs/assign';
import { changeJobStatus } from '@/lib/jobs/workflow';
import { WORKFLOW_MSG } from '@/lib/jobs/workflow-rules';
import { statusLabel } from '@/lib/reference';
import { byKey } from '@/lib/job-fields';
import type {
  assignAnswer,
  assignBody,
  fileReceiptAnswer,
  invoiceAnswer,
  invoiceUpsertBody,
  jobAnswer,
  statusChangeAnswer,
  statusChangeBody,
} from './schemas';

/** An /api/v1 caller: the key that authenticated the request, with the request's IP and browser. */
type ApiCaller = Principal & { kind: 'api-key' };

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

async function jobIdOf(jmsNumber: string): Promise<number> {
  const id = await jobIdByNumber(jmsNumber);
  if (id === null) throw new NotFoundError(WORKFLOW_MSG.jobNotFound);
  return id;
}

const fileView = (d: JobDocument): z.input<typeof jobAnswer>['sourceFiles'][number] => ({
  id: d.id,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  sha256: d.sha256,
  uploadedAt: iso(d.createdAt),
  uploadedBy: d.uploadedByName,
});

/** GET /api/v1/jobs/{jmsNumber}: the whole job, as the provider sees it (any client's). */
export async function jobForApi(jmsNumber: string): Promise<z.input<typeof jobAnswer>> {
  const id = await jobIdOf(jmsNumber);
  const s = await jobSlip({ kind: 'provider' }, id);
  if (!s) throw new NotFoundError(WORKFLOW_MSG.jobNotFound);
  const assignee = await assigneeOf(id);
  return {
    jmsNumber: s.jmsNumber,
    clientId: s.clientId,
    clientName: s.clientName,
    status: s.status,
    statusLabel: s.statusLabel,
    orderType: s.orderType,
    orderTypeName: s.orderTypeName,
    description: s.description,
    matterReference: s.matterReference,
    matterType: s.matterType,
    lioNumber: s.lioNumber,
    costEstimateNumber: s.costEstimateNumber,
    contactName: s.contactName,
    email: s.email,
    contactPhone: s.contactPhone,
    afterHourContactNumber: s.afterHourContactNumber,
    address: s.address,
    ...byKey((f) => s[f.key]),
    processingCity: s.processingCity,
    numberOfCopies: s.numberOfCopies,
    whatToCollect: s.whatToCollect,
    copyAsOriginal: s.copyAsOriginal,
    instructions: s.instructions?.trim() ? s.instructions : null,
    internalInstructions: s.internalInstructions,
    instructionBlock: s.instructionBlock ?? null,
    instructionBlockRows: slipBlockRows(s.orderType, s.instructionBlock, s.blockNames),
    timeZone: s.timeZone,
    createdAt: iso(s.createdAt),
    readyAt: iso(s.readyAt),
    dueAt: iso(s.dueAt),
    deliveredAt: isoOrNull(s.deliveredAt),
    updatedAt: iso(s.updatedAt),
    statusUpdatedAt: iso(s.statusUpdatedAt),
    createdBy: s.createdByName,
    statusLastModifiedBy: s.statusLastModifiedByName,
    clonedFromJmsNumber: s.sourceJobNumber,
    sourceFiles: s.documents.map(fileView),
    deliveredFiles: s.deliverables.map(fileView),
    feedback: s.feedback.map((f) => ({
      rating: f.feedBack,
      comments: f.comments,
      by: f.createdByName,
      at: iso(f.createdAt),
    })),
    assignedToId: assignee.id,
    assignedTo: assignee.name,
  };
}

/**
 * POST /api/v1/jobs/{jmsNumber}/status: through the workflow, as a system actor (the same rules and alerts). An
 * integration delivers its files through its own channel, so Delivered with no delivered file here is its
 * decision, confirmed on its behalf: the API keeps the behaviour it has always had.
 */
export async function changeStatusForApi(
  by: ApiCaller,
  jmsNumber: string,
  body: z.output<typeof statusChangeBody>,
): Promise<z.input<typeof statusChangeAnswer>> {
  const r = await changeJobStatus(by, await jobIdOf(jmsNumber), {
    toStatus: body.status,
    comment: body.comment ?? null,
    visibility: body.visibleToClient ? 'client' : 'internal',
    confirmNoDeliverable: true,
    ...(body.expectedStatus !== undefined ? { expectedStatus: body.expectedStatus } : {}),
  });
  return {
    jmsNumber: r.jmsNumber,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    statusLabel: statusLabel(r.toStatus),
    changedAt: iso(r.changedAt),
    changedBy: r.changedBy,
    deliveredAt: isoOrNull(r.deliveredAt),
    alertsQueued: r.alerts.instant + r.alerts.digest,
  };
}

/** POST /api/v1/jobs/{jmsNumber}/assignee: assigns the job to a staff user or nobody (lib/jobs/assign.ts, the same event and history). */
export async function assignForApi(
  by: ApiCaller,
  jmsNumber: string,
  body: z.output<typeof assignBody>,
): Promise<z.input<typeof assignAnswer>> {
  const r = await assignJob(by, await jobIdOf(jmsNumber), { assigneeId: body.assigneeId });
  return {
    jmsNumber: r.jmsNumber,
    assignedToId: r.toUserId,
    assignedTo: r.toName,
    previousAssigneeId: r.fromUserId,
    previousAssignee: r.fromName,
    changedAt: iso(r.changedAt),
    changedBy: r.changedBy,
  };
}

/** The workflow's field names → the API's, for 400/409 `errors`. */
export const STATUS_FIELD_NAMES: Readonly<Record<string, string>> = {
  toStatus: 'status',
  visibility: 'visibleToClient',
};

/** PUT /api/v1/invoices/{invoiceNumber}: the invoice service's upsert; its schema holds every rule. */
export async function upsertInvoiceForApi(
  by: ApiCaller,
  invoiceNumber: string,
  body: z.output<typeof invoiceUpsertBody>,
): Promise<z.input<typeof invoiceAnswer>> {
  const input = parseOrThrow(invoiceIssueSchema, {
    ClientId: body.clientId,
    InvoiceNumber: invoiceNumber,
    JobNumbers: body.jobNumbers,
    IssueDate: body.issueDate,
    DueDate: body.dueDate,
    CurrencyCode: body.currencyCode,
    Lines: body.lines.map((l) => ({
      ExtStockId: l.stockCode,
      Description: l.description,
      Quantity: l.quantity,
      Amount: l.amount,
      ...(l.gst !== undefined ? { Gst: l.gst } : {}),
    })),
  });
  const r = await upsertInvoice(by, input);
  return {
    invoiceNumber: r.invoiceNumber,
    clientId: r.clientId,
    amount: r.amount,
    gst: r.gst,
    created: r.event === 'issued',
  };
}

/** POST /api/v1/jobs/{jmsNumber}/files: one delivered file through the deliverables intake (streamed, SHA-256, scanned). */
export async function attachFileForApi(
  by: ApiCaller,
  jmsNumber: string,
  input: UploadInput,
): Promise<z.input<typeof fileReceiptAnswer>> {
  const doc = await attachJobFile(by, await jobIdOf(jmsNumber), input);
  return {
    id: doc.id,
    jmsNumber,
    fileName: doc.fileName,
    contentType: doc.contentType,
    size: doc.size,
    sha256: doc.sha256 ?? '',
    uploadedAt: iso(doc.createdAt),
  };
}
