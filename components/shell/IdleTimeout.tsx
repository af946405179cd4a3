'use client';

/**
 * The idle time-out warning (WCAG 2.2.1). A session ends after the portal's idle minutes, or the firm's
 * shorter ones (lib/auth/session.ts idleMinutes). Two minutes before that, an alert dialog says so and offers
 * "Stay signed in" (the session starts again on the server, staySignedInAction) and "Sign out". Typing, clicking and
 * touching are activity: while someone is at work the browser keeps the server session alive, at most once a
 * minute, so the warning only comes after real idleness. At the time-out the page says what was typed is kept
 * (lib/client-side/session-ending.ts: the order form keeps its values for after the next sign-in) and signs out remembering the
 * page. Tabs share their last keep-alive, so one busy tab keeps the others from warning.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { signOutUnauthorized } from '@/lib/client-side/api';
import type { ActionResult } from '@/lib/http/action-result';

/** The warning comes this long before the time-out. */
export const WARN_BEFORE_MS = 120_000;
/** Activity sends a keep-alive at most this often (the server records "seen" once a minute too). */
const KEEP_ALIVE_EVERY_MS = 60_000;
const TICK_MS = 1_000;
const SHARED_KEY = 'jms.session.deadline';

export const IDLE_MSG = {
  title: 'Are you still there?',
  body: (minutes: number) =>
    `For your security you are signed out after ${minutes} minutes without activity. Anything you have typed in a new order is kept for when you sign in again.`,
  stay: 'Stay signed in',
  signOut: 'Sign out',
  extended: 'You are still signed in.',
} as const;

export interface IdleTimeoutProps {
  idleMinutes: number;
  /** Milliseconds the session had left when the page was rendered. */
  remainingMs: number;
  extend: () => Promise<ActionResult<{ idleMinutes: number; remainingMs: number }>>;
}

function sharedDeadline(): number {
  try {
    return Number(window.localStorage.getItem(SHARED_KEY)) || 0;
  } catch {
    return 0;
  }
}

function shareDeadline(deadline: number): void {
  try {
    window.localStorage.setItem(SHARED_KEY, String(deadline));
  } catch {
    // storage refused (private mode): this tab keeps its own deadline
  }
}

function left(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function IdleTimeout({ idleMinutes, remainingMs, extend }: IdleTimeoutProps) {
  const [minutes, setMinutes] = useState(idleMinutes);
  const deadline = useRef(0);
  const lastActivity = useRef(0);
  const lastKeepAlive = useRef(0);
  const inFlight = useRef(false);
  const [warning, setWarning] = useState(false);
  const [msLeft, setMsLeft] = useState(remainingMs);
  const warningRef = useRef(false);
  const ended = useRef(false);

  const setDeadline = useCallback((d: number) => {
    deadline.current = d;
    shareDeadline(d);
  }, []);

  const keepAlive = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    lastKeepAlive.current = Date.now();
    try {
      const r = await extend();
      if (r.ok) {
        setMinutes(r.value.idleMinutes);
        setDeadline(Date.now() + r.value.remainingMs);
        return true;
      }
      // An ended session: the page signs out and back (what was typed is kept first).
      if ('signedOut' in r && r.signedOut) {
        void signOutUnauthorized();
      }
      return false;
    } catch {
      return false;
    } finally {
      inFlight.current = false;
    }
  }, [extend, setDeadline]);

  useEffect(() => {
    const start = Date.now();
    setDeadline(Math.max(start + remainingMs, sharedDeadline()));
    lastKeepAlive.current = start;
    const onActivity = () => {
      if (!warningRef.current) lastActivity.current = Date.now();
    };
    const events = ['keydown', 'pointerdown', 'input', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { capture: true, passive: true });
    const tick = () => {
      if (ended.current) return;
      const t = Date.now();
      // Another tab kept the session alive.
      const shared = sharedDeadline();
      if (shared > deadline.current) deadline.current = shared;
      if (
        lastActivity.current > lastKeepAlive.current &&
        t - lastKeepAlive.current >= KEEP_ALIVE_EVERY_MS &&
        deadline.current > t
      )
        void keepAlive();
      const remaining = deadline.current - t;
      if (warningRef.current || remaining <= WARN_BEFORE_MS) setMsLeft(remaining);
      if (remaining <= 0) {
        ended.current = true;
        void signOutUnauthorized();
        return;
      }
      const warn = remaining <= WARN_BEFORE_MS;
      if (warn !== warningRef.current) {
        warningRef.current = warn;
        setWarning(warn);
      }
    };
    const id = window.setInterval(tick, TICK_MS);
    return () => {
      window.clearInterval(id);
      for (const e of events) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [remainingMs, keepAlive, setDeadline]);

  const [staying, setStaying] = useState(false);
  const stayButton = useRef<HTMLButtonElement>(null);
  const stay = async () => {
    setStaying(true);
    try {
      if (await keepAlive()) {
        warningRef.current = false;
        setWarning(false);
      }
    } finally {
      setStaying(false);
    }
  };

  return (
    <Dialog
      open={warning}
      onOpenChange={(open) => {
        if (!open) void stay();
      }}
      role="alertdialog"
      dismissible={false}
      hideClose
      size="sm"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        stayButton.current?.focus();
      }}
      title={IDLE_MSG.title}
      description={IDLE_MSG.body(minutes)}
      footer={
        <>
          <a href="/SignOut" className={buttonClasses({ variant: 'secondary' })}>
            {IDLE_MSG.signOut}
          </a>
          <Button
            variant="primary"
            onClick={() => void stay()}
            loading={staying}
            loadingText="Staying signed in…"
            ref={stayButton}
          >
            {IDLE_MSG.stay}
          </Button>
        </>
      }
    >
      <p data-testid="idle-countdown">
        You will be signed out in <span className="font-semibold tabular-nums">{left(msLeft)}</span>.
      </p>
    </Dialog>
  );
}
