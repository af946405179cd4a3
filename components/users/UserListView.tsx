'use client';
/**
 * The user list island: the saved / deactivated banner, Create, Reset and Export, the filters (desktop row
 * and mobile panel), the server-sorted table with its mobile cards, paging and page size, and the
 * deactivate confirmation (titled 'Deactivate user: Ann Lee (ann.lee)', asking the spec's 'Are you sure you want to
 * deactivate this user ?', Deactivate / Cancel), after which the
 * list reloads, and the unlock, sign-out-everywhere and reactivate confirmations.
 */
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/list/ExportButton';
import { useListParams } from '@/components/list/useListParams';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableSort } from '@/components/ui/DataTable';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Pagination } from '@/components/ui/Pagination';
import { unlessSignedOut, type Answered } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';
import { MSG } from '@/lib/messages';
import { DEFAULT_PAGE_SIZE, EXPORT_FILE } from '@/lib/reference';
import { USER_PARAM, type UserListBody } from '@/lib/users/list-schema';
import type { UserRowView } from '@/lib/users/present';
import { ACCESS_MSG, USER_MSG } from '@/lib/users/schema';
import type { DeactivateResult } from '@/lib/users/service';
import { userColumns, UserCard } from './user-columns';
import { UserFilters } from './UserFilters';

export interface UserListViewProps {
  /** The page's rows, presented. */
  rows: UserRowView[];
  totalCount: number;
  page: number;
  pageSize: number;
  sort: DataTableSort;
  exportBody: UserListBody;
  /** 'User created successfully.' / 'User updated successfully.' (from ?msg=1 / ?msg=2), or null. */
  savedMessage: string | null;
  deactivate: (userName: string) => Promise<ActionResult<DeactivateResult>>;
  /** Unlock a locked account; sign a user out everywhere. */
  unlock: (userId: number) => Promise<ActionResult<{ userId: number }>>;
  signOutEverywhere: (userId: number) => Promise<ActionResult<{ sessions: number }>>;
  /** Reactivate a deactivated user. */
  reactivate: (userId: number) => Promise<ActionResult<{ userId: number }>>;
}

type AccessTarget = { kind: 'unlock' | 'sign-out' | 'reactivate'; row: UserRowView };

const FAILURE: Record<Exclude<DeactivateResult['status'], 'deactivated'>, string> = {
  'not-found': USER_MSG.deactivateGone,
  self: USER_MSG.cannotDeactivateSelf,
};

const ACCESS_DIALOG: Record<AccessTarget['kind'], { title: string; message: string }> = {
  unlock: { title: ACCESS_MSG.unlockTitle, message: ACCESS_MSG.unlockConfirm },
  'sign-out': { title: ACCESS_MSG.signOutTitle, message: ACCESS_MSG.signOutConfirm },
  reactivate: { title: ACCESS_MSG.reactivateTitle, message: ACCESS_MSG.reactivateConfirm },
};

