'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { announce } from './announce';

/**
 * Its children, said through the page's polite live region when they appear and whenever their words change: a
 * confirmation rendered on the spot (a banner is not a live region until it exists, so its first words are often
 * not read).
 */
export function AnnounceOnShow({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const said = useRef<string | null>(null);
  useEffect(() => {
    const text = ref.current?.textContent?.trim() ?? '';
    if (text && text !== said.current) {
      said.current = text;
      announce(text);
    }
  });
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
