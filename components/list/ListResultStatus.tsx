'use client';

/**
 * What a list says after it changed (WCAG 4.1.3 and 2.4.3): when the list's URL (filters, sort, page, page size)
 * is not the one it last showed, its result count ("Showing 11 to 20 of 57", or "No Data Available") is said through
 * the page's polite live region; after a change of page, focus goes to the list itself (the table, or the cards on a
 * phone), named by its caption, instead of dropping to the top of the page. Rendered by Pagination, so every paged
 * list has it; works for lists that change in place and for those whose page links load a new page.
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { announce } from '@/components/ui/announce';

const SEEN = 'jms.list.seen.';
const PAGED = 'jms.list.paged';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // storage refused: nothing is said
  }
}

/** A page control (data-list-page, Pagination) was used: the list that shows next takes focus. */
function onClick(e: MouseEvent): void {
  if (e.target instanceof Element && e.target.closest('[data-list-page]'))
    write(PAGED, `${Date.now()} ${window.location.pathname}`);
}

function focusList(): void {
  const lists = [...document.querySelectorAll<HTMLElement>('main table, main ul[aria-label]')].filter(
    (el) => el.getClientRects().length > 0,
  );
  const list = lists[0];
  if (!list) return;
  if (!list.hasAttribute('tabindex')) list.setAttribute('tabindex', '-1');
  list.focus({ preventScroll: true });
  list.scrollIntoView({ block: 'start' });
}

export function ListResultStatus({ message }: { message: string }) {
  const pathname = usePathname() ?? '';
  const search = useSearchParams()?.toString() ?? '';
  useEffect(() => {
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  useEffect(() => {
    const seen = read(SEEN + pathname);
    write(SEEN + pathname, search);
    if (seen === null || seen === search) return;
    announce(message);
    // A page control used in the last 30 seconds (a click on the current page changes nothing and is forgotten).
    const [at, path] = (read(PAGED) ?? '').split(' ');
    if (path === pathname && Date.now() - Number(at) < 30_000) {
      write(PAGED, null);
      focusList();
    }
  }, [pathname, search, message]);
  return null;
}
