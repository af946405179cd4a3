/**
 * The news wake-up of one instance (lib/jobs/news.ts): one LISTEN jms_news on the database (PostgreSQL: a
 * connection of its own that postgres.js re-opens after a drop; PGlite: in process), and the open streams of
 * this instance waiting on it. A notification names the users concerned ('*': all); their streams read their
 * news from the database at once. Nothing is kept here but who waits: a lost notification only delays a stream
 * until its next poll (LIVE_POLL_MS), and every instance hears every commit.
 */
import { getHandle, type DbHandle } from '@/db/client';
import { log } from '@/lib/log';

export const NEWS_CHANNEL = 'jms_news';

type Wake = () => void;

interface Hub {
  waiting: Map<number, Set<Wake>>;
  /** The handle listened on (tests rebind the database), and whether LISTEN is in place. */
  handle: DbHandle | null;
  listening: Promise<boolean> | null;
}

const g = globalThis as unknown as { __jmsNewsHub?: Hub };

function hub(): Hub {
  g.__jmsNewsHub ??= { waiting: new Map(), handle: null, listening: null };
  return g.__jmsNewsHub;
}

function wakeAll(): void {
  for (const set of hub().waiting.values()) for (const w of set) w();
}

/** A notification's payload: user ids separated by commas, or '*'. */
export function wakeFor(payload: string): void {
  if (payload.trim() === '*') return wakeAll();
  for (const part of payload.split(',')) {
    const set = hub().waiting.get(Number(part));
    if (set) for (const w of set) w();
  }
}

async function listen(h: DbHandle): Promise<boolean> {
  try {
    if (h.raw.kind === 'postgres') {
      // onlisten runs again after a reconnect: whatever was missed meanwhile is read at once.
      await h.raw.client.listen(NEWS_CHANNEL, (payload) => wakeFor(payload), wakeAll);
    } else {
      await h.raw.client.listen(NEWS_CHANNEL, (payload) => wakeFor(payload));
    }
    return true;
  } catch (err) {
    log().warn({ err }, 'news: LISTEN failed; open streams poll');
    return false;
  }
}

async function ensureListening(): Promise<void> {
  const h = await getHandle();
  const state = hub();
  if (state.handle !== h || !state.listening) {
    state.handle = h;
    state.listening = listen(h);
  }
  if (!(await state.listening) && state.handle === h) state.listening = null;
}

/** Calls `wake` whenever news for `userId` may have committed; answers the unsubscribe. */
export function subscribeNews(userId: number, wake: Wake): () => void {
  const state = hub();
  let set = state.waiting.get(userId);
  if (!set) state.waiting.set(userId, (set = new Set()));
  set.add(wake);
  void ensureListening().catch(() => undefined);
  return () => {
    set.delete(wake);
    if (!set.size && state.waiting.get(userId) === set) state.waiting.delete(userId);
  };
}

/** Streams waiting on this instance (for tests and the log). */
export function waitingStreams(): number {
  let n = 0;
  for (const set of hub().waiting.values()) n += set.size;
  return n;
}
