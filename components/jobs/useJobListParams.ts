'use client';
/**
 * The job list's state and its URL (lib/jobs/list-schema.ts JOB_PARAM). The state on screen comes from the
 * server (the URL, or the saved preference when the URL has none — spec §3 User preference); every change
 * writes the WHOLE state into the URL, so a restored preference becomes explicit at the first change and a
 * list the user has touched never has a bare URL (which would mean "restore my preference" again).
 */
import { createContext, useCallback, useContext } from 'react';
import { useListParams, type ParamValue } from '@/components/list/useListParams';
import {
  DEFAULT_JOB_QUERY,
  JOB_LIST_PARAM_NAMES,
  JOB_PARAM,
  querySearchParams,
  type JobListQuery,
} from '@/lib/jobs/list-schema';
import { VIEW_PARAM } from '@/lib/jobs/views-schema';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';

export interface JobListState {
  query: JobListQuery;
  pageSize: number;
  page: number;
}

export const JobListStateContext = createContext<JobListState>({
  query: DEFAULT_JOB_QUERY,
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
});

export function useJobListState(): JobListState {
  return useContext(JobListStateContext);
}

/** The URL parameters of a state (all list parameters named: absent ones as null, to be removed). */
function stateParams(s: JobListState): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = Object.fromEntries(JOB_LIST_PARAM_NAMES.map((n) => [n, null]));
  const statuses: string[] = [];
  for (const [k, v] of querySearchParams(s.query, s.pageSize, DEFAULT_PAGE_SIZE)) {
    if (k === JOB_PARAM.statuses) statuses.push(v);
    else out[k] = v;
  }
  out[JOB_PARAM.statuses] = statuses;
  out[JOB_PARAM.sortOrder] = String(s.query.sortOrder);
  out[JOB_PARAM.page] = s.page > 1 ? String(s.page) : null;
  // The URL now holds the whole state: a ?view= it was opened with is spent.
  out[VIEW_PARAM] = null;
  return out;
}

/**
 * The whole state last asked for, while its navigation is on its way (components/list/useListParams.ts): `state`
 * is still the one shown, and a second change built on it would drop the first. Shared by the page's filters.
 */
let asked: { id: number; params: Record<string, ParamValue> } | null = null;

export function useJobListParams() {
  const { set, pending, refresh, aheadId } = useListParams();
  const state = useJobListState();
  const ask = useCallback(
    (whole: Record<string, ParamValue>, opts?: { resetPage?: boolean }) => {
      const params = (opts?.resetPage ?? opts === undefined) ? { ...whole, [JOB_PARAM.page]: null } : whole;
      set(params, opts);
      const id = aheadId();
      asked = id === null ? null : { id, params };
    },
    [set, aheadId],
  );
  const setList = useCallback(
    (updates: Record<string, ParamValue>, opts?: { resetPage?: boolean }) => {
      const a = asked;
      const base = a && a.id === aheadId() ? a.params : stateParams(state);
      ask({ ...base, ...updates }, opts);
    },
    [ask, aheadId, state],
  );
  /** Clears every filter, the sort and the page size (other parameters such as messageType stay). */
  const resetList = useCallback(
    () => ask(stateParams({ query: DEFAULT_JOB_QUERY, pageSize: DEFAULT_PAGE_SIZE, page: 1 })),
    [ask],
  );
  /** Shows a whole list state (a saved view): its filters, sort and page size, page 1. */
  const applyList = useCallback((s: Omit<JobListState, 'page'>) => ask(stateParams({ ...s, page: 1 })), [ask]);
  return { state, setList, resetList, applyList, pending, refresh };
}
