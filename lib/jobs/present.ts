/**
 * The web screens' view of jobs: plain strings ready to render (dates dd-MMM-yyyy hh:mm AM/PM in the viewer's
 * zone, labels; the links with encoded ids are ./links.ts), so client components receive only serialisable data
 * and hold no rules.
 */
import { documentHref, matterHref } from './links';
import { DELIVERED_STATUS, orderTypeName, statusLabel } from '@/lib/reference';
import type { JobComment } from './comments';
import { displayDateTime } from '@/lib/display-date';
import type { JobListItem } from './queries';
import type { JobSlip } from './slip';
import { JOB_TEXT_FIELDS, type JobTextSlipSection } from '@/lib/job-fields';
import { slipBlockRows } from './slip-block';
import type { SlipRow } from './slip-fields';

export type { SlipRow };

/**
 * A row of the job list, as its island receives it (in the page's RSC payload besides the HTML): only what the
 * table, the cards and the row's menu show or use (the status label comes from the status, lib/reference.ts; the
 * links to the slip, copy, invoice and matter from the id, number and reference, ./links.ts jobRowLinks).
 */
export interface JobRowView {
  id: number;
  jmsNumber: string;
  matterReference: string;
  description: string;
  contactName: string;
  status: number;
  created: string;
  due: string;
  delivered: string;
  hasFeedback: boolean;
  /** Delivered and not rated yet (docs/decisions: feedback once per delivered job). */
  canGiveFeedback: boolean;
  /** An invoice names the job (the row offers "View invoice"). */
  invoiced: boolean;
}

export function presentJobRow(j: JobListItem, timeZone: string): JobRowView {
  return {
    id: j.id,
    jmsNumber: j.jmsNumber,
    matterReference: j.matterReference,
    description: j.description,
    contactName: j.contactName,
    status: j.status,
    created: displayDateTime(j.createdAt, timeZone),
    due: displayDateTime(j.dueAt, timeZone),
    delivered: displayDateTime(j.deliveredAt, timeZone),
    hasFeedback: j.hasFeedback,
    canGiveFeedback: j.status === DELIVERED_STATUS && !j.hasFeedback,
    invoiced: j.invoiced,
  };
}

export interface SlipSection {
  title: string;
  rows: SlipRow[];
}

/** A file on the job slip with its receipt: SHA-256, size, when and by whom it was uploaded. */
export interface SlipFileView {
  id: number;
  fileName: string;
  size: number;
  href: string;
  sha256: string | null;
  uploadedAt: string;
  uploadedBy: string;
}

