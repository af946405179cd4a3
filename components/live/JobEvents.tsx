'use client';

/**
 * News as it happens, in the browser: one connection per page to the signed-in user's news
 * (api/Notification/Events, lib/jobs/news-stream.ts) shared by everything on the page that wants it.
 *
 * - `JobEventsProvider` opens a Server-Sent Events stream from the position the page was rendered at (`since`).
 *   The browser reconnects by itself when the stream ends (the server closes it after LIVE_STREAM_SECONDS) or the
 *   network drops, sending Last-Event-ID: the server sends what was missed. Where a stream cannot go (no
 *   EventSource, or it never opens), it asks every `pollMs` instead, from the last position it got.
 * - `useJobEvents(handler)` calls `handler` once per event (a status changed, a file was added, an invoice was
 *   issued), whichever way it came. Any page under the provider can use it to update its rows in place.
 * - `LiveRefresh` re-renders the page's server components (router.refresh(): the rows update in place, nothing
 *   typed or opened is lost) when news of its jobs arrives; `jb` narrows it to one job (the slip).
 */
import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { apiFetch } from '@/lib/client-side/api';
import type { newsItemAnswer, newsPollAnswer } from '@/lib/jobs/news-schema';

export type JobEvent = z.infer<typeof newsItemAnswer>;
type Listener = (e: JobEvent) => void;

const JobEventsContext = createContext<{ subscribe: (l: Listener) => () => void } | null>(null);

const EVENTS_PATH = '/api/Notification/Events';

export function JobEventsProvider({ since, pollMs, children }: { since: string; pollMs: number; children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  // The position the page was rendered at; the layout's later renders (router.refresh) do not reopen the stream.
  const position = useRef(since);
  const seen = useRef(new Set<number>());
  const [value] = useState(() => ({
    subscribe: (l: Listener) => {
      listeners.current.add(l);
      return () => void listeners.current.delete(l);
    },
  }));

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deliver = (e: JobEvent) => {
      if (seen.current.has(e.id)) return;
      seen.current.add(e.id);
      position.current = e.position;
      for (const l of listeners.current) l(e);
    };
    const url = () => `${EVENTS_PATH}?since=${encodeURIComponent(position.current)}`;
    const poll = async () => {
      if (stopped) return;
      try {
        const res = await apiFetch(url(), { cache: 'no-store' });
        if (res.ok) ((await res.json()) as z.infer<typeof newsPollAnswer>).items.forEach(deliver);
      } catch {
        // offline for a moment: the next poll catches up
      }
      if (!stopped) timer = setTimeout(poll, pollMs);
    };
    if (typeof EventSource === 'undefined') {
      void poll();
    } else {
      let opened = false;
      let failures = 0;
      const es = (source = new EventSource(url()));
      es.addEventListener('open', () => {
        opened = true;
        failures = 0;
      });
      es.addEventListener('news', (m) => {
        try {
          deliver(JSON.parse((m as MessageEvent<string>).data) as JobEvent);
        } catch {
          // not a message of ours
        }
      });
      es.addEventListener('error', () => {
        failures += 1;
        // Refused (signed out: the poll's 401 signs out) or never opened: poll instead.
        if (es.readyState === EventSource.CLOSED || (!opened && failures >= 3)) {
          es.close();
          source = null;
          void poll();
        }
      });
    }
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(timer);
    };
  }, [pollMs]);

  return <JobEventsContext.Provider value={value}>{children}</JobEventsContext.Provider>;
}

/** Calls `handler` for each news event of the signed-in user (nothing outside a JobEventsProvider). */
export function useJobEvents(handler: Listener): void {
  const ctx = useContext(JobEventsContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => ctx?.subscribe((e) => latest.current(e)), [ctx]);
}

/** Re-renders the page when news of its jobs arrives (all jobs, or the one named by `jb`), at most every 300 ms. */
export function LiveRefresh({ jb }: { jb?: string }) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useJobEvents((e) => {
    if (jb !== undefined && e.jb !== jb) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => router.refresh(), 300);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return null;
}
