'use client';
/**
 * List state lives in the URL (filters, sort, page, page size), so server components render the
 * list, the back button works and a link reproduces a view. Text filters are debounced (§9: 400 ms).
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useTransition } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/reference';

export type ParamValue = string | number | readonly (string | number)[] | null | undefined;

export function useListParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();

  const set = useCallback(
    (updates: Record<string, ParamValue>, opts: { resetPage?: boolean } = { resetPage: true }) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(updates)) {
        next.delete(key);
        if (value === null || value === undefined || value === '') continue;
        if (Array.isArray(value)) for (const v of value) next.append(key, String(v));
        else next.set(key, String(value));
      }
      if (opts.resetPage) next.delete('page');
      const qs = next.toString();
      startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
    },
    [params, pathname, router],
  );

  const reset = useCallback(() => startTransition(() => router.replace(pathname, { scroll: false })), [pathname, router]);
  const refresh = useCallback(() => startTransition(() => router.refresh()), [router]);

  return { params, set, reset, refresh, pending };
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
