/** POST api/Notification/MarkRead { ids? }: marks the signed-in user's lines read (all without ids); answers the unread count. */
import { apiRoute } from '@/lib/http/route';
import { markNewsRead } from '@/lib/jobs/news';
import { markReadAnswer, markReadBody } from '@/lib/jobs/news-schema';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  {
    roles: CLIENT_ROLES,
    body: markReadBody,
    summary: 'Marks notification lines read (all of them without ids).',
    response: markReadAnswer,
  },
  async ({ actor, body }) => ({ unread: await markNewsRead(actor, body.ids) }),
);
