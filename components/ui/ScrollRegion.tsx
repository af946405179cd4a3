'use client';
/**
 * A frame that scrolls sideways on its own when its content (a wide table) does not fit, so the page never
 * does. While it overflows it says so: a shadow on the edge with more to see, a hint under it, and
 * it is a named region that takes keyboard focus (arrow keys scroll it). When everything fits, it is a plain box.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

interface Overflow {
  overflow: boolean;
  atStart: boolean;
  atEnd: boolean;
}

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [o, setO] = useState<Overflow>({ overflow: false, atStart: true, atEnd: true });
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => {
      const next = {
        overflow: el.scrollWidth > el.clientWidth + 1,
        atStart: el.scrollLeft <= 1,
        atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
      };
      setO((prev) =>
        prev.overflow === next.overflow && prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);
  const edge = 'pointer-events-none absolute inset-y-0 w-6 from-slate-900/20 to-transparent print:hidden';
  return (
    // min-w-0: inside a flex or grid parent the frame, not the table's width, sets the size (no page scroll).
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <div className="relative min-w-0">
        <div
          ref={frame}
          className={cn(
            'max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            className,
          )}
          {...(o.overflow ? { role: 'region', tabIndex: 0, 'aria-label': `${label} (scrolls sideways)` } : {})}
          data-overflow={o.overflow || undefined}
        >
          {children}
        </div>
        {o.overflow && !o.atStart && (
          <div aria-hidden="true" className={cn(edge, 'left-0 rounded-l-lg bg-linear-to-r')} />
        )}
        {o.overflow && !o.atEnd && (
          <div
            aria-hidden="true"
            className={cn(edge, 'right-0 rounded-r-lg bg-linear-to-l')}
            data-testid="scroll-shadow"
          />
        )}
      </div>
      {o.overflow && (
        <p className="text-xs text-muted print:hidden" data-testid="scroll-hint">
          Scroll sideways to see every column →
        </p>
      )}
    </div>
  );
}
