/**
 * /Ops/Clients: every client, with the list machinery (URL state, debounced text filter, status
 * filter, page size, page links): name, account number, state, active users.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { OpsFilters } from '@/components/ops/OpsFilters';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { Pagination } from '@/components/ui/Pagination';
import { listClients } from '@/lib/clients/service';
import { encodeParam } from '@/lib/encoding';
import { displayDateTime } from '@/lib/display-date';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { requireStaffPage } from '@/lib/ops/page';

export const metadata: Metadata = { title: 'Clients' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsClientsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('clients.manage');
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === 'string' ? (sp[k] as string) : '');
  const text = one('q').slice(0, 100);
  const status =
    one('status') === 'active' || one('status') === 'suspended' ? (one('status') as 'active' | 'suspended') : 'any';
  const page = pageFrom(one('page'));
  const pageSize = pageSizeFrom(one('pageSize'));
  const result = await listClients(actor, { text, status }, { page, size: pageSize });
  const href = (p: number) => {
    const q = new URLSearchParams();
    for (const k of ['q', 'status', 'pageSize']) if (one(k)) q.set(k, one(k));
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return s ? `/Ops/Clients?${s}` : '/Ops/Clients';
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Clients</h1>
        <Link href="/Ops/Clients/New" className={buttonClasses({ variant: 'primary' })}>
          New client
        </Link>
      </div>
      <OpsFilters
        label="Client filters"
        text={{ name: 'q', label: 'Name or account number' }}
        choices={[
          {
            name: 'status',
            label: 'State',
            options: [
              { value: '', label: 'Any' },
              { value: 'active', label: 'Active' },
              { value: 'suspended', label: 'Suspended' },
            ],
          },
        ]}
        pageSize={pageSize}
      />
      <OpsTable
        caption="Clients"
        headers={['Client', 'Account number', 'State', 'Active users', 'Onboarded']}
        empty={result.rows.length === 0}
      >
        {result.rows.map((c) => (
          <tr key={c.id}>
            <td className={td}>
              <Link href={`/Ops/Clients/View?cD=${encodeParam(c.id)}`}>{c.name}</Link>
            </td>
            <td className={`${td} break-all`}>{c.accountNumber}</td>
            <td className={td}>
              {c.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Suspended</Badge>}
            </td>
            <td className={td}>{c.userCount}</td>
            <td className={td}>{displayDateTime(c.createdAt, actor.timeZone)}</td>
          </tr>
        ))}
      </OpsTable>
      <Pagination
        page={page}
        totalCount={result.totalCount}
        pageSize={pageSize}
        hrefForPage={href}
        showSummary={result.totalCount > 0}
        label="Client pages"
      />
    </div>
  );
}
