'use client';

/**
 * The order in progress saved on the server as the user's draft: every change of the form's values or
 * of its finished uploads is saved DRAFT_DEBOUNCE_MS after the typing stops, so the order survives leaving the
 * page, a reload and signing out (lib/jobs/drafts.ts). Until a change is saved, leaving the page asks first with
 * the browser's own prompt (beforeunload); once it is saved, nothing is asked: the draft has it. `stop()` ends it
 * all before the job is saved (no draft written after the save, no prompt while the page moves on).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ActionResult } from '@/lib/http/action-result';

export const DRAFT_DEBOUNCE_MS = 1000;

export interface DraftSaver {
  save: (d: { values: Record<string, unknown>; documentIds: number[] }) => Promise<ActionResult<string>>;
}

export function useOrderDraft<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  documentIds: readonly number[],
  busyUploading: boolean,
  saver: DraftSaver | null,
  /** Kept with the values but not one of them (what the form knows about its own values). */
  extraValues?: () => Record<string, unknown>,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const unsaved = useRef(false);
  const stopped = useRef(false);
  const ids = useRef(documentIds);
  const uploading = useRef(busyUploading);
  const [savedAt, setSavedAt] = useState<string | null>(null);

  const flush = useCallback(async () => {
    timer.current = null;
    if (stopped.current || !saver) return;
    const p = saver
      .save({ values: { ...form.getValues(), ...extraValues?.() }, documentIds: [...ids.current] })
      .then((r) => {
        if (r.ok && !stopped.current) {
          if (!timer.current) unsaved.current = false;
          setSavedAt(r.value);
        }
      })
      .catch(() => undefined);
    inFlight.current = p;
    await p;
  }, [form, saver, extraValues]);

  const schedule = useCallback(() => {
    if (stopped.current || !saver) return;
    unsaved.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DRAFT_DEBOUNCE_MS);
  }, [flush, saver]);

  // Only the user's own typing starts a draft (a value the form sets itself on mount does not replace the draft
  // being offered back); after that, every change counts.
  const started = useRef(false);
  useEffect(() => {
    const sub = form.watch((_v, info) => {
      if (info.type === 'change') started.current = true;
      if (started.current) schedule();
    });
    return () => sub.unsubscribe();
  }, [form, schedule]);

  const idsKey = documentIds.join(',');
  const firstIds = useRef(idsKey);
  useEffect(() => {
    ids.current = documentIds;
    if (idsKey !== firstIds.current) {
      firstIds.current = idsKey;
      started.current = true;
      schedule();
    }
  }, [documentIds, idsKey, schedule]);

  useEffect(() => {
    uploading.current = busyUploading;
  }, [busyUploading]);

  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (stopped.current || (!unsaved.current && !uploading.current)) return;
      e.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Before the job is saved: no more drafts, no prompt; waits for a draft save already on its way. */
  const stop = useCallback(async () => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await inFlight.current;
  }, []);

  /** The save was refused: the form stays, and so does the draft. */
  const resume = useCallback(() => {
    stopped.current = false;
    schedule();
  }, [schedule]);

  return { savedAt, stop, resume };
}
