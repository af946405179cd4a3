'use client';

/**
 * What was typed in a new order survives the idle time-out (WCAG 2.2.1): when the session ends
 * (lib/client-side/session-ending.ts), the form's values and step are kept in this tab's sessionStorage under the
 * signed-in user, and the same user's next /SaveJob in this tab (the sign-in comes back to it) takes them back once.
 * A fallback in the browser only, for until orders are kept as drafts on the server.
 */
import { useEffect, useRef } from 'react';
import { announce } from '@/components/ui/announce';
import { SESSION_ENDING_EVENT } from '@/lib/client-side/session-ending';

export const DRAFT_RESTORED_MSG =
  'What you had typed before you were signed out has been put back. Check it and save the job.';

const keyOf = (owner: string) => `jms.order-draft.${owner}`;

export interface KeptDraft<V> {
  values: V;
  step: 1 | 2;
}

/** Drops the kept values (a saved job, or the user chose to start again). */
export function dropDraft(owner: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(owner));
  } catch {
    // storage refused: nothing was kept
  }
}

/**
 * Keeps `read()` when the session ends; calls `restore` once with what was kept for `owner` (then forgets it).
 * Off (`owner` null) for a cloned job, which starts from the job it copies.
 */
export function useDraftFallback<V>(
  owner: string | null,
  read: () => KeptDraft<V>,
  restore: (draft: KeptDraft<V>) => void,
): void {
  const latest = useRef({ read, restore });
  useEffect(() => {
    latest.current = { read, restore };
  });
  useEffect(() => {
    if (!owner) return;
    let kept: string | null = null;
    try {
      kept = window.sessionStorage.getItem(keyOf(owner));
      if (kept) window.sessionStorage.removeItem(keyOf(owner));
    } catch {
      kept = null;
    }
    if (kept) {
      try {
        latest.current.restore(JSON.parse(kept) as KeptDraft<V>);
        announce(DRAFT_RESTORED_MSG);
      } catch {
        // an unreadable draft is dropped
      }
    }
    const keep = () => {
      try {
        window.sessionStorage.setItem(keyOf(owner), JSON.stringify(latest.current.read()));
      } catch {
        // storage full or refused: nothing more can be done as the page goes
      }
    };
    window.addEventListener(SESSION_ENDING_EVENT, keep);
    return () => window.removeEventListener(SESSION_ENDING_EVENT, keep);
  }, [owner]);
}
