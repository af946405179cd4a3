'use client';

/**
 * Contextual help beside a form field (spec §1, §3): a small "?" button that shows the help text
 * looked up by key. Renders nothing unless contextual help is switched on (CONTEXTUAL_HELP_ENABLED)
 * and the key has a text. Opens on click, Enter or hover; closes 500 ms after the pointer leaves
 * (spec §9 popover close delay), on Escape or on a click elsewhere.
 *
 *   <Field id="ContactName" label={<>Contact name <HelpTip helpKey="ContactName" label="Contact name" /></>}>…
 */
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useRef, useState } from 'react';
import { POPOVER_CLOSE_DELAY_MS } from '@/lib/reference';
import { useHelpText } from './help-context';

export interface HelpTipProps {
  /** The ContextualHelpKey, e.g. "ContactName". */
  helpKey: string;
  /** The field's visible label, for the button's accessible name ("Help: Contact name"). Defaults to the key in words. */
  label?: string;
  className?: string;
}

/** "ContactName" → "Contact name". */
export function keyToWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function HelpTip({ helpKey, label, className }: HelpTipProps) {
  const text = useHelpText(helpKey);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const byHover = useRef(false);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  if (!text) return null;

  const name = `Help: ${label ?? keyToWords(helpKey)}`;
  const openNow = () => {
    clearTimeout(closeTimer.current);
    if (!open) byHover.current = true;
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    byHover.current = false;
    setOpen(next);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), POPOVER_CLOSE_DELAY_MS);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        type="button"
        data-help-tip={helpKey}
        aria-label={name}
        onPointerEnter={(e) => e.pointerType === 'mouse' && openNow()}
        onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
        onClick={(e) => {
          // A click on a tip the pointer already opened keeps it open instead of toggling it shut.
          if (open && byHover.current) {
            e.preventDefault();
            byHover.current = false;
          }
        }}
        className={`ml-1 inline-flex size-5 shrink-0 items-center justify-center rounded-full border border-line-strong bg-surface align-middle text-xs font-semibold text-brand-700 hover:bg-brand-50 ${className ?? ''}`}
      >
        ?
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          onPointerEnter={openNow}
          onPointerLeave={closeSoon}
          aria-label={name}
          // Opened by keyboard or click: focus moves in so the text is read; by hover: focus stays.
          onOpenAutoFocus={(e) => byHover.current && e.preventDefault()}
          className="z-50 max-w-xs rounded-md border border-line bg-surface px-3 py-2 text-sm text-ink shadow-lg"
        >
          {text}
          <Popover.Arrow className="fill-surface" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
