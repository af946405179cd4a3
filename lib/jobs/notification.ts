/**
 * GET api/Job/SendNotification/{id} (spec §7): e-mails the job's contact a summary of the job (number, status,
 * matter, due time, a link to the job slip). The message goes through the outbox; nothing is sent when the
 * job is missing or another client's.
 */
import type { Actor } from '@/lib/auth/actor';
import { enqueueMail } from '@/lib/mail/outbox';
import { getDb } from '@/db/client';
import { getJobForClient } from './slip';

export const JOB_NOTIFICATION_KIND = 'job-notification';

export { jobNotificationSubject } from '@/lib/mail/kinds/job-notification';

/** Queues the notification; false when the actor may not see the job. */
export async function sendJobNotification(actor: Actor, id: number): Promise<boolean> {
  const job = await getJobForClient(actor, id);
  if (!job) return false;
  await enqueueMail(await getDb(), {
    to: job.email,
    kind: JOB_NOTIFICATION_KIND,
    props: {
      contactName: job.contactName,
      timeZone: job.timeZone,
      jobId: job.id,
      jmsNumber: job.jmsNumber,
      status: job.status,
      orderType: job.orderType,
      matterReference: job.matterReference,
      dueAt: job.dueAt,
      deliveredAt: job.deliveredAt,
    },
  });
  return true;
}
