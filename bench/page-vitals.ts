/**
 * Web Vitals of bench/pages.ts (issue 31, item 4): LCP and INP of a page in Debian Chromium, measured by the
 * web-vitals library (its IIFE build, added to every document before the page's own scripts through the DevTools
 * protocol, which the page's nonce-based CSP does not govern), with reportAllChanges and every interaction of 16 ms or
 * more observed. Two profiles: desktop (1350x940, no throttling) and a throttled phone (390x844, 150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed down 4x, as Lighthouse's mobile default).
 *
 * A visit: open the page (the previous visit of the same profile warmed the HTTP cache), wait for its content and
 * for the network to settle, interact as a person does (the page says how: `interact`), wait for the next frames,
 * then hide the page (visibilitychange) so the library reports its final values. LCP: the largest contentful paint;
 * INP: the slowest interaction (the library's value).
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';

export interface Profile {
  name: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  /** Network round trip (ms), down and up throughput (bytes/s), CPU slowdown; null: none. */
  throttle: { latency: number; down: number; up: number; cpu: number } | null;
}

export const PROFILES: Profile[] = [
  { name: 'desktop', viewport: { width: 1350, height: 940 }, mobile: false, throttle: null },
  {
    name: 'phone, throttled',
    viewport: { width: 390, height: 844 },
    mobile: true,
    throttle: { latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8, cpu: 4 },
  },
];

export interface Target {
  label: string;
  url: string;
  /** Waits for the page's content. */
  ready(page: Page): Promise<void>;
  /** A person's interactions with the page (INP needs at least one). */
  interact(page: Page): Promise<void>;
}

export interface Vitals {
  /** ms; null when the library reported none. */
  lcp: number | null;
  inp: number | null;
}

/** The library and the reporting: every value it reports is kept in window.__vitals. */
function initScript(): string {
  const lib = readFileSync(
    path.join(process.cwd(), 'node_modules', 'web-vitals', 'dist', 'web-vitals.iife.js'),
    'utf8',
  );
  return `${lib}
;(() => {
  const v = (window.__vitals = { lcp: null, inp: null });
  webVitals.onLCP((m) => { v.lcp = m.value; }, { reportAllChanges: true });
  webVitals.onINP((m) => { v.inp = m.value; }, { reportAllChanges: true, durationThreshold: 16 });
})();`;
}

async function throttled(ctx: BrowserContext, page: Page, profile: Profile): Promise<void> {
  if (!profile.throttle) return;
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.throttle.latency,
    downloadThroughput: profile.throttle.down,
    uploadThroughput: profile.throttle.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.throttle.cpu });
}

/** One visit: load, content, interactions, hidden; the library's last values. */
async function visit(ctx: BrowserContext, profile: Profile, target: Target): Promise<Vitals> {
  const page = await ctx.newPage();
  try {
    await throttled(ctx, page, profile);
    await page.goto(target.url, { waitUntil: 'load', timeout: 120_000 });
    await target.ready(page);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await target.interact(page).catch(async (e: unknown) => {
      // Which profile and page, and what the page showed: a changed label and a dialog in the way look alike.
      const shot = path.join(
        tmpdir(),
        `vitals-${profile.name.replace(/\W+/g, '-')}-${target.label.replace(/\W+/g, '-')}.png`,
      );
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(
        `${profile.name}, ${target.label}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)} (screenshot: ${shot})`,
      );
    });
    // The interactions' next paints, then the event-timing entries (delivered after them).
    await page.waitForTimeout(1_000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(200);
    return await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);
  } finally {
    await page.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : null;
};

export interface VitalsResult {
  profile: string;
  target: string;
  /** LCP of the first visit of the profile's fresh context (empty cache). */
  coldLcp: number | null;
  /** Medians of the visits that followed (cache warm). */
  lcp: number | null;
  inp: number | null;
  visits: number;
}

/**
 * Each profile in a fresh context with the signed-in cookies: per target, one visit with an empty cache, then
 * `visits` more; the medians of those.
 */
export async function measureVitals(
  browser: Browser,
  cookies: Cookie[],
  targets: Target[],
  visits: number,
): Promise<VitalsResult[]> {
  const script = initScript();
  const out: VitalsResult[] = [];
  for (const profile of PROFILES) {
    const ctx = await browser.newContext({
      viewport: profile.viewport,
      isMobile: profile.mobile,
      hasTouch: profile.mobile,
      deviceScaleFactor: profile.mobile ? 3 : 1,
    });
    try {
      await ctx.addCookies(cookies);
      await ctx.addInitScript(script);
      for (const target of targets) {
        const cold = await visit(ctx, profile, target);
        const warm: Vitals[] = [];
        for (let i = 0; i < visits; i++) warm.push(await visit(ctx, profile, target));
        const of = (k: keyof Vitals) => median(warm.map((v) => v[k]).filter((x): x is number => x !== null));
        out.push({
          profile: profile.name,
          target: target.label,
          coldLcp: cold.lcp,
          lcp: of('lcp'),
          inp: of('inp'),
          visits,
        });
      }
    } finally {
      await ctx.close();
    }
  }
  return out;
}
