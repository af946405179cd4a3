'use client';

import { useEffect, useRef } from 'react';
import { ANNOUNCER_ID, registerAnnouncer } from './announce';

/**
 * The page's polite live region (components/ui/announce.ts), rendered once by the root layout. The region itself lives
 * in a closed shadow root: assistive technology reads it like any other live region, while the page's text (and
 * what finds text in it) holds each message once, in the banner or the list that shows it. Its last words are kept
 * in `data-said` too. Not role="status": the visible status banners keep that role to themselves.
 */
export function LiveAnnouncer() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const region = document.createElement('div');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    (el.shadowRoot ?? el.attachShadow({ mode: 'closed' })).append(region);
    return registerAnnouncer(el, region);
  }, []);
  return <div ref={host} id={ANNOUNCER_ID} data-testid={ANNOUNCER_ID} className="sr-only" />;
}
