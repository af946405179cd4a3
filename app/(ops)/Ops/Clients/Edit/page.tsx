/**
 * /Ops/Clients/Edit?cD=<encoded id>: a client's details (name, account number, branches, processing cities,
 * cost estimates) in the same form as a new client's. Branches and cities that jobs use stay (they may be
 * renamed); lib/clients/service.ts updateClient says why.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ClientForm } from '@/components/ops/ClientForm';
import type { ClientFormInput } from '@/lib/clients/schema';
import { getClientDetail } from '@/lib/clients/service';
import { encodeParam, tryDecodeId } from '@/lib/encoding';
import { requireStaffPage } from '@/lib/ops/page';
import { saveClientAction } from '../actions';

export const metadata: Metadata = { title: 'Edit client' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsEditClientPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('clients.manage');
  const sp = await searchParams;
  const id = tryDecodeId(typeof sp.cD === 'string' ? sp.cD : null);
  const c = id ? await getClientDetail(actor, id) : null;
  if (!c) notFound();
  const initial: ClientFormInput = {
    ClientId: c.id,
    Name: c.name,
    AccountNumber: c.accountNumber,
    Branches: c.branches.map((b) => ({
      Id: b.id,
      Label: b.label,
      Address: b.address,
      ExtClientBranchId: b.extClientBranchId ?? '',
      IsDefault: b.isDefault,
    })),
    ProcessingCities: c.cities.map((p) => ({ Id: p.id, Name: p.name })),
    CostEstimates: c.costEstimates.map((e) => ({
      Id: e.id,
      Number: e.number,
      Description: e.description ?? '',
      Amount: e.amount ?? '',
    })),
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Edit {c.name}</h1>
      <ClientForm save={saveClientAction} initial={initial} cancelHref={`/Ops/Clients/View?cD=${encodeParam(c.id)}`} />
    </div>
  );
}
