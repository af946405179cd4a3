/**
 * /user/activity: the firm's own events for its client administrator (role 4), newest first, with
 * filters (user, kind, date range) in the URL, paging and Activity.csv. Linked from the user list.
 */
import type { Metadata } from 'next';
import { ActivityView } from '@/components/users/ActivityView';
import { activityUsers, listActivity, presentActivity } from '@/lib/audit/activity';
import { ACTIVITY_PARAM, activityQueryFromSearchParams, toActivityBody } from '@/lib/audit/activity-schema';
import { requirePageClientActor } from '@/lib/auth/page';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export const metadata: Metadata = { title: 'Activity' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor([CLIENT_ADMIN_ROLE]);
  const sp = await searchParams;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (typeof v === 'string') params.set(k, v);

  const query = activityQueryFromSearchParams(params);
  const page = pageFrom(params.get(ACTIVITY_PARAM.page));
  const pageSize = pageSizeFrom(params.get(ACTIVITY_PARAM.pageSize));
  const [result, users] = await Promise.all([
    listActivity(actor, query, { page, size: pageSize }),
    activityUsers(actor),
  ]);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-ink">Activity</h1>
      <p className="text-sm text-muted">
        Everything the people of your organisation did in the portal, newest first. Times are in your time zone (
        {actor.timeZone}).
      </p>
      <ActivityView
        rows={result.rows.map((r) => presentActivity(r, actor))}
        totalCount={result.totalCount}
        page={page}
        pageSize={pageSize}
        users={users}
        exportBody={toActivityBody(query)}
      />
    </div>
  );
}
