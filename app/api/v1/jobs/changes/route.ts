/**
 * GET /api/v1/jobs/changes?cursor=&limit=: the feed of created and changed jobs and of feedback, in commit order
 * (lib/integration/feed.ts). A consumer that stores nextCursor sees each change exactly once.
 */
import { readJobChanges } from '@/lib/integration/feed';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { CHANGES_DEFAULT_LIMIT, changesQuery, jobChangesAnswer } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const GET = v1Route(
  {
    scope: 'jobs:read',
    summary:
      'Created and changed jobs and feedback after the cursor, in commit order. Store nextCursor and pass it next time: each change arrives exactly once.',
    query: changesQuery,
    response: jobChangesAnswer,
  },
  async ({ query }) => {
    const { changes, nextCursor } = await readJobChanges(query.cursor ?? null, query.limit ?? CHANGES_DEFAULT_LIMIT);
    return {
      changes: changes.map((c) => ({
        cursor: c.cursor,
        kind: c.kind,
        jmsNumber: c.jmsNumber,
        clientId: c.clientId,
        status: c.status,
        occurredAt: c.occurredAt.toISOString(),
        data: c.data,
      })),
      nextCursor,
    };
  },
);

const notAllowed = v1NotAllowed(['GET']);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
