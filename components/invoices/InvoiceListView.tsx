'use client';
/**
 * The invoice list island: filters (desktop row and mobile panel), the server-sorted table with its
 * mobile cards, paging, page size, reset and export. Rows arrive ready to render (lib/invoices/present.ts).
 */
import { ExportButton } from '@/components/list/ExportButton';
import { useListParams } from '@/components/list/useListParams';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableSort } from '@/components/ui/DataTable';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Pagination } from '@/components/ui/Pagination';
import type { InvoiceRowView } from '@/lib/invoices/present';
import { INVOICE_PARAM, INVOICE_SORT_LABELS, type InvoiceListBody } from '@/lib/invoices/schema';
import { DEFAULT_PAGE_SIZE, EXPORT_FILE } from '@/lib/reference';
import { invoiceColumns, InvoiceCard } from './invoice-columns';
import { InvoiceFilters } from './InvoiceFilters';

export interface InvoiceListViewProps {
  /** The page's rows, presented. */
  rows: InvoiceRowView[];
  totalCount: number;
  page: number;
  pageSize: number;
  sort: DataTableSort;
  exportBody: InvoiceListBody;
}

const sortOptions = Object.entries(INVOICE_SORT_LABELS).map(([value, label]) => ({ value: Number(value), label }));

export function InvoiceListView({ rows, totalCount, page, pageSize, sort, exportBody }: InvoiceListViewProps) {
  const { set, reset, pending } = useListParams();

  return (
    <div className="flex flex-col gap-4">
      <div className="tbar">
        <Button variant="ghost" onClick={reset}>
          Reset filters
        </Button>
        <ExportButton url="/api/Invoice/ExportCSVInvoices" body={exportBody} fileName={EXPORT_FILE.invoices} />
      </div>

      <div
        role="search"
        aria-label="Invoice filters"
        className="panel hidden gap-3 p-4 md:grid md:grid-cols-3 xl:grid-cols-6"
      >
        <InvoiceFilters idPrefix="filter-" />
      </div>

      <DataTable
        caption="Invoices"
        columns={invoiceColumns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        rowHeaderColumn="invoiceNumber"
        sort={sort}
        onSortChange={(s) => set({ [INVOICE_PARAM.sortBy]: s.column, [INVOICE_PARAM.sortOrder]: s.direction })}
        sortOptions={sortOptions}
        renderCard={(r) => <InvoiceCard row={r} />}
        mobileFilters={<InvoiceFilters idPrefix="mobile-filter-" />}
        loading={pending}
      />

      <div className="pbar">
        <PageSizeSelect
          value={pageSize}
          onPageSizeChange={(size) => set({ [INVOICE_PARAM.pageSize]: size === DEFAULT_PAGE_SIZE ? null : size })}
        />
        <Pagination
          page={page}
          totalCount={totalCount}
          pageSize={pageSize}
          showSummary={totalCount > 0}
          label="Invoice pages"
          onPageChange={(p) => set({ [INVOICE_PARAM.page]: p === 1 ? null : p }, { resetPage: false })}
        />
      </div>
    </div>
  );
}
