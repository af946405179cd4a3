'use client';

/**
 * The header's collapsible part: always shown from the md breakpoint up (`wide`: from xl, for the staff area's
 * longer navigation, which wrapped word by word at 1024 px); its children wrap into rows when they do not fit (a larger
 * text size), so nothing needs a sideways scroll. Below the breakpoint a Menu button discloses it
 * (aria-expanded). It closes on navigation and on Escape (focus back on the button).
 */
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

const AT = {
  md: {
    button: 'md:hidden',
    panel:
      'md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:justify-between md:gap-y-1 md:border-0 md:p-0',
  },
  xl: {
    button: 'xl:hidden',
    panel:
      'xl:flex xl:w-auto xl:flex-1 xl:flex-row xl:flex-wrap xl:items-center xl:justify-between xl:gap-y-1 xl:border-0 xl:p-0',
  },
} as const;

export function MobileMenu({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const at = AT[wide ? 'xl' : 'md'];
  const pathname = usePathname();
  // The path the menu was opened on: navigating elsewhere closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // Escape inside a dialog opened from the menu (About) closes that dialog only.
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"][data-state="open"]')) {
        setOpenedOn(null);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="portal-menu"
        data-tour="nav-menu"
        onClick={() => setOpenedOn(open ? null : pathname)}
        className={cn('menu-b', at.button)}
      >
        {/* The bars, or the cross while open, are the .menu-b class's ::before (app/globals.css, from aria-expanded). */}
        Menu
      </button>
      <div id="portal-menu" className={cn('menu-p', at.panel, open ? 'flex' : 'hidden')}>
        {children}
      </div>
    </>
  );
}
