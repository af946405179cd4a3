/** GET api/CommentHistory/CommentHistoryDetail/{id} (spec §7): the comment history of a job of the caller's client. */
import { NotFoundError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/route';
import { commentHistoryOf } from '@/lib/jobs/comments';
import { toLegacyComment } from '@/lib/jobs/legacy';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { CLIENT_ROLES } from '@/lib/reference';
import { commentHistoryAnswer } from '@/lib/openapi/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: commentHistoryAnswer, roles: CLIENT_ROLES, params: jobIdPathSchema }, async ({ actor, params }) => {
  const comments = await commentHistoryOf(actor, params.id);
  if (!comments) throw new NotFoundError('Job not found.');
  return comments.map(toLegacyComment);
});
