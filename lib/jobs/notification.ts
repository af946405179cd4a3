/**
 * GET api/Job/SendNotification/{id} (spec §7): e-mails the job's contact a summary of the job (number, status,
 * matter, due time, a link to the job slip). The message goes through the outbox; nothing is sent when the
 * job is missing or another client's.
 */
import { config } from '@/lib/config';
import { encodeParam } from '@/lib/encoding';
import type { Actor } from '@/lib/auth/actor';
import { enqueueMail } from '@/lib/mail/outbox';
import { getDb } from '@/db/client';
import { displayDateTime } from '@/lib/display-date';
import { getJobForClient } from './slip';
import { orderTypeName, statusLabel } from '@/lib/reference';

export const JOB_NOTIFICATION_KIND = 'job-notification';

export function jobNotificationSubject(jmsNumber: string, status: number): string {
  return `Job ${jmsNumber}: ${statusLabel(status)}`;
}

/** Queues the notification; false when the actor may not see the job. */
export async function sendJobNotification(actor: Actor, id: number): Promise<boolean> {
  const job = await getJobForClient(actor, id);
  if (!job) return false;
  const zone = job.timeZone;
  const link = `${config().appUrl}/JobSlip?jb=${encodeURIComponent(encodeParam(job.id))}`;
  const lines = [
    `Hello ${job.contactName},`,
    '',
    `Here is the latest on job ${job.jmsNumber}.`,
    '',
    `Status: ${statusLabel(job.status)}`,
    `Job type: ${orderTypeName(job.orderType)}`,
    `Matter reference: ${job.matterReference}`,
    `Due: ${displayDateTime(job.dueAt, zone)}`,
    ...(job.deliveredAt ? [`Delivered: ${displayDateTime(job.deliveredAt, zone)}`] : []),
    '',
    `View the job slip: ${link}`,
  ];
  await enqueueMail(await getDb(), {
    to: job.email,
    subject: jobNotificationSubject(job.jmsNumber, job.status),
    text: lines.join('\n'),
    kind: JOB_NOTIFICATION_KIND,
  });
  return true;
}
