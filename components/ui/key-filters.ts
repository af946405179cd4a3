/**
 * Key filters of spec §5 ("numeric-only and decimal-only key filters exist"), for onKeyDown: a key that cannot be
 * part of the value is not typed. Editing keys, shortcuts (Ctrl/Cmd/Alt) and named keys (arrows, Backspace, Tab)
 * pass. Pasted text is not filtered here: the field's schema still checks the whole value.
 */
import type { KeyboardEvent } from 'react';

type KeyEvent = Pick<KeyboardEvent<HTMLInputElement>, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'preventDefault'>;

function filterKeys(e: KeyEvent, allowed: RegExp): void {
  if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
  if (!allowed.test(e.key)) e.preventDefault();
}

/** Digits and a decimal point: an amount (125.50). */
export function decimalKeys(e: KeyEvent): void {
  filterKeys(e, /^[0-9.]$/);
}

/** Digits, a decimal point, and what writes a range (100-500, "100 - 500"): the invoice amount filter. */
export function decimalRangeKeys(e: KeyEvent): void {
  filterKeys(e, /^[0-9. -]$/);
}
