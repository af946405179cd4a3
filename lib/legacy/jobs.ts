/**
 * PascalCase presenters of the job read model for the legacy api/* callers (spec §3 "Job", "Job list query
 * and answer", "Job slip", "Job feedback", "User preference"; §7). Services return camelCase models; only
 * this module knows the legacy names. Instants are ISO 8601 (UTC); the *Input strings are the order form's
 * dd/MM/yyyy and hh:mm AM/PM in the job's time zone; *Display strings are dd-MMM-yyyy hh:mm AM/PM in the
 * caller's time zone (§9).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { orderTypeName, statusLabel } from '@/lib/reference';
import { displayDateTime } from '@/lib/display-date';
import type { ListResult } from '@/lib/lists/paging';
import type { JobComment } from '@/lib/jobs/comments';
import { legacyBlockFields } from '@/lib/jobs/instruction-block';
import type { StoredPreference } from '@/lib/jobs/preferences';
import { toPreferenceModel } from '@/lib/jobs/preferences';
import type { JobListItem } from '@/lib/jobs/queries';
import type { JobDetail, JobFeedbackItem, JobSlip, JobWithNames } from '@/lib/jobs/slip';
import { byLegacyName } from '@/lib/job-fields';
import { TIME_FILTERS, type TimeFilterKind } from '@/lib/jobs/time-filters';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

function inZone(d: Date | null | undefined, timeZone: string, pattern: string): string {
  if (!d) return '';
  try {
    return formatInTimeZone(d, timeZone, pattern);
  } catch {
    return formatInTimeZone(d, 'UTC', pattern);
  }
}

export function toLegacyJobListItem(j: JobListItem, timeZone: string) {
  return {
    JobId: j.id,
    JMSNumber: j.jmsNumber,
    MatterReference: j.matterReference,
    JobShortDescription: j.description,
    ContactName: j.contactName,
    OrderType: j.orderType,
    OrderTypeName: orderTypeName(j.orderType),
    JobStatusId: j.status,
    Status: statusLabel(j.status),
    TimeCreated: iso(j.createdAt),
    TimeDue: iso(j.dueAt),
    TimeDelivered: iso(j.deliveredAt),
    TimeCreatedDisplay: displayDateTime(j.createdAt, timeZone),
    TimeDueDisplay: displayDateTime(j.dueAt, timeZone),
    TimeDeliveredDisplay: displayDateTime(j.deliveredAt, timeZone),
    HasFeedback: j.hasFeedback,
    IsInvoiced: j.invoiced,
  };
}

/** The answer of POST api/Job/JobsList/CurrentPage/{page}/PageSize/{size}. */
export function toLegacyJobList(r: ListResult<JobListItem>, timeZone: string) {
  return {
    Jobs: r.rows.map((j) => toLegacyJobListItem(j, timeZone)),
    TotalCount: r.totalCount,
    ItemsPerPage: r.pageSize,
  };
}

