/** /Ops/Invoices/Supplier: the supplier's details and GST rate shown on every invoice, configured once. */
import type { Metadata } from 'next';
import { SupplierForm } from '@/components/ops/SupplierForm';
import { presentSupplier } from '@/lib/invoices/present';
import { getSupplier } from '@/lib/invoices/supplier';
import { formatReminderDays } from '@/lib/invoices/supplier-schema';
import { requireStaffPage } from '@/lib/ops/page';
import { saveSupplierAction } from '../actions';

export const metadata: Metadata = { title: 'Supplier details' };

export default async function OpsSupplierPage() {
  await requireStaffPage('invoices.manage');
  const s = await getSupplier();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Supplier details</h1>
      <p className="max-w-3xl text-sm text-muted">
        Every invoice, its PDF and the statements show these details: the words “Tax invoice”, your legal name and ABN,
        and the bank details clients pay to when no payments page is configured. Every e-mail the portal sends shows the
        legal name, the logo and the e-mail colour. Payment reminders go to each firm’s billing contacts on the days set
        below.
      </p>
      <SupplierForm
        initial={{
          LegalName: s.legalName,
          Abn: s.abn,
          Address: s.address,
          Email: s.email,
          Phone: s.phone,
          BankAccountName: s.bankAccountName,
          BankBsb: s.bankBsb,
          BankAccountNumber: s.bankAccountNumber,
          GstRate: String(s.gstRateBp / 100),
          Logo: '',
          RemoveLogo: false,
          BrandColour: s.brandColour ?? '',
          ReminderDaysBefore: formatReminderDays(s.reminderDaysBefore),
          ReminderDaysAfter: formatReminderDays(s.reminderDaysAfter),
        }}
        logoSrc={presentSupplier(s).logoSrc}
        save={saveSupplierAction}
      />
    </div>
  );
}
