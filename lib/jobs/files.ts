/**
 * Attaching a finished file to a job, with its news: the deliverable goes through the upload store of
 * lib/documents/deliverables.ts, and in the document row's transaction the firm's users get the news of it
 * (lib/jobs/news.ts: their open job list and slip update, the bell tells the users whose job it is). The staff
 * upload route and the integration API both attach through here.
 */
import { eq } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import type { Principal } from '@/lib/core/principal';
import { attachDeliverable } from '@/lib/documents/deliverables';
import type { DocumentInfo, UploadInput } from '@/lib/documents/store';
import { publishJobNews } from './news';

export async function attachJobFile(by: Principal, jobId: number, input: UploadInput): Promise<DocumentInfo> {
  return attachDeliverable(by, jobId, input, async (tx, row) => {
    const [job] = await tx.select({ jmsNumber: jobs.jmsNumber }).from(jobs).where(eq(jobs.id, row.jobId)).limit(1);
    if (!job) return;
    await publishJobNews(tx, { kind: 'job.file_added', jobId: row.jobId, clientId: row.clientId, jmsNumber: job.jmsNumber, fileName: row.fileName, at: row.createdAt });
  });
}
