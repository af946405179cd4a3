'use client';
/**
 * The list table of the portal's lists: a sortable <table>, or below a breakpoint a list of cards. The server renders
 * the table only (its look is the .dt class of app/globals.css, not a class per cell); the cards and the phone's
 * filter and sort panel are rendered in the browser when the screen is narrow, so a page's HTML carries each row
 * once (page weight). Until then (no script yet) the table shows at every width, scrolling in its own box.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { SORT_ASC, SORT_DESC } from '@/lib/reference';
import { cn } from './cn';
import { EmptyState } from './EmptyState';
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

/** Below these widths (Tailwind's md and lg) the list shows cards. */
const NARROW = { md: 'not all and (min-width: 48rem)', lg: 'not all and (min-width: 64rem)' } as const;

/** Whether the media query matches; false on the server and in the hydrating render, then the browser's answer. */
function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', change);
      return () => list.removeEventListener('change', change);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const alignClass = { left: undefined, center: 'text-center', right: 'text-right' } as const;

/** A list that is a dense sortable <table> on md+ (or lg+) screens and a list of cards below. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, caption, showCaption = false, sort, onSortChange, renderCard } = props;
  const {
    mobileFilters,
    sortOptions,
    rowHeaderColumn,
    loading = false,
    emptyMessage,
    className,
    tableFrom = 'md',
  } = props;
  const narrow = useMedia(NARROW[tableFrom]);

  // Tanstack models the columns and the header (the sorted column's aria-sort). The rows are the server's page,
  // already sorted and paged: they render straight from the column definitions, without the table's row model, which
  // would only copy them (a row object, then a cell object and a context per cell, on every render; measured in
  // docs/decisions/031).
  const defs = useMemo<ColumnDef<T>[]>(() => columns.map((c) => ({ id: c.id, header: c.header })), [columns]);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const sortedColumn = columns.find((c) => c.sortKey !== undefined && c.sortKey === sort?.column);
  const sorting: SortingState =
    sortedColumn && sort ? [{ id: sortedColumn.id, desc: sort.direction === SORT_DESC }] : [];
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

  const mobileSortOptions =
    sortOptions ?? columns.flatMap((c) => (c.sortKey === undefined ? [] : [{ value: c.sortKey, label: c.header }]));
  const empty = rows.length === 0 && !loading;
  const busy = loading ? (
    <div className="absolute inset-0 z-10 flex items-start justify-center bg-surface/60 pt-12">
      <Spinner label="Loading" size="lg" />
    </div>
  ) : null;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {narrow && (
        <div>
          <MobileListPanel
            filters={mobileFilters}
            sort={sort}
            sortOptions={onSortChange ? mobileSortOptions : []}
            onSortChange={onSortChange}
          />
          <div className="relative mt-3" aria-busy={loading || undefined}>
            {busy}
            {empty ? (
              <EmptyState message={emptyMessage} className="panel" />
            ) : (
              <ul aria-label={caption} className="flex flex-col gap-3">
                {rows.map((row, i) => (
                  <li key={getRowId(row, i)}>{renderCard(row)}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}

      <div className={cn('panel relative overflow-x-auto', narrow && 'hidden')}>
        {busy}
        <table className="dt" aria-busy={loading || undefined}>
          <caption className={cn(showCaption ? 'px-3 py-2 text-left font-semibold' : 'sr-only')}>{caption}</caption>
          <thead>
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
                      className={cn(alignClass[col?.align ?? 'left'], col?.wideOnly && 'xl-c') || undefined}
                    >
                      {sortable ? (
                        <button type="button" data-print="keep" onClick={() => toggle(col)} className="dt-sort">
                          {/* The arrow is the button's ::after, from the header's aria-sort (app/globals.css .dt-sort). */}
                          {flexRender(header.column.columnDef.header, header.getContext())}
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
              rows.map((row, i) => (
                <tr key={getRowId(row, i)}>
                  {columns.map((col) => {
                    const Cell = col.id === rowHeaderColumn ? 'th' : 'td';
                    return (
                      <Cell
                        key={col.id}
                        scope={Cell === 'th' ? 'row' : undefined}
                        className={
                          cn(alignClass[col.align ?? 'left'], col.className, col.wideOnly && 'xl-c') || undefined
                        }
                      >
                        {col.cell(row)}
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
