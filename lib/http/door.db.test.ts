/**
 * The one door's body cap, on every exported method of every route file under app/api (found on disk, so a route
 * added later is covered without editing this file). Before the door, a public legacy route read any body whole
 * (a 300 MB anonymous body to api/Authentication/SignIn was read in 27 s). Now:
 * - a body streamed without a length is refused (413, or a refusal such as 401 that never read it) with the bytes
 *   pulled from the client not much past the cap (MAX_BODY_BYTES; a route that reads no body pulls nothing more);
 * - a declared Content-Length past the cap is refused before one byte is pulled.
 */
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { paramsOf, routeHandlers } from '@/test/route-files';

const CHUNK = 64 * 1024;
/** What the door may pull past the cap: the chunk that crossed it, and one in flight. */
const SLACK = 2 * CHUNK;

/** A body of `total` bytes generated lazily, counting how many bytes the server pulled. */
function countedBody(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x7b);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close();
        const n = Math.min(CHUNK, total - sent);
        sent += n;
        controller.enqueue(n === CHUNK ? chunk : chunk.subarray(0, n));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => sent };
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

describe('the body cap of every route', () => {
  useTestDatabase();

  it('a body streamed past the cap is refused, anonymous or signed in, without reading much past it', async () => {
    const cap = config().MAX_BODY_BYTES;
    const routes = await routeHandlers();
    expect(routes.length).toBeGreaterThan(90);
    const failures: string[] = [];
    let refused413 = 0;
    for (const r of routes.filter((x) => hasBody(x.method))) {
      // A fresh user each call: some endpoints (SignOut, Deactivate) end the session they are called with.
      const me = await signedIn(3);
      for (const token of [undefined, me.token]) {
        const body = countedBody(cap * 8);
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (token) headers.authorization = `Bearer ${token}`;
        const init: RequestInit & { duplex: 'half' } = { method: r.method, headers, body: body.stream, duplex: 'half' };
        const res = await r.handler(new Request(`http://localhost/${r.path}`, init), {
          params: Promise.resolve(paramsOf(r.file)),
        });
        await res.body?.cancel();
        if (res.status === 413) refused413++;
        const who = token ? 'signed in' : 'anonymous';
        if (res.status >= 500 || body.pulled() > cap + SLACK)
          failures.push(`${r.name} (${who}): ${res.status} after ${body.pulled()} bytes`);
      }
    }
    expect(failures).toEqual([]);
    // The cap answered, not just an early 401: every public route with a body, and signed-in ones.
    expect(refused413).toBeGreaterThan(40);
  });

  it('a declared Content-Length past the cap is refused before one byte is pulled, on every method', async () => {
    const routes = await routeHandlers();
    const failures: string[] = [];
    for (const r of routes) {
      const body = countedBody(1024 * 1024);
      const init: RequestInit & { duplex: 'half' } = {
        method: r.method,
        headers: { 'content-type': 'application/json', 'content-length': '10000000000' },
        ...(hasBody(r.method) ? { body: body.stream, duplex: 'half' } : { duplex: 'half' }),
      };
      const res = await r.handler(new Request(`http://localhost/${r.path}`, init), {
        params: Promise.resolve(paramsOf(r.file)),
      });
      const answer =
        r.method === 'HEAD' ? null : ((await res.json()) as { error?: { message?: string }; detail?: string });
      // Uploads answer the spec's own message for a file too large (a 400), every other route 413.
      const upload = res.status === 400 && (answer?.error?.message ?? answer?.detail) === MSG.fileTooLarge;
      if (!(res.status === 413 || upload) || body.pulled() !== 0)
        failures.push(`${r.name}: ${res.status} after ${body.pulled()} bytes`);
    }
    expect(failures).toEqual([]);
  });
});
