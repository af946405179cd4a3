/**
 * The news prune (run by the orphan sweep): news older than the bell's 30 days are deleted, newer ones stay and
 * the bell still lists them; a second prune finds nothing. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userNews } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedIn } from '@/test/factories';
import { bellOf, NEWS_DAYS, pruneOldNews, publishJobNews } from './news';

const DAY = 86_400_000;

describe('pruneOldNews', () => {
  const t = useTestDatabase();

  it('deletes the news past NEWS_DAYS and keeps the rest, which the bell still lists', async () => {
    const client = await makeClient();
    const owner = await signedIn(3, client.id);
    await signedIn(4, client.id);
    const job = await makeJob({ clientId: client.id, createdById: owner.user.id });
    const publish = (daysAgo: number, status: number) =>
      t.db().transaction((tx) =>
        publishJobNews(tx, {
          kind: 'job.status_changed',
          jobId: job.id,
          clientId: client.id,
          jmsNumber: job.jmsNumber,
          orderType: job.orderType,
          matterReference: job.matterReference,
          description: job.description,
          status,
          comment: null,
          at: new Date(Date.now() - daysAgo * DAY),
        }),
      );
    // Written oldest first, as they happen: two past the cut-off, two within it (two users each).
    await publish(NEWS_DAYS + 10, 2);
    await publish(NEWS_DAYS + 1, 3);
    await publish(NEWS_DAYS - 1, 4);
    await publish(1, 5);
    const before = await t
      .db()
      .select({ status: userNews.status })
      .from(userNews)
      .where(eq(userNews.clientId, client.id));
    expect(before).toHaveLength(8);

    expect(await pruneOldNews()).toBe(4);
    const after = await t
      .db()
      .select({ status: userNews.status })
      .from(userNews)
      .where(eq(userNews.clientId, client.id));
    expect(after.map((r) => r.status).sort()).toEqual([4, 4, 5, 5]);
    expect((await bellOf(owner.actor)).items.map((i) => i.status)).toEqual([5, 4]);
    expect(await pruneOldNews()).toBe(0);
  });
});
