import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedIn } from '@/test/factories';
import { FEEDBACK_MSG, feedbackFormSchema, getJobFeedback, legacyFeedbackSchema, saveJobFeedback } from './feedback';

describe('job feedback', () => {
  useTestDatabase();

  it('saves feedback on a delivered job and reads it back', async () => {
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId, status: 8 });
    const saved = await saveJobFeedback(me.actor, { jobId: job.id, feedBack: 5, comments: '  On time, thank you.  ' });
    expect(saved).toMatchObject({
      jobId: job.id,
      feedBack: 5,
      comments: 'On time, thank you.',
      createdByName: 'Test User',
    });
    expect(await getJobFeedback(me.actor, job.id)).toEqual([saved]);
  });

  it('refuses a job that is not delivered yet, and a second feedback (one per job, also under a double click)', async () => {
    const me = await signedIn(3);
    const open = await makeJob({ clientId: me.clientId, status: 2 });
    await expect(saveJobFeedback(me.actor, { jobId: open.id, feedBack: 3, comments: '' })).rejects.toThrow(
      FEEDBACK_MSG.notDelivered,
    );
    const done = await makeJob({ clientId: me.clientId, status: 8 });
    const results = await Promise.allSettled([
      saveJobFeedback(me.actor, { jobId: done.id, feedBack: 4, comments: 'a' }),
      saveJobFeedback(me.actor, { jobId: done.id, feedBack: 4, comments: 'a' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(ConflictError);
    expect(await getJobFeedback(me.actor, done.id)).toHaveLength(1);
  });

  it('another client’s job answers like a missing one', async () => {
    const me = await signedIn(3);
    const other = await makeClient();
    const theirs = await makeJob({ clientId: other.id, status: 8 });
    await expect(saveJobFeedback(me.actor, { jobId: theirs.id, feedBack: 1, comments: '' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await getJobFeedback(me.actor, theirs.id)).toBeNull();
  });

  it('validates the rating and the comments with one schema for the form and the server', () => {
    expect(feedbackFormSchema.safeParse({ jobId: 1, feedBack: 0 }).success).toBe(false);
    expect(feedbackFormSchema.safeParse({ jobId: 1, feedBack: 6 }).success).toBe(false);
    expect(feedbackFormSchema.safeParse({ jobId: 1, feedBack: 3, comments: '<b>x</b>' }).success).toBe(false);
    expect(feedbackFormSchema.safeParse({ jobId: 1, feedBack: 3, comments: 'x'.repeat(1001) }).success).toBe(false);
    expect(feedbackFormSchema.parse({ jobId: 1, feedBack: 3 })).toEqual({ jobId: 1, feedBack: 3, comments: '' });
    expect(legacyFeedbackSchema.parse({ JobFeedBackId: 0, JobId: 7, FeedBack: 2, Comments: null })).toEqual({
      jobId: 7,
      feedBack: 2,
      comments: '',
    });
    expect(legacyFeedbackSchema.safeParse({ JobId: 7, FeedBack: 2, ClientId: 9 }).success).toBe(false);
  });
});
