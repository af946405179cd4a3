'use client';
/**
 * What a person typed or chose in a controlled field before the page's script ran. The server's HTML is usable at
 * once: a filter can be typed into, a select changed. React then takes the page over without touching the field's
 * value, but its state still holds the value the server rendered: nothing is applied (the list is not filtered),
 * and the next render puts the old value back, losing what was typed. So once mounted, a field whose value differs
 * from its state reports it through its own onChange, as if it had just been typed. Forms that validate and send
 * (react-hook-form) keep their fields disabled until then instead (FormFields).
 *
 * A client-side render mounts the field with its state's value, so this only acts on a field of the server's HTML.
 */
import { useEffect, useRef, type ChangeEvent } from 'react';

export function useEarlyValue<E extends HTMLInputElement | HTMLSelectElement>(
  value: unknown,
  onChange: ((e: ChangeEvent<E>) => void) | undefined,
) {
  const own = useRef<E | null>(null);
  useEffect(() => {
    const el = own.current;
    if (!el || !onChange || el.disabled || value === undefined || value === null || Array.isArray(value)) return;
    if (
      el instanceof HTMLInputElement &&
      (el.readOnly || el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')
    )
      return;
    const rendered = String(value);
    if (el.value === rendered) return;
    // A select whose value is none of its options shows its first one: that is the browser's choice, not a person's.
    if (el instanceof HTMLSelectElement && (el.multiple || !Array.from(el.options).some((o) => o.value === rendered)))
      return;
    onChange({ target: el, currentTarget: el, type: 'change' } as unknown as ChangeEvent<E>);
    // Once, on mount: later changes come through React's own events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return own;
}
