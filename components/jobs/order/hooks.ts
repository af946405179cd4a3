'use client';

/** Small hooks of the job order form: clearing fields a rule hides, and reading the court lookups. */
import { useEffect, useRef, useState } from 'react';
import { useFormContext, type FieldPathValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { apiFetch } from '@/lib/client-side/api';
import { isRecord } from '@/lib/core/guards';
import type { JobOrderInput } from '@/lib/jobs/schema';
import type { OrderPath } from './fields';

/**
 * When `visible` turns false, the fields are cleared (spec §4: hidden means cleared) and their errors dropped.
 * `reset` gives the value a field goes back to (default: null).
 */
export function useClearWhenHidden(
  visible: boolean,
  names: readonly OrderPath[],
  reset?: (name: OrderPath) => unknown,
): void {
  const { setValue, clearErrors } = useFormContext<JobOrderInput>();
  const was = useRef(visible);
  const latest = useRef({ names, reset });
  useEffect(() => {
    latest.current = { names, reset };
  });
  useEffect(() => {
    if (was.current && !visible) {
      for (const name of latest.current.names) {
        const value: unknown = latest.current.reset ? latest.current.reset(name) : null;
        setValue(name, value as FieldPathValue<JobOrderInput, OrderPath>, { shouldDirty: true });
      }
      clearErrors([...latest.current.names]);
    }
    was.current = visible;
  }, [visible, setValue, clearErrors]);
}

/** A court as api/Job/Courts/JobType/{type}/JobLocation/{loc} answers it. */
export interface CourtOption {
  CourtId: number;
  Text: string;
}

/** The court selection flags of api/SelectedCourt/Court/{court}/JobLocation/{loc} (spec §3). */
export interface SelectedCourtFlags {
  EnablePhotocopyMethod?: boolean | null;
  EnableScanMethod?: boolean | null;
  EnableBothPhotocopyAndScanMethod?: boolean | null;
  EnableSCGen?: boolean | null;
  EnableMessage?: boolean | null;
  MessageDescription?: string | null;
}

type Load<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/** A GET of an order-form lookup; a 401 signs out (apiFetch), any other failure leaves the field without options. */
function useJson<T>(url: string | null, accept: (v: unknown) => v is T): Load<T> {
  const [state, setState] = useState<{ url: string | null; load: Load<T> }>({ url: null, load: { status: 'idle' } });
  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    apiFetch(url, { signal: ctrl.signal })
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        setState({ url, load: accept(body) ? { status: 'ready', data: body } : { status: 'failed' } });
      })
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === 'AbortError')) setState({ url, load: { status: 'failed' } });
      });
    return () => ctrl.abort();
  }, [url, accept]);
  if (!url) return { status: 'idle' };
  return state.url === url ? state.load : { status: 'loading' };
}

const isCourtList = (v: unknown): v is CourtOption[] =>
  Array.isArray(v) && v.every((c) => isRecord(c) && typeof c.CourtId === 'number' && typeof c.Text === 'string');
const isFlags = (v: unknown): v is SelectedCourtFlags => isRecord(v);

/** The courts of a job type at a location (null location: none). */
export function useCourts(jobType: number, location: number | undefined): Load<CourtOption[]> {
  return useJson(location ? `/api/Job/Courts/JobType/${jobType}/JobLocation/${location}` : null, isCourtList);
}

/** The selection flags of the chosen court at the location. */
export function useSelectedCourt(court: number | undefined, location: number | undefined): Load<SelectedCourtFlags> {
  return useJson(
    court !== undefined && location ? `/api/SelectedCourt/Court/${court}/JobLocation/${location}` : null,
    isFlags,
  );
}

/** Calls `onChanged` when the person (not the form itself) changes one of the named fields. */
export function usePersonChanges<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  names: readonly string[],
  onChanged: () => void,
): void {
  const latest = useRef({ names, onChanged });
  useEffect(() => {
    latest.current = { names, onChanged };
  });
  useEffect(() => {
    const sub = form.watch((_v, info) => {
      if (info.type === 'change' && info.name !== undefined && latest.current.names.includes(info.name))
        latest.current.onChanged();
    });
    return () => sub.unsubscribe();
  }, [form]);
}
