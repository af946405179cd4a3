'use client';

/**
 * The guided tour (spec §4) with driver.js, loaded only when a tour starts. It runs once on
 * /JobClient when the user's EnableTour is set or the page was opened with ?tour=1. When it ends
 * (done, closed or Escape) it calls api/User/DisableTour, then reloads the server-rendered state
 * without tour=1 in the address, so it does not start again.
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import 'driver.js/dist/driver.css';
import { apiFetch } from '@/lib/client-side/api';
import './tour.css';
import { TOUR_STEPS, tourSelector } from './tour-steps';

const TOUR_PAGE = '/JobClient';
/** How long to wait for the job list to render its anchors before starting without them. */
const WAIT_FOR_PAGE_MS = 3000;

function visible(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

async function waitForAnchor(selector: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!document.querySelector(selector) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function GuidedTour({ autoStart, blocked }: { autoStart: boolean; blocked: boolean }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const router = useRouter();
  const started = useRef(false);
  const requested = pathname === TOUR_PAGE && (autoStart || params.get('tour') === '1');

  useEffect(() => {
    if (!requested || blocked || started.current) return;
    let cancelled = false;

    const finish = () => {
      // A 401 signs out and comes back to this page (apiFetch, spec §4.5): no refresh after it.
      void apiFetch('/api/User/DisableTour', { cache: 'no-store' })
        .then((res) => res.text())
        .catch(() => undefined)
        .finally(() => {
          // Re-render the server state (EnableTour is now off), without tour=1 in the address.
          const url = new URL(window.location.href);
          if (!url.searchParams.has('tour')) return router.refresh();
          url.searchParams.delete('tour');
          router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false });
        });
    };

    void (async () => {
      await waitForAnchor(tourSelector('job-table'), WAIT_FOR_PAGE_MS);
      const { driver } = await import('driver.js');
      if (cancelled || started.current) return;
      started.current = true;
      const steps = TOUR_STEPS.flatMap((s) => {
        const element = s.anchors.map((a) => document.querySelector(tourSelector(a))).find(visible);
        return element ? [{ element, popover: { title: s.title, description: s.description } }] : [];
      });
      if (steps.length === 0) {
        finish();
        return;
      }
      // The end is taken from onDestroyStarted, which driver.js calls on every way out (Done, close, Escape,
      // overlay click). Its onDestroyed is skipped when the tour is closed while a step is still animating in
      // (a quick Done or Escape), which would leave EnableTour on and start the tour again next time.
      let ended = false;
      const tour = driver({
        steps,
        showProgress: true,
        progressText: 'Step {{current}} of {{total}}',
        nextBtnText: 'Next',
        prevBtnText: 'Back',
        doneBtnText: 'Done',
        popoverClass: 'jms-tour',
        smoothScroll: true,
        onDestroyStarted: () => {
          tour.destroy();
          if (ended) return;
          ended = true;
          finish();
        },
      });
      tour.drive();
    })();

    return () => {
      cancelled = true;
    };
  }, [requested, blocked, router]);

  return null;
}
