'use client';

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { SORT_ASC, SORT_DESC } from '@/lib/reference';
import { cn } from './cn';
import { EmptyState } from './EmptyState';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from './icons';
import { MobileListPanel } from './MobileListPanel';
import type { SelectOption } from './Select';
import { Spinner } from './Spinner';

export interface DataTableColumn<T> {
  id: string;
  /** Plain-text header (also the option text of the mobile sort select). */
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort column number; the header is a sort button when set. */
  sortKey?: number;
  align?: 'left' | 'center' | 'right';
  className?: string;
  /** Shown from 1280 px only (the table collapses it below; show its value in another cell there). */
  wideOnly?: boolean;
}

/** Server-driven sort: column number and direction (1 ascending, 2 descending). */
export interface DataTableSort {
  column: number;
  direction: number;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T, index: number) => string;
  /** The table's accessible name (visually hidden unless showCaption). */
  caption: string;
  showCaption?: boolean;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  /** Mobile template: one card per row, rendered below the md breakpoint. */
  renderCard: (row: T) => ReactNode;
  /** Filters shown in the mobile filter/sort panel (desktop filters are the page's business). */
  mobileFilters?: ReactNode;
  /** Mobile sort choices; default: the sortable columns. Add e.g. { value: 0, label: 'Default' }. */
  sortOptions?: readonly SelectOption[];
  /** The column whose cells are row headers (th scope=row). */
  rowHeaderColumn?: string;
  loading?: boolean;
  emptyMessage?: ReactNode;
  className?: string;
  /**
   * From which width the table replaces the cards: md (768 px, default) or lg (1024 px) for a table with many
   * columns, which would be cramped between 768 and 1023 px. Either way the table must fit its box without a
   * sideways scroll at 1024 and 1280 px (e2e/layout.spec.ts): headers and cells wrap, none is nowrap.
   */
  tableFrom?: 'md' | 'lg';
}

const BREAKPOINT = {
  md: { cards: 'md:hidden', table: 'md:block' },
  lg: { cards: 'lg:hidden', table: 'lg:block' },
} as const;

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/** A list that is a dense sortable <table> on md+ screens and a list of cards below. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, caption, showCaption = false, sort, onSortChange, renderCard } = props;
  const { mobileFilters, sortOptions, rowHeaderColumn, loading = false, emptyMessage, className, tableFrom = 'md' } = props;
  const bp = BREAKPOINT[tableFrom];

  const defs = useMemo<ColumnDef<T>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header, cell: (ctx) => c.cell(ctx.row.original) })),
    [columns],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const sortedColumn = columns.find((c) => c.sortKey !== undefined && c.sortKey === sort?.column);
  const sorting: SortingState = sortedColumn && sort ? [{ id: sortedColumn.id, desc: sort.direction === SORT_DESC }] : [];
  const data = useMemo(() => [...rows], [rows]);

  // eslint-disable-next-line react-hooks/incompatible-library -- server-driven: sorting and paging are props
  const table = useReactTable({
    data,
    columns: defs,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
  });

  function toggle(c: DataTableColumn<T>) {
    if (c.sortKey === undefined || !onSortChange) return;
    const same = sort?.column === c.sortKey;
    onSortChange({ column: c.sortKey, direction: same && sort?.direction === SORT_ASC ? SORT_DESC : SORT_ASC });
  }

  const mobileSortOptions = sortOptions ?? columns.flatMap((c) => (c.sortKey === undefined ? [] : [{ value: c.sortKey, label: c.header }]));
  const empty = rows.length === 0 && !loading;
  const busy = loading ? (
    <div className="absolute inset-0 z-10 flex items-start justify-center bg-surface/60 pt-12">
      <Spinner label="Loading" size="lg" />
    </div>
  ) : null;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div className={bp.cards}>
        <MobileListPanel
          filters={mobileFilters}
          sort={sort}
          sortOptions={onSortChange ? mobileSortOptions : []}
          onSortChange={onSortChange}
        />
        <div className="relative mt-3" aria-busy={loading || undefined}>
          {busy}
          {empty ? (
            <EmptyState message={emptyMessage} className="rounded-lg border border-line bg-surface" />
          ) : (
            <ul aria-label={caption} className="flex flex-col gap-3">
              {rows.map((row, i) => (
                <li key={getRowId(row, i)}>{renderCard(row)}</li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <div className={cn('relative hidden overflow-x-auto rounded-lg border border-line bg-surface', bp.table)}>
        {busy}
        <table className="w-full border-collapse text-sm" aria-busy={loading || undefined}>
          <caption className={cn(showCaption ? 'px-3 py-2 text-left font-semibold' : 'sr-only')}>{caption}</caption>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const col = byId.get(header.column.id);
                  const state = header.column.getIsSorted();
                  const sortable = col !== undefined && col.sortKey !== undefined && onSortChange !== undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined}
                      className={cn('border-b border-line-strong px-2 py-2 align-bottom font-semibold text-ink', alignClass[col?.align ?? 'left'], col?.wideOnly && 'hidden xl:table-cell')}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          data-print="keep"
                          onClick={() => toggle(col)}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 text-left font-semibold hover:bg-slate-200"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {state === 'asc' ? <ChevronUpIcon /> : state === 'desc' ? <ChevronDownIcon /> : <SortIcon className="size-4 text-slate-500" />}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {empty ? (
              <tr>
                <td colSpan={columns.length}>
                  <EmptyState message={emptyMessage} />
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-b border-line last:border-b-0 hover:bg-slate-50">
                  {row.getVisibleCells().map((cell) => {
                    const col = byId.get(cell.column.id);
                    const Cell = cell.column.id === rowHeaderColumn ? 'th' : 'td';
                    return (
                      <Cell
                        key={cell.id}
                        scope={Cell === 'th' ? 'row' : undefined}
                        className={cn('px-2 py-2 align-top font-normal break-words', alignClass[col?.align ?? 'left'], col?.className, col?.wideOnly && 'hidden xl:table-cell')}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Cell>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
