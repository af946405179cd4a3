/**
 * /Invoice (spec §2): the client's invoices with filters, sorting, paging and export. The list state
 * lives in the URL; ?jm=<encoded job number> (the job list's link) pre-fills the job number filter.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { InvoiceListView } from '@/components/invoices/InvoiceListView';
import { requirePageClientActor } from '@/lib/auth/page';
import { jobNumberFromParam } from '@/lib/invoices/links';
import { presentInvoiceRow, reportFilterPhrases } from '@/lib/invoices/present';
import {
  INVOICE_PARAM,
  INVOICE_PAYMENT_LABELS,
  invoiceQueryFromSearchParams,
  REPORT_FILTER_PARAMS,
  toInvoiceListBody,
} from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export const metadata: Metadata = { title: 'Invoices' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toUrlParams(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p;
}

/**
 * The same list without some filters: the payment filter (the strip's unpaid and overdue links set it), or the
 * month, matter and job type filters (the /Reports page's links set them).
 */
function without(params: URLSearchParams, names: readonly string[]): string {
  const p = new URLSearchParams(params);
  for (const name of [...names, INVOICE_PARAM.page]) p.delete(name);
  const qs = p.toString();
  return qs ? `/Invoice?${qs}` : '/Invoice';
}

export default async function InvoicePage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor();
  const params = toUrlParams(await searchParams);

  if (params.has('jm')) {
    const jobNumber = jobNumberFromParam(params.get('jm') ?? undefined);
    params.delete('jm');
    params.delete(INVOICE_PARAM.page);
    if (jobNumber) params.set(INVOICE_PARAM.jmsNumber, jobNumber);
    const qs = params.toString();
    redirect(qs ? `/Invoice?${qs}` : '/Invoice');
  }

  const query = invoiceQueryFromSearchParams(params);
  const page = pageFrom(params.get(INVOICE_PARAM.page));
  const pageSize = pageSizeFrom(params.get(INVOICE_PARAM.pageSize));
  const result = await listInvoices(actor, query, { page, size: pageSize });
  const reportFilters = reportFilterPhrases(query);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Invoices</h1>
        {actor.role === CLIENT_ADMIN_ROLE ? (
          <Link href="/Statement" className="text-sm text-brand-700 underline">
            Statement of account
          </Link>
        ) : null}
      </div>
      {query.payment && (
        <p className="text-sm text-ink" data-testid="payment-filter">
          Status: <strong>{INVOICE_PAYMENT_LABELS[query.payment]}</strong>.{' '}
          <Link href={without(params, [INVOICE_PARAM.payment])}>Show all invoices</Link>
        </p>
      )}
      {reportFilters.length > 0 && (
        <p className="text-sm text-ink" data-testid="report-filter">
          Showing invoices <strong>{reportFilters.join(', ')}</strong>.{' '}
          <Link href={without(params, REPORT_FILTER_PARAMS)}>Remove these filters</Link>
        </p>
      )}
      <InvoiceListView
        rows={result.rows.map(presentInvoiceRow)}
        totalCount={result.totalCount}
        page={page}
        pageSize={pageSize}
        sort={{ column: query.sortBy, direction: query.sortOrder }}
        exportBody={toInvoiceListBody(query)}
      />
    </div>
  );
}
