'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';
import { focusedOrLast } from './focus-memory';
import { CloseIcon } from './icons';
import { LiveAnnouncer } from './LiveAnnouncer';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const widths: Record<DialogSize, string> = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  /** An element that opens the dialog (a Button); focus returns to it on close. */
  trigger?: ReactNode;
  title: ReactNode;
  /** Read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned at the bottom. */
  footer?: ReactNode;
  size?: DialogSize;
  /** false: Escape and clicks outside do not close it (for notices the user must answer). */
  dismissible?: boolean;
  /** Hide the × button (e.g. when the footer has the only ways out). */
  hideClose?: boolean;
  closeLabel?: string;
  /** Where focus goes on open; preventDefault() and focus your own element. */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes on close (without a `trigger` nothing gets it back); preventDefault() and focus your
   * own element, e.g. the button that opened a dialog loaded on demand.
   */
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
  /** alertdialog: a warning that needs an answer now (the idle time-out), announced as such. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The element focus goes back to when a dialog without a trigger closes: the element that had focus when it opened,
 * or, for a dialog opened from a menu (a row's Actions), the button that opened the menu (WCAG 2.4.3).
 */
function returnTargetOf(el: Element | null): HTMLElement | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  // Focus last seen in a dialog that has since closed is no place to go back to.
  if (!el.isConnected && el.closest('[role="dialog"], [role="alertdialog"]')) return null;
  const menu = el.closest('[role="menu"]');
  const trigger = menu?.getAttribute('aria-labelledby');
  return (trigger && document.getElementById(trigger)) || el;
}

/** The same control after a re-render replaced it (a list's row redrawn): by id, else by its accessible label. */
function findAgain(el: HTMLElement): HTMLElement | null {
  if (el.isConnected) return el;
  const byId = el.id ? document.getElementById(el.id) : null;
  if (byId) return byId;
  const label = el.getAttribute('aria-label');
  if (!label) return null;
  return (
    [...document.querySelectorAll<HTMLElement>(`${el.tagName}[aria-label="${CSS.escape(label)}"]`)].find(
      (c) => c.getClientRects().length > 0,
    ) ?? null
  );
}

/** Focuses the element a dialog goes back to (found again if the list re-rendered it), else the main content. */
function focusBack(el: HTMLElement | null): void {
  const again = el ? findAgain(el) : null;
  if (again && again.isConnected && again.getClientRects().length > 0 && !again.matches(':disabled')) {
    again.focus();
    return;
  }
  const main = document.getElementById('main') ?? document.querySelector<HTMLElement>('main');
  if (main) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
}

/**
 * A modal dialog (Radix): focus is trapped, Escape closes, focus returns to the trigger. It hosts a polite live region
 * (components/ui/announce.ts), heard while the page's own is hidden behind the dialog.
 */
export function Dialog({
  open,
  onOpenChange,
  defaultOpen,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  hideClose = false,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  className,
  role,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const openAutoFocus = (e: Event) => {
    opener.current = returnTargetOf(focusedOrLast());
    onOpenAutoFocus?.(e);
  };
  const closeAutoFocus = (e: Event) => {
    onCloseAutoFocus?.(e);
    // Radix gives focus back only to a trigger it knows; otherwise focus would drop to the top of the page.
    if (e.defaultPrevented || trigger) return;
    e.preventDefault();
    // What the dialog's answer did may already have put focus somewhere sensible (the field that replaced a deleted file).
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    focusBack(opener.current);
  };
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(role ? { role } : {})}
          onOpenAutoFocus={openAutoFocus}
          onCloseAutoFocus={closeAutoFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-lg border border-line bg-surface text-ink shadow-xl focus:outline-none',
            widths[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="flex flex-col gap-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>
              )}
            </div>
            {!hideClose && (
              <RadixDialog.Close
                aria-label={closeLabel}
                className="-m-1 rounded-md p-1 text-muted hover:bg-slate-100 hover:text-ink"
              >
                <CloseIcon className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          {children && <div className="overflow-y-auto px-5 py-4 text-sm">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
          {/* The rest of the page is hidden from assistive technology while the dialog is open: what is said goes here. */}
          <LiveAnnouncer inDialog />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button (or any element via asChild) inside the dialog that closes it. */
export const DialogClose = RadixDialog.Close;
