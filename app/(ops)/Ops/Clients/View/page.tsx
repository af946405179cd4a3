/**
 * /Ops/Clients/View?cD=<encoded id>: one client: its branches, processing cities, cost estimates
 * and users; invite its administrator; suspend or reinstate it; delete it (provider administrator only, and
 * only without jobs or invoices).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { InviteAdminForm } from '@/components/ops/InviteAdminForm';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CLIENT_MSG } from '@/lib/clients/schema';
import { getClientDetail } from '@/lib/clients/service';
import { encodeParam, tryDecodeId } from '@/lib/encoding';
import { formatMoney } from '@/lib/invoices/money';
import { displayDateTime } from '@/lib/display-date';
import { requireStaffPage } from '@/lib/ops/page';
import { can } from '@/lib/core/staff-policy';
import { roleName } from '@/lib/reference';
import { timeZoneList } from '@/lib/settings/time-zones';
import { deleteClientAction, inviteAdminAction, reinstateClientAction, suspendClientAction } from '../actions';

export const metadata: Metadata = { title: 'Client' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsClientPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('clients.manage');
  const sp = await searchParams;
  const id = tryDecodeId(typeof sp.cD === 'string' ? sp.cD : null);
  const c = id ? await getClientDetail(actor, id) : null;
  if (!c) notFound();
  const hasAdmin = c.users.some((u) => u.role === 4 && u.isActive);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">{c.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted">
          Account number <strong className="text-ink">{c.accountNumber}</strong>
          {c.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Suspended</Badge>}
          <span>
            {c.jobCount} jobs, {c.invoiceCount} invoices
          </span>
        </p>
      </div>
      {sp.msg === '1' && <Alert tone="success">The client has been created. Invite its administrator below.</Alert>}
      {sp.msg === '2' && <Alert tone="success">{CLIENT_MSG.saved}</Alert>}
      {!c.isActive && c.suspendedAt && (
        <Alert tone="warning">
          Suspended since {displayDateTime(c.suspendedAt, actor.timeZone)}: its users cannot sign in. Nothing has been
          deleted.
        </Alert>
      )}

      <div className="flex flex-wrap gap-3">
        <Link href={`/Ops/Clients/Edit?cD=${encodeParam(c.id)}`} className={buttonClasses()}>
          Edit details
        </Link>
        {c.isActive ? (
          <OpsActionButton
            label="Suspend client"
            variant="danger"
            confirm={{
              title: 'Suspend client',
              message: `Suspend ${c.name}? Its users are signed out now and cannot sign in until it is reinstated. Nothing is deleted.`,
            }}
            action={suspendClientAction.bind(null, c.id)}
          />
        ) : (
          <OpsActionButton label="Reinstate client" action={reinstateClientAction.bind(null, c.id)} />
        )}
        {can(actor.role, 'clients.delete') && (
          <OpsActionButton
            label="Delete client"
            variant="danger"
            confirm={{
              title: 'Delete client',
              message: `Delete ${c.name}? Only a client without jobs or invoices can be deleted: it disappears from the lists, its users are deactivated, and its records stay for the audit trail.`,
            }}
            action={deleteClientAction.bind(null, c.id)}
            redirectTo="/Ops/Clients"
          />
        )}
      </div>

      <section aria-labelledby="branches" className="flex flex-col gap-2">
        <h2 id="branches" className="text-lg font-semibold">
          Branch addresses
        </h2>
        <OpsTable
          caption="Branch addresses"
          headers={['Label', 'Address', 'ExtClientBranchId']}
          empty={c.branches.length === 0}
        >
          {c.branches.map((b) => (
            <tr key={b.id}>
              <td className={td}>
                {b.label} {b.isDefault && <Badge tone="brand">Default</Badge>}
              </td>
              <td className={td}>{b.address}</td>
              <td className={`${td} break-all`}>{b.extClientBranchId ?? '—'}</td>
            </tr>
          ))}
        </OpsTable>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="cities" className="flex flex-col gap-2">
          <h2 id="cities" className="text-lg font-semibold">
            Processing cities
          </h2>
          <ul className="list-inside list-disc text-sm">
            {c.cities.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="estimates" className="flex flex-col gap-2">
          <h2 id="estimates" className="text-lg font-semibold">
            Cost estimates
          </h2>
          <OpsTable
            caption="Cost estimates"
            headers={['Number', 'Description', 'Amount']}
            empty={c.costEstimates.length === 0}
          >
            {c.costEstimates.map((e) => (
              <tr key={e.id}>
                <td className={td}>{e.number}</td>
                <td className={td}>{e.description ?? '—'}</td>
                <td className={td}>{e.amount ? formatMoney(e.amount, 'AUD') : '—'}</td>
              </tr>
            ))}
          </OpsTable>
        </section>
      </div>

      <section aria-labelledby="people" className="flex flex-col gap-2">
        <h2 id="people" className="text-lg font-semibold">
          Users
        </h2>
        <OpsTable
          caption="Users of the client"
          headers={['User name', 'Name', 'E-mail', 'Role', 'State']}
          empty={c.users.length === 0}
        >
          {c.users.map((u) => (
            <tr key={u.id}>
              <td className={`${td} break-all`}>{u.userName}</td>
              <td className={td}>{u.name}</td>
              <td className={`${td} break-all`}>{u.email}</td>
              <td className={td}>{roleName(u.role)}</td>
              <td className={td}>
                {!u.isActive ? (
                  <Badge>Deactivated</Badge>
                ) : u.invited ? (
                  <Badge tone="info">Invited</Badge>
                ) : (
                  <Badge tone="success">Active</Badge>
                )}
              </td>
            </tr>
          ))}
        </OpsTable>
      </section>

      {c.isActive && (
        <Card title={hasAdmin ? 'Invite another administrator' : 'Invite the client administrator'} titleAs="h2">
          <p className="mb-4 text-sm text-muted">
            The administrator receives an e-mail with a link to choose a password (valid 72 hours, once), then signs in
            and creates the firm&rsquo;s users. Inviting an administrator who has not chosen a password yet sends a new
            link.
          </p>
          <InviteAdminForm
            clientId={c.id}
            defaultTimeZone={actor.timeZone}
            timeZones={timeZoneList()}
            invite={inviteAdminAction}
          />
        </Card>
      )}
    </div>
  );
}
