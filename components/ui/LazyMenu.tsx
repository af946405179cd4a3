'use client';
/**
 * A menu button whose Radix dropdown menu is mounted on first use (page weight). Until then it is a plain
 * <button aria-haspopup="menu">: a list renders one per row, and a Radix root per row was a deep tree of providers,
 * hooks and an id each on the server and in hydration. The first click, Enter, Space or ArrowDown mounts the menu,
 * opened at once; from then on the button is Radix's own trigger, with Radix's focus handling (opened from the
 * keyboard, the first item is focused; Escape or choosing an item returns focus to the trigger).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export interface LazyMenuProps {
  /** The button's accessible name (e.g. "Actions for job JMS-01000"). */
  label: string;
  /** The button's visible text. */
  children: ReactNode;
  /** The button's classes. */
  className?: string;
  /** The menu's classes. */
  contentClassName?: string;
  /** The menu's items (Radix Menu.Item elements): called only once the menu is mounted. */
  items: () => ReactNode;
}

/** How the menu was first opened: the keyboard focuses the first item, as Radix does when it opened the menu itself. */
type Opened = 'pointer' | 'keyboard';

export function LazyMenu({ label, children, className, contentClassName, items }: LazyMenuProps) {
  const [opened, setOpened] = useState<Opened | null>(null);
  /** Whether the menu has not been shown yet (its first opening is ours; every later one is Radix's). */
  const first = useRef(true);

  if (opened === null) {
    // The keys and the pointer Radix's trigger opens on; a click without a pointer (assistive technology) as well.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
      e.preventDefault();
      setOpened('keyboard');
    };
    const onPointerDown = (e: PointerEvent) => {
      if (e.button !== 0 || e.ctrlKey) return;
      // As Radix: the button does not take focus, so the opening menu takes it.
      e.preventDefault();
      setOpened('pointer');
    };
    return (
      // No aria-expanded while no menu exists: the menu button pattern allows it absent when the menu is hidden,
      // and it is ten times "false" less per page.
      <button
        type="button"
        aria-haspopup="menu"
        aria-label={label}
        className={className}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onClick={(e) => e.detail === 0 && setOpened('keyboard')}
      >
        {children}
      </button>
    );
  }

  return (
    <Menu.Root defaultOpen modal={false}>
      <Menu.Trigger className={className} aria-label={label}>
        {children}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className={contentClassName}
          onFocus={(e) => {
            // Radix focuses the menu as it opens. The key that opened it was pressed before this menu listened for
            // keys, so Radix would stop there, not at its first item: go on to the first item, the first time only.
            if (!first.current || e.target !== e.currentTarget) return;
            first.current = false;
            if (opened === 'keyboard')
              e.currentTarget
                .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
                ?.focus({ preventScroll: true });
          }}
        >
          {items()}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
