'use client';
/**
 * List state lives in the URL (filters, sort, page, page size), so server components render the
 * list, the back button works and a link reproduces a view. Text filters are debounced (§9: 400 ms).
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useTransition } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/reference';

export type ParamValue = string | number | readonly (string | number)[] | null | undefined;

/**
 * A change asked for and not yet shown: `via` are the queries shown while it was on its way (the one it was asked
 * from, and any step of it that committed first), `to` the query it will show. `id` names the run of changes.
 * One per browser tab, shared by every filter of the page (each calls this hook): it is only written by event
 * handlers and effects, which never run on the server.
 */
interface Ahead {
  id: number;
  path: string;
  via: string[];
  to: string;
}

let ahead: Ahead | null = null;
let aheadIds = 0;

export function useListParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const shown = params.toString();
  // A second change made before the first one's navigation has come back builds on the first (a status
  // picked, then a filter typed within a second): built on the query still shown, it would drop the first.
  useEffect(() => {
    // Arrived, or left for elsewhere (the back button, a link): nothing is on its way any more.
    if (ahead && (ahead.path !== pathname || ahead.to === shown || !ahead.via.includes(shown))) ahead = null;
  }, [pathname, shown]);
  const onItsWay = useCallback(
    (): Ahead | null => (ahead && ahead.path === pathname && ahead.via.includes(shown) ? ahead : null),
    [pathname, shown],
  );

  const go = useCallback(
    (build: (from: URLSearchParams) => URLSearchParams) => {
      const before = onItsWay();
      const qs = build(new URLSearchParams(before ? before.to : shown)).toString();
      ahead = before
        ? { ...before, via: [...before.via, before.to], to: qs }
        : { id: ++aheadIds, path: pathname, via: [shown], to: qs };
      startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
    },
    [onItsWay, shown, pathname, router],
  );

  const set = useCallback(
    (updates: Record<string, ParamValue>, opts: { resetPage?: boolean } = { resetPage: true }) =>
      go((next) => {
        for (const [key, value] of Object.entries(updates)) {
          next.delete(key);
          if (value === null || value === undefined || value === '') continue;
          if (Array.isArray(value)) for (const v of value) next.append(key, String(v));
          else next.set(key, String(value));
        }
        if (opts.resetPage) next.delete('page');
        return next;
      }),
    [go],
  );

  const reset = useCallback(() => go(() => new URLSearchParams()), [go]);
  const refresh = useCallback(() => startTransition(() => router.refresh()), [router]);
  /** The run of changes on its way to the URL (null when the URL shows them all). */
  const aheadId = useCallback((): number | null => onItsWay()?.id ?? null, [onItsWay]);

  return { params, set, reset, refresh, pending, aheadId };
}

/** Calls fn with the last value once no new value came for `ms` milliseconds. */
export function useDebounced<T>(fn: (value: T) => void, ms: number = SEARCH_DEBOUNCE_MS): (value: T) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  }, [fn]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (value: T) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(value), ms);
    },
    [ms],
  );
}

/** Re-renders the server list every `ms` milliseconds while the page is visible. */
export function useAutoRefresh(ms: number): void {
  const router = useRouter();
  useEffect(() => {
    // 0: paused (e.g. while the user has jobs selected).
    if (ms <= 0) return;
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, ms);
    return () => clearInterval(id);
  }, [ms, router]);
}
