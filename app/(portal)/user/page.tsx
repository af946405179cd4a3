/**
 * /user (spec §2): the client's users for the client administrator (role 4): filters by user name, full
 * name, phone, role and status (deactivated users stay findable and can be reactivated), sorting, page size, reset, export (User.csv), create, edit and deactivate. The list
 * state lives in the URL; ?msg=1 / ?msg=2 / ?msg=3 say a user was created / updated /
 * invited.
 */
import type { Metadata } from 'next';
import { UserListView } from '@/components/users/UserListView';
import { requirePageClientActor } from '@/lib/auth/page';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { MSG } from '@/lib/messages';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { toUserListBody, USER_PARAM, userQueryFromSearchParams } from '@/lib/users/list-schema';
import { presentUserRow } from '@/lib/users/present';
import { USER_MSG } from '@/lib/users/schema';
import { listUsers } from '@/lib/users/service';
import { deactivateUserAction, reactivateUserAction, signOutEverywhereAction, unlockUserAction } from './actions';

export const metadata: Metadata = { title: 'Users' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const SAVED: Record<string, string> = { '1': MSG.userCreated, '2': MSG.userUpdated, '3': USER_MSG.invited };

export default async function UserPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor([CLIENT_ADMIN_ROLE]);
  const sp = await searchParams;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (typeof v === 'string') params.set(k, v);

  const query = userQueryFromSearchParams(params);
  const page = pageFrom(params.get(USER_PARAM.page));
  const pageSize = pageSizeFrom(params.get(USER_PARAM.pageSize));
  const result = await listUsers(actor, query, { page, size: pageSize });

  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Users</h1>
      <UserListView
        rows={result.rows.map((u) => presentUserRow(u, actor))}
        totalCount={result.totalCount}
        page={page}
        pageSize={pageSize}
        sort={{ column: query.sortBy, direction: query.sortOrder }}
        exportBody={toUserListBody(query)}
        savedMessage={SAVED[params.get(USER_PARAM.message) ?? ''] ?? null}
        deactivate={deactivateUserAction}
        unlock={unlockUserAction}
        signOutEverywhere={signOutEverywhereAction}
        reactivate={reactivateUserAction}
      />
    </div>
  );
}
