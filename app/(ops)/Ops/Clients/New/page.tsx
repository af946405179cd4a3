/** /Ops/Clients/New: onboard a client (name, account number, branches, cities, cost estimates). */
import type { Metadata } from 'next';
import { ClientForm } from '@/components/ops/ClientForm';
import { requireStaffPage } from '@/lib/ops/page';
import { saveClientAction } from '../actions';

export const metadata: Metadata = { title: 'New client' };

export default async function OpsNewClientPage() {
  await requireStaffPage('clients.manage');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">New client</h1>
      <ClientForm save={saveClientAction} />
    </div>
  );
}
