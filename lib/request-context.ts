/**
 * What the log knows about the request it is written in: its request id (lib/request-id.ts), carried through every
 * await of the request by AsyncLocalStorage. The door (lib/http/core.ts) and the server-action wrapper
 * (lib/http/action.ts) run their handler inside it; lib/log.ts adds the id to each line written within.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `run` as the request `requestId`: every log line written within carries it. */
export function withRequestId<T>(requestId: string, run: () => T): T {
  return store.run({ requestId }, run);
}

/** The id of the request being served, if any (none in a background task). */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
