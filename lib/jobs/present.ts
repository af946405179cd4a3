/**
 * The web screens' view of jobs: plain strings ready to render (dates dd-MMM-yyyy hh:mm AM/PM in the viewer's
 * zone, labels, links with encoded ids), so client components receive only serialisable data and hold no
 * rules. Server-only (ids are encoded with Buffer).
 */
import { encodeParam } from '@/lib/encoding';
import { DELIVERED_STATUS, orderTypeName, statusLabel } from '@/lib/reference';
import { ADDITIONAL_TASKS, SERVICE_RECIPIENTS } from './blocks/appeal-book';
import { EXCLUDE_FROM_NUMBERING } from './blocks/copy';
import { INSERT_TYPES } from './blocks/print';
import { DELIVERY_TYPES, OTHER_FILES } from './blocks/scan';
import type { JobComment } from './comments';
import { legacyBlockFields } from './instruction-block';
import { displayDateTime } from './legacy';
import type { JobListItem } from './queries';
import type { JobSlip } from './slip';

const enc = (v: string | number) => encodeURIComponent(encodeParam(v));

export const jobSlipHref = (id: number, printPrompt = false) => `/JobSlip?jb=${enc(id)}${printPrompt ? '&showPrintDialog=1' : ''}`;
export const copyJobHref = (id: number) => `/SaveJob?jb=${enc(id)}`;
export const jobInvoiceHref = (jmsNumber: string) => `/Invoice?jm=${enc(jmsNumber)}`;
export const documentHref = (id: number) => `/api/Document/Download/${id}`;

export interface JobRowView {
  id: number;
  jmsNumber: string;
  matterReference: string;
  description: string;
  contactName: string;
  orderTypeName: string;
  status: number;
  statusLabel: string;
  created: string;
  due: string;
  delivered: string;
  hasFeedback: boolean;
  /** Delivered and not rated yet (docs/decisions: feedback once per delivered job). */
  canGiveFeedback: boolean;
  slipHref: string;
  copyHref: string;
  invoiceHref: string | null;
}

export function presentJobRow(j: JobListItem, timeZone: string): JobRowView {
  return {
    id: j.id,
    jmsNumber: j.jmsNumber,
    matterReference: j.matterReference,
    description: j.description,
    contactName: j.contactName,
    orderTypeName: orderTypeName(j.orderType),
    status: j.status,
    statusLabel: statusLabel(j.status),
    created: displayDateTime(j.createdAt, timeZone),
    due: displayDateTime(j.dueAt, timeZone),
    delivered: displayDateTime(j.deliveredAt, timeZone),
    hasFeedback: j.hasFeedback,
    canGiveFeedback: j.status === DELIVERED_STATUS && !j.hasFeedback,
    slipHref: jobSlipHref(j.id),
    copyHref: copyJobHref(j.id),
    invoiceHref: j.invoiced ? jobInvoiceHref(j.jmsNumber) : null,
  };
}

export interface SlipRow {
  label: string;
  value: string;
}

export interface SlipSection {
  title: string;
  rows: SlipRow[];
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
  documents: { id: number; fileName: string; size: number; href: string }[];
  feedback: { id: number; feedBack: number; comments: string; by: string; at: string }[];
  comments: { id: number; comment: string; status: string; by: string; at: string }[];
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** "numberingSequenceEPrint" → "Numbering sequence e print"; "AfterHourContactNumber" → "After hour contact number". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Names = readonly { id: number; name: string }[];
/** Names of the selection lists a block may carry, by list key, else by the item's type key. */
const LIST_NAMES: Record<string, Names> = { excludeFromNumbering: EXCLUDE_FROM_NUMBERING, otherFilesToInclude: OTHER_FILES, deliverFiles: DELIVERY_TYPES };
const TYPE_NAMES: Record<string, Names> = { insertSeprationType: INSERT_TYPES, deliverType: DELIVERY_TYPES };

function selectionText(listKey: string, items: unknown[]): string | null {
  const chosen: string[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) return null;
    const entries = Object.entries(item);
    const selected = entries.find(([k]) => k === 'SelectedValue')?.[1];
    const typed = entries.find(([k]) => k !== 'SelectedValue');
    if (!typed) return null;
    const [typeKey, id] = typed;
    if (selected !== true) continue;
    chosen.push((LIST_NAMES[listKey] ?? TYPE_NAMES[typeKey])?.find((n) => n.id === id)?.name ?? String(id));
  }
  return chosen.join(', ');
}

function cellText(key: string, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'boolean') return yesNo(v);
  if (Array.isArray(v)) {
    if (key === 'AdditionalTasks') return v.map((id) => ADDITIONAL_TASKS.find((t) => t.id === id)?.name ?? String(id)).join(', ');
    if (key === 'ServiceTo') return v.map((id) => SERVICE_RECIPIENTS.find((t) => t.id === id)?.name ?? String(id)).join(', ');
    const sel = selectionText(key, v);
    return sel ?? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The rows of a job's instruction block (whatever the order type's block holds). */
export function blockRows(orderType: number, block: unknown): SlipRow[] {
  const fields = legacyBlockFields(orderType, block);
  const rows: SlipRow[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) {
        const text = cellText(k, v);
        if (text !== null) rows.push({ label: humanise(k), value: text });
      }
    } else {
      const text = cellText(key, value);
      if (text !== null) rows.push({ label: humanise(key), value: text });
    }
  }
  return rows;
}

const rowsOf = (pairs: [string, string | null | undefined][]): SlipRow[] => pairs.flatMap(([label, value]) => (value ? [{ label, value }] : []));

export function presentJobSlip(s: JobSlip, comments: JobComment[], viewerTimeZone: string): JobSlipView {
  const at = (d: Date | null) => displayDateTime(d, viewerTimeZone);
  const block = blockRows(s.orderType, s.instructionBlock);
  return {
    id: s.id,
    jmsNumber: s.jmsNumber,
    status: s.status,
    statusLabel: s.statusLabel,
    orderTypeName: s.orderTypeName,
    sections: [
      {
        title: 'Job',
        rows: rowsOf([
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
      },
      {
        title: 'Contact',
        rows: rowsOf([
          ['Contact name', s.contactName],
          ['E-mail', s.email],
          ['Phone', s.contactPhone],
          ['After-hours phone', s.afterHourContactNumber],
        ]),
      },
      { title: 'Pickup and delivery', rows: rowsOf([['Address', s.address], ['Alternate pickup / delivery', s.alternatePickupDelivery]]) },
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
        rows: rowsOf([
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
    documents: s.documents.map((d) => ({ id: d.id, fileName: d.fileName, size: d.size, href: documentHref(d.id) })),
    feedback: s.feedback.map((f) => ({ id: f.id, feedBack: f.feedBack, comments: f.comments, by: f.createdByName ?? '', at: at(f.createdAt) })),
    comments: comments.map((c) => ({ id: c.id, comment: c.comment, status: c.statusId === null ? '' : statusLabel(c.statusId), by: c.createdByName, at: at(c.createdAt) })),
  };
}
