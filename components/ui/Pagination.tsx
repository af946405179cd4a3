import type { ReactNode } from 'react';
import { ListResultStatus } from '@/components/list/ListResultStatus';
import { MSG } from '@/lib/messages';
import { MAX_ROWS_PER_PAGE, PAGE_LINKS, PAGE_LINKS_MOBILE } from '@/lib/reference';
import { cn } from './cn';
import { pageCount, pageRange, pageWindow, showingLine } from './pagination';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalCount: number;
  /** 0 means All. */
  pageSize: number;
  /** Client use: called with the new page. */
  onPageChange?: (page: number) => void;
  /** Server use: links instead of buttons. */
  hrefForPage?: (page: number) => string;
  /** Show "Showing 11 to 20 of 57". */
  showSummary?: boolean;
  /**
   * totalCount is a lower bound (a capped count): the summary says "of 1000+", "Next" leads past it, and
   * "Last page" is off since the last page is not known.
   */
  totalCapped?: boolean;
  label?: string;
  className?: string;
}

/**
 * A page control: the .pg class of app/globals.css, which also styles the current (aria-current) and the off
 * (disabled) one. First, previous, next and last draw their arrow from a class (.pg-f/-b/-n/-l), not an <svg> each:
 * their names are their aria-labels.
 */
const item = 'pg';

/** Page links: 5 on md+ screens, 2 below (spec §9), with first/previous/next/last. */
export function Pagination({
  page,
  totalCount,
  pageSize,
  onPageChange,
  hrefForPage,
  showSummary = false,
  totalCapped = false,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const total = pageCount(totalCount, pageSize);
  const desktop = pageWindow(page, total, PAGE_LINKS);
  const mobile = new Set(pageWindow(page, total, PAGE_LINKS_MOBILE));
  const { from, to } = pageRange(page, pageSize, totalCount);

  function control(
    target: number,
    content: ReactNode,
    opts: { aria?: string; disabled?: boolean; isCurrent?: boolean; arrow?: string },
  ) {
    const cls = opts.arrow ? `${item} ${opts.arrow}` : item;
    if (opts.disabled) {
      return (
        <button type="button" disabled className={cls} aria-label={opts.aria}>
          {content}
        </button>
      );
    }
    const common = {
      'aria-label': opts.aria,
      'aria-current': opts.isCurrent ? ('page' as const) : undefined,
      className: cls,
    };
    if (hrefForPage) {
      return (
        <a href={hrefForPage(target)} {...common} data-list-page="">
          {content}
        </a>
      );
    }
    return (
      <button type="button" onClick={() => onPageChange?.(target)} {...common} data-list-page="">
        {content}
      </button>
    );
  }

  const result = totalCount <= 0 ? MSG.noData : showingLine(from, to, totalCount, totalCapped);
  return (
    <div className={cn('flex flex-col items-center gap-2 sm:flex-row sm:justify-between', className)}>
      <ListResultStatus message={result} />
      {showSummary && (
        <p className="text-sm text-muted">
          {showingLine(from, to, totalCount, totalCapped)}
          {pageSize <= 0 && totalCount > MAX_ROWS_PER_PAGE && (
            <> (&ldquo;All&rdquo; shows the first {MAX_ROWS_PER_PAGE}: filter the list to see the others)</>
          )}
        </p>
      )}
      {total > 1 && (
        <nav aria-label={label}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>{control(1, null, { aria: 'First page', disabled: page <= 1, arrow: 'pg-f' })}</li>
            <li>{control(page - 1, null, { aria: 'Previous page', disabled: page <= 1, arrow: 'pg-b' })}</li>
            {desktop.map((p) => (
              <li key={p} className={mobile.has(p) ? undefined : 'hidden md:block'}>
                {control(p, p, { aria: `Page ${p}`, isCurrent: p === page })}
              </li>
            ))}
            <li>{control(page + 1, null, { aria: 'Next page', disabled: page >= total, arrow: 'pg-n' })}</li>
            <li>
              {control(total, null, { aria: 'Last page', disabled: totalCapped || page >= total, arrow: 'pg-l' })}
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
