/** /Ops/Invoices/Prices?client=<id>: a client's price list and payment terms, which "Invoice these jobs" uses. */
import type { Metadata } from 'next';
import { PriceListForm } from '@/components/ops/PriceListForm';
import { buttonClasses } from '@/components/ui/Button';
import { clientChoices } from '@/lib/clients/service';
import { getPriceList } from '@/lib/invoices/prices';
import { requireStaffPage } from '@/lib/ops/page';
import { savePriceListAction } from '../actions';

export const metadata: Metadata = { title: 'Price lists' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsPricesPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const clients = await clientChoices(actor);
  const wanted = typeof sp.client === 'string' && /^\d{1,9}$/.test(sp.client) ? Number(sp.client) : null;
  const list = wanted ? await getPriceList(actor, wanted) : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Price lists</h1>
      <form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Client
          <select
            name="client"
            defaultValue={wanted ?? ''}
            className="h-10 max-w-full rounded-md border border-line-strong bg-surface px-2"
          >
            <option value="">Choose a client</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.accountNumber})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({ size: 'sm' })}>
          Open
        </button>
      </form>
      {list ? (
        <>
          <h2 className="text-lg font-semibold">
            {list.clientName} ({list.accountNumber})
          </h2>
          <PriceListForm
            key={list.clientId}
            initial={{
              ClientId: list.clientId,
              PaymentTermsDays: list.paymentTermsDays,
              Prices: list.prices.map((p) => ({
                OrderType: p.orderType,
                ExtStockId: p.extStockId,
                Description: p.description,
                UnitPrice: p.unitPrice,
              })),
            }}
            save={savePriceListAction}
          />
        </>
      ) : (
        <p className="text-sm text-muted">Choose a client to see and change its prices and payment terms.</p>
      )}
    </div>
  );
}
