/**
 * What the queue's table and cards show of a row (browser-safe shapes; times in the staff member's zone): it goes to
 * the island in the page's RSC payload, so it carries nothing they do not use (a row's link is built there from its
 * id: lib/ops/links.ts).
 */
import { displayDateTime } from '@/lib/display-date';
import { DELIVERED_STATUS, orderTypeName } from '@/lib/reference';
import type { QueueItem } from './queue';

export interface QueueRowView {
  id: number;
  jmsNumber: string;
  clientName: string;
  orderTypeName: string;
  /** Its label is the status's (lib/reference.ts statusLabel, in StatusBadge). */
  status: number;
  matterReference: string;
  contactName: string;
  created: string;
  due: string;
  /** Due before now, neither delivered nor cancelled. */
  overdue: boolean;
  /** The owner's name, '' for nobody. */
  assignee: string;
  /** The live invoice that bills the job ('Invoiced: INV-…'), '' for none. */
  invoiced: string;
}

export function presentQueueRow(
  j: QueueItem,
  timeZone: string,
  at: Date,
  staffNames: ReadonlyMap<number, string> = new Map(),
): QueueRowView {
  return {
    id: j.id,
    jmsNumber: j.jmsNumber,
    clientName: j.clientName,
    orderTypeName: orderTypeName(j.orderType),
    status: j.status,
    matterReference: j.matterReference,
    contactName: j.contactName,
    created: displayDateTime(j.createdAt, timeZone),
    due: displayDateTime(j.dueAt, timeZone),
    overdue:
      j.dueAt.getTime() < at.getTime() && j.status !== DELIVERED_STATUS && j.status !== 10 && j.deliveredAt === null,
    assignee: j.assignedToId === null ? '' : (staffNames.get(j.assignedToId) ?? 'A former staff user'),
    invoiced: j.invoiceNumber ?? '',
  };
}
