'use client';

import { useEffect, useState } from 'react';

/**
 * Seconds left until a deadline (a browser-clock time, computed when the server's answer arrived
 * from the lifetime it gave: only the duration is trusted, not the server's clock).
 */
export function useCountdown(deadline: number): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNowMs(Date.now()), 250);
    return () => window.clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((deadline - nowMs) / 1000));
}

/** 04:59 */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