/** The copy section flags (§3 "CopyStatus flags") a copy job stored with its block; null for other jobs. */
function copyStatusOf(block: unknown): Record<string, boolean> | null {
  if (typeof block !== 'object' || block === null || !('CopyStatus' in block)) return null;
  const status = block.CopyStatus;
  if (typeof status !== 'object' || status === null) return null;
  return Object.fromEntries(Object.entries(status).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
}

/** The print or scan block again under the name §3 gives it ("read back as an EPrintScanInstructions block"). */
function ePrintScanOf(blocks: Record<string, unknown>): Record<string, unknown> {
  const block = blocks.ePrintInstructions ?? blocks.eScanInstructions;
  return block === undefined ? {} : { EPrintScanInstructions: block };
}

export interface LegacyJobOptions {
  /**
   * The caller is internal staff (roles 1 and 2): InternalInstructions is always present (null when empty).
   * Otherwise it is present only when the service gave it (never for client users).
   */
  staff?: boolean;
}

type JobNames = Partial<Pick<JobWithNames, 'createdByName' | 'lastModifiedByName' | 'statusLastModifiedByName'>>;

/** GET api/Job/{id}: the job payload of spec §3, every field. */
export function toLegacyJob(j: JobDetail & JobNames, opts: LegacyJobOptions = {}) {
  const zone = j.timeZone;
  const first = j.documents[0];
  const blocks = legacyBlockFields(j.orderType, j.instructionBlock);
  const internal = opts.staff
    ? { InternalInstructions: j.internalInstructions ?? null }
    : j.internalInstructions
      ? { InternalInstructions: j.internalInstructions }
      : {};
  return {
    JobId: j.id,
    ProjectId: j.projectId,
    JMSNumber: j.jmsNumber,
    OrderType: j.orderType,
    ContactName: j.contactName,
    Email: j.email,
    ContactPhone: j.contactPhone,
    AfterHourContactNumber: j.afterHourContactNumber,
    CostEstimateNumber: j.costEstimateNumber,
    MatterReference: j.matterReference,
    JobShortDescription: j.description,
    Address: j.address,
    ClientBranchAddressId: j.clientBranchAddressId,
    ...byLegacyName((f) => j[f.key]),
    DateReady: iso(j.readyAt),
    DateDue: iso(j.dueAt),
    TimeReady: inZone(j.readyAt, zone, 'hh:mm a'),
    TimeDue: inZone(j.dueAt, zone, 'hh:mm a'),
    DateReadyInput: inZone(j.readyAt, zone, 'dd/MM/yyyy'),
    DateDueInput: inZone(j.dueAt, zone, 'dd/MM/yyyy'),
    TimeReadyInput: inZone(j.readyAt, zone, 'hh:mm a'),
    TimeDueInput: inZone(j.dueAt, zone, 'hh:mm a'),
    DateDelivered: iso(j.deliveredAt),
    TimeZoneId: zone,
    ClientId: j.clientId,
    ProcessingCity: j.processingCityId,
    Status: j.status,
    CreatedByDisplay: j.createdByName ?? null,
    LastModifiedBy: j.lastModifiedByName ?? null,
    StatusLastModifiedBy: j.statusLastModifiedByName ?? null,
    CreatedById: j.createdById,
    LastModifiedById: j.lastModifiedById,
    StatusLastModifiedById: j.statusLastModifiedById,
    CreatedOn: iso(j.createdAt),
    Instructions: j.instructions,
    NumberOfCopies: j.numberOfCopies,
    WhatToCollect: j.whatToCollect,
    ...internal,
    CopyAsOriginal: j.copyAsOriginal,
    CopyStatus: copyStatusOf(j.instructionBlock),
    FileName: first?.fileName ?? null,
    SourceFileName: first?.fileName ?? null,
    SourceFileId: first?.id ?? null,
    SourceJobId: j.sourceJobId,
    DocumentModel: j.documents.map((d) => ({
      DocumentId: d.id,
      FileName: d.fileName,
      ContentType: d.contentType,
      Size: d.size,
      Sha256: d.sha256,
    })),
    DeliveredFiles: j.deliverables.map((d) => ({
      DocumentId: d.id,
      FileName: d.fileName,
      ContentType: d.contentType,
      Size: d.size,
      Sha256: d.sha256,
      CreatedDate: d.createdAt.toISOString(),
    })),
    ...blocks,
    ...ePrintScanOf(blocks),
  };
}

/** GET api/Job/JobSlip/{id}: the job with the slip fields of spec §3 and the display names. */
export function toLegacyJobSlip(s: JobSlip) {
  const job = toLegacyJob(s);
  return {
    ...job,
    StatusName: s.statusLabel,
    OrderTypeName: s.orderTypeName,
    ClientName: s.clientName,
    ProcessingCityName: s.processingCity,
    CreatedByDisplay: s.createdByName,
    LastModifiedBy: s.lastModifiedByName,
    StatusLastModifiedBy: s.statusLastModifiedByName,
    SourceJobNumber: s.sourceJobNumber,
    LIONumber: s.lioNumber,
    MatterType: s.matterType,
    DocumentId: s.documents[0]?.id ?? null,
    JobInstructions: s.instructions,
    FeedBacks: s.feedback.map(toLegacyFeedback),
  };
}

export function toLegacyFeedback(f: JobFeedbackItem) {
  return {
    JobFeedBackId: f.id,
    JobId: f.jobId,
    FeedBack: f.feedBack,
    Comments: f.comments,
    CreatedBy: f.createdByName,
    CreatedOn: iso(f.createdAt),
  };
}

export function toLegacyComment(c: JobComment) {
  return {
    CommentHistoryId: c.id,
    JobId: c.jobId,
    Comment: c.comment,
    StatusId: c.statusId,
    Status: c.statusId === null ? null : statusLabel(c.statusId),
    CreatedBy: c.createdByName,
    CreatedOn: iso(c.createdAt),
    /** Internal-only comments reach staff only (always false for a client user). */
    IsInternal: c.isInternal,
  };
}

/** GET api/Job/TimeCreatedFilters, TimeDueFilters, TimeDeliveredFilters. */
export function toLegacyTimeFilters(kind: TimeFilterKind) {
  return TIME_FILTERS[kind].map((b) => ({ Id: b.id, Text: b.label }));
}

/** GET api/User/GetUserPreference. */
export function toLegacyUserPreference(p: StoredPreference) {
  return { UserId: p.userId, PageSize: p.pageSize, JobPreferenceModel: toPreferenceModel(p.job) };
}
