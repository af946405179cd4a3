/**
 * GET api/CommentHistory/CommentHistoryDetail/{id} (spec §7): the comment history of a job. Client users: a job of
 * their client, client-visible comments only. Staff (roles 1 and 2): any job, internal comments included.
 */
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { commentHistoryOf } from '@/lib/jobs/comments';
import { toLegacyComment } from '@/lib/legacy/jobs';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { commentHistoryAnswer } from '@/lib/legacy/answers';
import { CLIENT_ROLES, STAFF_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  { response: commentHistoryAnswer, roles: [...CLIENT_ROLES, ...STAFF_ROLES], params: jobIdPathSchema },
  async ({ actor, params }) => {
    const comments = await commentHistoryOf(actor, params.id);
    if (!comments) throw new NotFoundError('Job not found.');
    return comments.map(toLegacyComment);
  },
);
