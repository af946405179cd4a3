'use client';

import { useEffect, useRef } from 'react';
import { ANNOUNCER_ID, registerAnnouncer } from './announce';

/**
 * A polite live region for announce() (components/ui/announce.ts): the page's, rendered once by the root layout, and
 * one in each open dialog (`inDialog`), which the page's would be hidden by. The region itself lives in a closed
 * shadow root: assistive technology reads it like any other live region, while the page's text (and what finds
 * text in it) holds each message once, in the banner or the list that shows it. Its last words are kept in
 * `data-said` too. Not role="status": the visible status banners keep that role to themselves.
 */
export function LiveAnnouncer({ inDialog = false }: { inDialog?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  // A closed shadow root is not found again through the element: kept here (an effect may run twice).
  const shadow = useRef<ShadowRoot | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const region = document.createElement('div');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    shadow.current ??= el.attachShadow({ mode: 'closed' });
    shadow.current.append(region);
    const undo = registerAnnouncer(el, region, inDialog);
    return () => {
      undo();
      region.remove();
    };
  }, [inDialog]);
  return inDialog ? (
    <div ref={host} data-testid="dialog-announcer" className="sr-only" />
  ) : (
    <div ref={host} id={ANNOUNCER_ID} data-testid={ANNOUNCER_ID} className="sr-only" />
  );
}