export function UserListView({
  rows,
  totalCount,
  page,
  pageSize,
  sort,
  exportBody,
  savedMessage,
  deactivate,
  unlock,
  signOutEverywhere,
  reactivate,
}: UserListViewProps) {
  const { set, reset, refresh, pending } = useListParams();
  const [target, setTarget] = useState<UserRowView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deactivated, setDeactivated] = useState(false);
  const [accessTarget, setAccessTarget] = useState<AccessTarget | null>(null);
  const [accessDone, setAccessDone] = useState<string | null>(null);
  const access = useMemo(
    () => ({
      onUnlock: (row: UserRowView) => {
        setFailure(null);
        setAccessTarget({ kind: 'unlock', row });
      },
      onSignOut: (row: UserRowView) => {
        setFailure(null);
        setAccessTarget({ kind: 'sign-out', row });
      },
      onReactivate: (row: UserRowView) => {
        setFailure(null);
        setAccessTarget({ kind: 'reactivate', row });
      },
    }),
    [],
  );
  const columns = useMemo(
    () =>
      userColumns((row) => {
        setFailure(null);
        setTarget(row);
      }, access),
    [access],
  );

  /**
   * One access action's value; otherwise the service's words (no such user 404, refused 409) or `failed` are
   * shown and the dialog stays open (it throws).
   */
  async function accessValue<T>(pending: Promise<ActionResult<T>>, failed: string): Promise<T> {
    let outcome: Answered<T>;
    try {
      outcome = await unlessSignedOut(pending);
    } catch {
      setFailure(failed);
      throw new Error(failed);
    }
    if (!outcome.ok) {
      setFailure(outcome.status === 404 || outcome.status === 409 ? outcome.message : failed);
      throw new Error(String(outcome.status));
    }
    return outcome.value;
  }

  async function confirmAccess() {
    if (!accessTarget) return;
    const { kind, row } = accessTarget;
    if (kind === 'unlock') {
      await accessValue(unlock(row.id), ACCESS_MSG.unlockFailed);
      setAccessDone(ACCESS_MSG.unlocked(row.userName));
    } else if (kind === 'reactivate') {
      await accessValue(reactivate(row.id), USER_MSG.reactivateFailed);
      setAccessDone(ACCESS_MSG.reactivated(row.userName));
    } else {
      const { sessions } = await accessValue(signOutEverywhere(row.id), ACCESS_MSG.signOutFailed);
      setAccessDone(ACCESS_MSG.signedOut(row.userName, sessions));
    }
    setDeactivated(false);
    setAccessTarget(null);
    refresh();
  }

  async function confirmDeactivate() {
    if (!target) return;
    let outcome: Awaited<ReturnType<typeof deactivate>>;
    try {
      // An ended session signs out and comes back here, as a 401 does (spec §4.5).
      outcome = await unlessSignedOut(deactivate(target.userName));
    } catch {
      setFailure(USER_MSG.deactivateFailed);
      throw new Error('deactivate failed');
    }
    const status = outcome.ok ? outcome.value.status : 'not-found';
    if (status !== 'deactivated') {
      setFailure(FAILURE[status]);
      throw new Error(status);
    }
    setAccessDone(null);
    setDeactivated(true);
    setTarget(null);
    refresh();
  }

  const banner = accessDone ?? (deactivated ? MSG.userDeactivated : savedMessage);

  return (
    <div className="flex flex-col gap-4">
      {banner ? (
        <Alert
          tone="success"
          action={
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                accessDone
                  ? setAccessDone(null)
                  : deactivated
                    ? setDeactivated(false)
                    : set({ [USER_PARAM.message]: null }, { resetPage: false })
              }
            >
              Dismiss
            </Button>
          }
        >
          {banner}
        </Alert>
      ) : null}

      <div className="tbar">
        <Link href="/user/activity" className={buttonClasses({ variant: 'secondary' })}>
          Activity
        </Link>
        <Link href="/saveuser" className={buttonClasses({ variant: 'primary' })}>
          Create user
        </Link>
        <Button variant="ghost" onClick={reset}>
          Reset filters
        </Button>
        <ExportButton url="/api/User/ExportCSVUsers" body={exportBody} fileName={EXPORT_FILE.users} />
      </div>

      <div role="search" aria-label="User filters" className="panel hidden gap-3 p-4 md:grid md:grid-cols-5">
        <UserFilters idPrefix="filter-" />
      </div>

      <DataTable
        caption="Users"
        columns={columns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        rowHeaderColumn="userName"
        sort={sort}
        onSortChange={(s) =>
          set({ [USER_PARAM.sortBy]: s.column, [USER_PARAM.sortOrder]: s.direction, [USER_PARAM.message]: null })
        }
        renderCard={(r) => (
          <UserCard
            row={r}
            onDeactivate={(row) => {
              setFailure(null);
              setTarget(row);
            }}
            access={access}
          />
        )}
        mobileFilters={<UserFilters idPrefix="mobile-filter-" />}
        loading={pending}
      />

      <div className="pbar">
        <PageSizeSelect
          value={pageSize}
          onPageSizeChange={(size) => set({ [USER_PARAM.pageSize]: size === DEFAULT_PAGE_SIZE ? null : size })}
        />
        <Pagination
          page={page}
          totalCount={totalCount}
          pageSize={pageSize}
          showSummary={totalCount > 0}
          label="User pages"
          onPageChange={(p) => set({ [USER_PARAM.page]: p === 1 ? null : p }, { resetPage: false })}
        />
      </div>

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={target ? `Deactivate user: ${target.fullName} (${target.userName})` : 'Deactivate user'}
        message={MSG.deactivateConfirm}
        confirmLabel="Deactivate user"
        tone="danger"
        onConfirm={confirmDeactivate}
      >
        {failure ? (
          <Alert tone="error" className="mt-3">
            {failure}
          </Alert>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={accessTarget !== null}
        onOpenChange={(open) => {
          if (!open) setAccessTarget(null);
        }}
        title={ACCESS_DIALOG[accessTarget?.kind ?? 'unlock'].title}
        message={ACCESS_DIALOG[accessTarget?.kind ?? 'unlock'].message}
        confirmLabel={ACCESS_DIALOG[accessTarget?.kind ?? 'unlock'].title}
        onConfirm={confirmAccess}
      >
        {accessTarget ? (
          <p className="mt-2 text-sm text-muted">{`${accessTarget.row.fullName} (${accessTarget.row.userName})`}</p>
        ) : null}
        {failure && accessTarget ? (
          <Alert tone="error" className="mt-3">
            {failure}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
