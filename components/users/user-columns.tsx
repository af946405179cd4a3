'use client';
/**
 * Columns of the user table and the mobile card template (one Status cell: the status, last sign-in and
 * authenticator app); the row actions are Edit, Unlock, Sign out and Deactivate for an active user, Reactivate for a
 * deactivated one.
 */
import Link from 'next/link';
import { Badge } from '@/components/ui/Badge';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmailText } from '@/components/ui/EmailText';
import { type DataTableColumn } from '@/components/ui/DataTable';
import type { UserRowView } from '@/lib/users/present';
import { USER_SORT } from '@/lib/users/list-schema';

export type OnDeactivate = (row: UserRowView) => void;
/** Unlock and Sign out everywhere. */
export interface AccessHandlers {
  onUnlock: (row: UserRowView) => void;
  onSignOut: (row: UserRowView) => void;
  onReactivate: (row: UserRowView) => void;
}

function Actions({
  row,
  onDeactivate,
  access,
}: {
  row: UserRowView;
  onDeactivate: OnDeactivate;
  access: AccessHandlers;
}) {
  if (!row.isActive) {
    return (
      <Button size="sm" variant="primary" onClick={() => access.onReactivate(row)}>
        Reactivate<span className="sr-only">{` user ${row.userName}`}</span>
      </Button>
    );
  }
  return (
    <span className="inline-flex flex-wrap gap-2">
      <Link href={row.editHref} className={buttonClasses({ size: 'sm' })}>
        Edit<span className="sr-only">{` user ${row.userName}`}</span>
      </Link>
      {row.isLocked ? (
        <Button size="sm" variant="primary" onClick={() => access.onUnlock(row)}>
          Unlock<span className="sr-only">{` user ${row.userName}`}</span>
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => access.onSignOut(row)}>
        Sign out<span className="sr-only">{` user ${row.userName} everywhere`}</span>
      </Button>
      {row.canDeactivate ? (
        <Button size="sm" variant="secondary" onClick={() => onDeactivate(row)}>
          Deactivate<span className="sr-only">{` user ${row.userName}`}</span>
        </Button>
      ) : null}
    </span>
  );
}

function UserName({ row }: { row: UserRowView }) {
  return <span className="font-medium">{row.userName}</span>;
}

/** One cell for the state of the account: its status, the last sign-in and whether it uses an authenticator app. */
function UserStatus({ row }: { row: UserRowView }) {
  return (
    <span className="stk">
      {row.status === 'Active' ? <span>{row.status}</span> : <Badge tone="warning">{row.status}</Badge>}
      <span className="sub">{`Last sign-in: ${row.lastSignIn}`}</span>
      <span className="sub">{`Authenticator app: ${row.authenticator}`}</span>
    </span>
  );
}

export function userColumns(onDeactivate: OnDeactivate, access: AccessHandlers): DataTableColumn<UserRowView>[] {
  return [
    // The row header: medium weight from the table (.dt); the card's title is UserName.
    { id: 'userName', header: 'User Name', sortKey: USER_SORT.userName, cell: (r) => r.userName },
    { id: 'fullName', header: 'Full Name', sortKey: USER_SORT.fullName, cell: (r) => r.fullName },
    { id: 'email', header: 'E-mail', sortKey: USER_SORT.email, cell: (r) => <EmailText email={r.email} /> },
    { id: 'phone', header: 'Phone', sortKey: USER_SORT.phone, cell: (r) => r.phone, className: 'nw' },
    { id: 'role', header: 'Role', sortKey: USER_SORT.role, cell: (r) => r.roleName },
    { id: 'status', header: 'Status', cell: (r) => <UserStatus row={r} /> },
    { id: 'created', header: 'Date Created', sortKey: USER_SORT.created, cell: (r) => r.created, className: 'nw' },
    { id: 'actions', header: 'Actions', cell: (r) => <Actions row={r} onDeactivate={onDeactivate} access={access} /> },
  ];
}

export function UserCard({
  row,
  onDeactivate,
  access,
}: {
  row: UserRowView;
  onDeactivate: OnDeactivate;
  access: AccessHandlers;
}) {
  return (
    <Card
      as="article"
      titleAs="h3"
      title={<UserName row={row} />}
      footer={<Actions row={row} onDeactivate={onDeactivate} access={access} />}
    >
      <dl className="dl">
        <dt>Full Name</dt>
        <dd>{row.fullName}</dd>
        <dt>E-mail</dt>
        <dd>
          <EmailText email={row.email} />
        </dd>
        <dt>Phone</dt>
        <dd>{row.phone}</dd>
        <dt>Role</dt>
        <dd>{row.roleName}</dd>
        <dt>Time Zone</dt>
        <dd>{row.timeZone}</dd>
        <dt>Status</dt>
        <dd>{row.status === 'Active' ? row.status : <Badge tone="warning">{row.status}</Badge>}</dd>
        <dt>Last Sign-in</dt>
        <dd>{row.lastSignIn}</dd>
        <dt>Authenticator App</dt>
        <dd>{row.authenticator}</dd>
        <dt>Date Created</dt>
        <dd>{row.created}</dd>
      </dl>
    </Card>
  );
}
