/** GET api/Notification/List: the bell of the signed-in client user, their events of the last 30 days and the unread count (lib/jobs/news.ts). */
import { apiRoute } from '@/lib/http/route';
import { bellOf } from '@/lib/jobs/news';
import { bellAnswer } from '@/lib/jobs/news-schema';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  {
    roles: CLIENT_ROLES,
    summary: 'The notification centre: the user’s events of the last 30 days, newest first, and the unread count.',
    response: bellAnswer,
  },
  async ({ actor }) => bellOf(actor),
);
