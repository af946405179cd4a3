/**
 * The news stream of one signed-in client user (Server-Sent Events; GET /api/Notification/Events): their news
 * (lib/jobs/news.ts) after the position they have, each as `event: news` with the position as its `id`, so the
 * browser's automatic reconnect sends Last-Event-ID and catches up from there. The stream:
 * - reads at once when this instance hears NOTIFY jms_news for the user (lib/jobs/news-hub.ts), and every
 *   LIVE_POLL_MS whatever it heard (a lost notification, a LISTEN that failed);
 * - sends a comment line every LIVE_HEARTBEAT_SECONDS (proxies keep it open) and checks the session then: a
 *   session ended (sign-out, deactivation) ends the stream;
 * - ends after LIVE_STREAM_SECONDS (a serverless platform's response limit); `retry:` tells the browser to come
 *   back 1 s later, from the last position it got.
 */
import { resolveSession } from '@/lib/auth/session';
import { config } from '@/lib/config';
import type { Actor } from '@/lib/core/principal';
import { requireTenant } from '@/lib/core/tenancy';
import { log } from '@/lib/log';
import { decodePosition, readNewsAfter, type NewsItem } from './news';
import { subscribeNews } from './news-hub';

/** What the browser waits before reconnecting (the SSE `retry:` field). */
export const RETRY_MS = 1000;
const BATCH = 100;

export function sseMessage(item: NewsItem): string {
  return `id: ${item.position}\nevent: news\ndata: ${JSON.stringify(item)}\n\n`;
}

export const SSE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  // nginx and similar proxies: pass each message on at once.
  'X-Accel-Buffering': 'no',
};

/** The stream from `position` (validated here: a 400 before anything is sent). `signal` ends it when the browser leaves. */
export function newsEventStream(actor: Actor, position: string, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const me = requireTenant(actor);
  decodePosition(position);
  const c = config();
  const encoder = new TextEncoder();
  let closed = false;
  let woken = false;
  let alarm: (() => void) | null = null;
  const wake = () => {
    woken = true;
    alarm?.();
  };
  const unsubscribe = subscribeNews(me.userId, wake);
  const stop = () => {
    closed = true;
    wake();
  };
  signal?.addEventListener('abort', stop, { once: true });

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || closed) return resolve();
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        alarm = null;
        resolve();
      }
      alarm = done;
    });

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const run = async () => {
        const started = Date.now();
        const endAt = started + c.LIVE_STREAM_SECONDS * 1000;
        let beatAt = started + c.LIVE_HEARTBEAT_SECONDS * 1000;
        send(`retry: ${RETRY_MS}\n: news of user ${me.userId}\n\n`);
        while (!closed && Date.now() < endAt) {
          woken = false;
          const { items, position: next } = await readNewsAfter(me, position, BATCH);
          for (const item of items) send(sseMessage(item));
          position = next;
          if (items.length === BATCH) continue;
          if (Date.now() >= beatAt) {
            if (!(await resolveSession(me.sessionId, { touch: false }))) break;
            send(': ping\n\n');
            beatAt = Date.now() + c.LIVE_HEARTBEAT_SECONDS * 1000;
          }
          await sleep(Math.max(0, Math.min(c.LIVE_POLL_MS, beatAt - Date.now(), endAt - Date.now())));
        }
      };
      run()
        .catch((err: unknown) =>
          log().warn({ err, userId: me.userId }, 'news stream ended by an error; the browser reconnects'),
        )
        .finally(() => {
          unsubscribe();
          signal?.removeEventListener('abort', stop);
          if (!closed) {
            closed = true;
            try {
              controller.close();
            } catch {
              // already closed by the browser leaving
            }
          }
        });
    },
    cancel() {
      stop();
    },
  });
}