export interface JobSlipView {
  id: number;
  jmsNumber: string;
  status: number;
  statusLabel: string;
  orderTypeName: string;
  sections: SlipSection[];
  instructions: string | null;
  internalInstructions: string | null;
  documents: SlipFileView[];
  /** Finished files the provider attached, to download ("Delivered files"). */
  deliverables: SlipFileView[];
  feedback: { id: number; feedBack: number; comments: string; by: string; at: string }[];
  /** `internal`: an internal-only comment (only staff are given those). */
  comments: { id: number; comment: string; status: string; by: string; at: string; internal: boolean }[];
  /** Every status change, oldest first. */
  statusHistory: { id: number; from: string; to: string; by: string; at: string }[];
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

const rowsOf = (pairs: [string, string | null | undefined][]): SlipRow[] =>
  pairs.flatMap(([label, value]) => (value ? [{ label, value }] : []));

/** The rows of a slip section: its own, then the optional text fields (lib/job-fields.ts) shown in it. */
const sectionRows = (s: JobSlip, section: JobTextSlipSection, pairs: [string, string | null | undefined][]) =>
  rowsOf([
    ...pairs,
    ...JOB_TEXT_FIELDS.filter((f) => f.slip === section).map((f): [string, string | null] => [f.label, s[f.key]]),
  ]);

export function presentJobSlip(
  s: JobSlip,
  comments: JobComment[],
  viewerTimeZone: string,
  opts: { matterLink?: boolean } = {},
): JobSlipView {
  const at = (d: Date | null) => displayDateTime(d, viewerTimeZone);
  const block = slipBlockRows(s.orderType, s.instructionBlock, s.blockNames);
  const fileView = (d: JobSlip['documents'][number]): SlipFileView => ({
    id: d.id,
    fileName: d.fileName,
    size: d.size,
    href: documentHref(d.id),
    sha256: d.sha256,
    uploadedAt: at(d.createdAt),
    uploadedBy: d.uploadedByName ?? '',
  });
  const linkMatter = (rows: SlipRow[]) =>
    opts.matterLink === false
      ? rows
      : rows.map((r) => (r.label === 'Matter reference' ? { ...r, href: matterHref(r.value) ?? undefined } : r));
  return {
    id: s.id,
    jmsNumber: s.jmsNumber,
    status: s.status,
    statusLabel: s.statusLabel,
    orderTypeName: s.orderTypeName,
    sections: [
      {
        title: 'Job',
        rows: linkMatter(
          sectionRows(s, 'Job', [
            ['JMS number', s.jmsNumber],
            ['LIO number', s.lioNumber],
            ['Job type', s.orderTypeName],
            ['Status', s.statusLabel],
            ['Description', s.description],
            ['Matter reference', s.matterReference],
            ['Matter type', s.matterType],
            ['Cost estimate number', s.costEstimateNumber],
            ['Client', s.clientName],
            ['Processing city', s.processingCity],
            ['Cloned from job', s.sourceJobNumber],
          ]),
        ),
      },
      {
        title: 'Contact',
        rows: sectionRows(s, 'Contact', [
          ['Contact name', s.contactName],
          ['E-mail', s.email],
          ['Phone', s.contactPhone],
          ['After-hours phone', s.afterHourContactNumber],
        ]),
      },
      {
        title: 'Pickup and delivery',
        rows: sectionRows(s, 'Pickup and delivery', [['Address', s.address]]),
      },
      {
        title: 'Dates',
        rows: rowsOf([
          ['Logged', at(s.createdAt)],
          ['Ready', at(s.readyAt)],
          ['Due', at(s.dueAt)],
          ['Delivered', at(s.deliveredAt)],
        ]),
      },
      {
        title: 'Order',
        rows: sectionRows(s, 'Order', [
          ['Number of copies', s.numberOfCopies === null ? null : String(s.numberOfCopies)],
          ['What to collect', s.whatToCollect],
          ['Copy as original', s.orderType === 3 ? yesNo(s.copyAsOriginal) : null],
        ]),
      },
      ...(block.length ? [{ title: `${orderTypeName(s.orderType)} instructions`, rows: block }] : []),
      {
        title: 'Record',
        rows: rowsOf([
          ['Created by', s.createdByName],
          ['Last modified by', s.lastModifiedByName],
          ['Status last modified by', s.statusLastModifiedByName],
          ['Last updated', at(s.updatedAt)],
        ]),
      },
    ].filter((sec) => sec.rows.length > 0),
    instructions: s.instructions?.trim() ? s.instructions : null,
    internalInstructions: s.internalInstructions,
    documents: s.documents.map(fileView),
    deliverables: s.deliverables.map(fileView),
    feedback: s.feedback.map((f) => ({
      id: f.id,
      feedBack: f.feedBack,
      comments: f.comments,
      by: f.createdByName ?? '',
      at: at(f.createdAt),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      comment: c.comment,
      status: c.statusId === null ? '' : statusLabel(c.statusId),
      by: c.createdByName,
      at: at(c.createdAt),
      internal: c.isInternal,
    })),
    statusHistory: s.statusHistory.map((h) => ({
      id: h.id,
      from: statusLabel(h.fromStatus),
      to: statusLabel(h.toStatus),
      by: h.changedByName,
      at: at(h.createdAt),
    })),
  };
}
