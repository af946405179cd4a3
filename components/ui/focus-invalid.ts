'use client';
/**
 * After a refused submit (the browser's own check, the schema's or the server's), focus goes to the first invalid
 * control of the form and scrolls it into view, so the person sees what to fix and a screen reader reads its
 * message (the Field wires aria-invalid and aria-describedby). With no invalid control (a refusal with no field),
 * focus goes to the form's error alert. The one way every form does it: `const { ref, focusInvalid } =
 * useFocusInvalid()` on the form (or any container), `shouldFocusError: false` on react-hook-form, and
 * focusInvalid() in the invalid handler and after a server refusal.
 */
import { useCallback, useRef } from 'react';

const INVALID = '[aria-invalid="true"]';
/** How many frames to wait for React to paint the messages (a server refusal renders after the await). */
const FRAMES = 10;

function visible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

/** The control to focus for an invalid element: itself, or in a radio group its checked (else first) radio. */
function controlOf(el: HTMLElement): HTMLElement | null {
  if (el.matches('input, select, textarea, button, [tabindex]') && !el.matches('fieldset')) return el;
  return el.querySelector<HTMLElement>('input:checked, input:not([type="hidden"]), select, textarea, button') ?? null;
}

/** Focuses the first visible invalid control in `root` (else its first alert); true when something took focus. */
export function focusFirstInvalid(root: HTMLElement | null | undefined, fallbackToAlert = true): boolean {
  if (!root) return false;
  const invalid = [...root.querySelectorAll<HTMLElement>(INVALID)].find(visible);
  let target = invalid ? controlOf(invalid) : null;
  if (!target && fallbackToAlert) {
    const alert = [...root.querySelectorAll<HTMLElement>('[role="alert"]')].find(visible);
    if (alert) {
      if (!alert.hasAttribute('tabindex')) alert.setAttribute('tabindex', '-1');
      target = alert;
    }
  }
  if (!target) return false;
  reveal(target);
  return true;
}

/** Scrolls an element to the middle of the screen (smoothly, unless reduced motion is asked for) and focuses it. */
export function reveal(target: HTMLElement): void {
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  target.focus({ preventScroll: true });
}

/**
 * A ref for the form and focusInvalid(): waits until React has painted the messages (a few frames at most), then
 * focuses the first invalid control, or the alert when no control is marked.
 */
export function useFocusInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const focusInvalid = useCallback(() => {
    let frame = 0;
    const attempt = () => {
      frame++;
      const last = frame >= FRAMES;
      if (focusFirstInvalid(ref.current, last) || last) return;
      requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  }, []);
  return { ref, focusInvalid };
}
