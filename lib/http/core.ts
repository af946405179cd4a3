/**
 * The one door: what every app/api route handler goes through, whichever dialect it answers in (the
 * legacy envelope of lib/http/route.ts, the problem details of lib/http/v1-route.ts). Once per request:
 *
 * 1. a body declared (Content-Length) larger than the route's cap is refused (413) before anything else;
 * 2. the Principal is built: the session cookie ('cookie'), the legacy bearer token ('bearer'), an /api/v1 API
 *    key, or anonymous;
 * 3. a request the session COOKIE authenticates, with an unsafe method, passes only from the portal's own origin
 *    (Origin = APP_URL's origin, or without Origin, Sec-Fetch-Site same-origin/none); otherwise 403 before the
 *    body is read or anything is written (docs/decisions/016-one-door.md);
 * 4. the body is read only through this door, never past the route's cap: a JSON body as text (413 past the cap,
 *    the rest of the stream cancelled), then the depth limit and NUL refusal, then ONE zod parse; a streamed body
 *    (multipart, next-auth's forms) through a stream that fails at the cap. A route that declares no body leaves
 *    it unread, and the door cancels it when the handler is done.
 */
import { z } from 'zod';
import { sessionCookieFromRequest, sessionIdFromCookie } from '@/lib/auth/request';
import { resolveSession, sessionIdFromLegacyToken } from '@/lib/auth/session';
import { config } from '@/lib/config';
import {
  anonymousPrincipal,
  apiKeyPrincipal,
  metaFromHeaders,
  userPrincipal,
  type Principal,
} from '@/lib/core/principal';
import { authenticateApiKey, bearerToken } from '@/lib/integration/api-keys';
import { withRequestId } from '@/lib/request-context';
import { requestIdFrom } from '@/lib/request-id';
import { CROSS_SITE_MSG, fromOwnOrigin } from '@/lib/security/origin';
import { refuseUnstorable } from '../core/body';
import { AppError, fieldErrors, ValidationError } from '../core/errors';

export const DOOR_MSG = {
  tooLarge: (max: number) => `The request body is larger than ${max} bytes.`,
  crossSite: CROSS_SITE_MSG,
} as const;

/** The cap of a route that names none: MAX_BODY_BYTES (1 MiB by default). */
export function defaultMaxBodyBytes(): number {
  return config().MAX_BODY_BYTES;
}

/** A body past its route's cap: 413, field '' (the legacy envelope), or the route's own message. */
export class BodyTooLargeError extends AppError {
  constructor(max: number, message = DOOR_MSG.tooLarge(max)) {
    super(413, message, { '': [message] });
    this.name = 'BodyTooLargeError';
  }
}

/** A cookie-authenticated unsafe request from another origin (CSRF): 403. */
export class CrossSiteRequestError extends AppError {
  constructor() {
    super(403, DOOR_MSG.crossSite);
    this.name = 'CrossSiteRequestError';
  }
}

/** How a route finds its caller: the session (cookie or legacy bearer token), an /api/v1 API key, or not at all. */
export type Authentication = 'session' | 'api-key' | 'none';

/** The caller of a request, built once at the door. */
export async function principalOf(
  req: Request,
  how: Authentication,
  opts: { passive?: boolean } = {},
): Promise<Principal> {
  const meta = metaFromHeaders(req.headers);
  if (how === 'none') return anonymousPrincipal(meta);
  const auth = req.headers.get('authorization');
  if (how === 'api-key') {
    const token = bearerToken(auth);
    const key = token ? await authenticateApiKey(token) : null;
    return key ? apiKeyPrincipal(key, meta) : anonymousPrincipal(meta);
  }
  if (auth && /^Bearer\s+/i.test(auth)) {
    const actor = await resolveSession(await sessionIdFromLegacyToken(auth.replace(/^Bearer\s+/i, '').trim()), {
      touch: !opts.passive,
    });
    return actor ? userPrincipal(actor, meta, 'bearer') : anonymousPrincipal(meta);
  }
  const actor = await resolveSession(await sessionIdFromCookie(sessionCookieFromRequest(req)), {
    touch: !opts.passive,
  });
  return actor ? userPrincipal(actor, meta, 'cookie') : anonymousPrincipal(meta);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF at the door: a request the session cookie authenticates, with an unsafe method (or any method, for a
 * route whose GET changes something: `changesState`), must come from the portal's own origin. Origin, when sent,
 * must be APP_URL's origin; without Origin, Sec-Fetch-Site must be same-origin or none; a request with neither
 * header (not a browser: every browser sends Origin on a cross-origin POST, and Sec-Fetch-Site on every request)
 * passes. Bearer tokens and API keys are not sent by a browser on its own: not affected.
 */
export function refuseCrossSite(req: Request, principal: Principal, opts: { changesState?: boolean } = {}): void {
  if (principal.kind !== 'user' || principal.via !== 'cookie') return;
  if (!opts.changesState && SAFE_METHODS.has(req.method.toUpperCase())) return;
  if (!fromOwnOrigin(req.headers)) throw new CrossSiteRequestError();
}

/** The Content-Length a request declares, or NaN. */
function declaredLength(req: Request): number {
  const v = req.headers.get('content-length');
  return v !== null && /^\s*[0-9]+\s*$/.test(v) ? Number(v) : Number.NaN;
}

/** Stops a body nobody will read (the rest of it is not pulled). */
export async function discardBody(req: Request): Promise<void> {
  if (req.body && !req.bodyUsed && !req.body.locked) await req.body.cancel().catch(() => undefined);
}

/** Refuses (413, or the route's own error) a body whose declared length passes the cap, without reading it. */
export async function refuseDeclaredOversize(
  req: Request,
  max: number,
  tooLarge: () => Error = () => new BodyTooLargeError(max),
): Promise<void> {
  if (declaredLength(req) > max) {
    await discardBody(req);
    throw tooLarge();
  }
}

/**
 * The body as a stream that fails with `tooLarge()` once more than `max` bytes came, cancelling the request's
 * own stream there: nothing past the cap is pulled from the client.
 */
export function cappedStream(
  req: Request,
  max: number,
  tooLarge: () => Error = () => new BodyTooLargeError(max),
): ReadableStream<Uint8Array> | null {
  if (!req.body) return null;
  const reader = req.body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const r = await reader.read();
        if (r.done) {
          controller.close();
          return;
        }
        size += r.value.byteLength;
        if (size > max) {
          await reader.cancel().catch(() => undefined);
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(r.value);
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The whole body as bytes, never more than `max` of them (413 past it, the rest not read). */
export async function readCapped(req: Request, max: number, tooLarge?: () => Error): Promise<Buffer> {
  await refuseDeclaredOversize(req, max, tooLarge);
  const stream = cappedStream(req, max, tooLarge);
  if (!stream) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    chunks.push(r.value);
  }
  return Buffer.concat(chunks);
}

/**
 * A JSON body (undefined when empty), at most `max` bytes, refused when nested too deeply or holding a NUL
 * (lib/core/body.ts). `accept` checks the Content-Type of a non-empty body (the /api/v1 dialect's 415).
 */
export async function readJson(
  req: Request,
  max: number,
  opts: { tooLarge?: () => Error; accept?: (contentType: string) => void } = {},
): Promise<unknown> {
  const text = (await readCapped(req, max, opts.tooLarge)).toString('utf8');
  if (text.trim() === '') return undefined;
  opts.accept?.((req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase());
  const value: unknown = JSON.parse(text);
  refuseUnstorable(value);
  return value;
}

/** Path parameters, refused when they hold a NUL (lib/core/body.ts). */
export async function readParams<P>(ctx: { params: Promise<P> }): Promise<P> {
  const params = await ctx.params;
  refuseUnstorable(params);
  return params;
}

/** The one zod parse of the door: a 400 with field messages (each dialect renders it). */
export function parseWith(schema: z.ZodType, input: unknown): unknown {
  const r = schema.safeParse(input);
  if (!r.success) throw new ValidationError(fieldErrors(r.error));
  return r.data;
}

/** What the door hands the route's handler. */
export interface DoorContext {
  req: Request;
  principal: Principal;
  /** The route's body cap in bytes. */
  maxBodyBytes: number;
}

export interface DoorSpec {
  auth: Authentication;
  /** The request is not the user's activity (the news stream): the session's idle clock is not reset. */
  passive?: boolean;
  /**
   * The route changes something even on a GET (the spec requires a GET there): the CSRF check applies to every
   * method, so a cross-site link followed with the Lax session cookie is refused.
   */
  changesState?: boolean;
  /** The body cap (default MAX_BODY_BYTES); a function when it depends on the configuration. */
  maxBodyBytes?: number | (() => number);
  /** The error a body past the cap is refused with (default BodyTooLargeError, 413). */
  tooLarge?: (max: number) => Error;
  /** The route's dialect: any thrown value as its answer. */
  onError: (e: unknown, req: Request, principal: Principal | null) => Promise<Response>;
}

/**
 * The door itself: declared size, principal, CSRF, then the handler; every error in the route's dialect; an
 * unread body cancelled at the end. All of it runs as the request's id (lib/request-id.ts), which the answer
 * carries in X-Request-Id.
 */
export function door<A extends unknown[]>(
  spec: DoorSpec,
  handler: (ctx: DoorContext, ...args: A) => Promise<Response>,
) {
  return async (req: Request, ...args: A): Promise<Response> => {
    const requestId = requestIdFrom(req.headers);
    const res = await withRequestId(requestId, () => serve(req, ...args));
    try {
      res.headers.set('X-Request-Id', requestId);
    } catch {
      // A response whose headers cannot change (Response.redirect's) goes out without it.
    }
    return res;
  };

  async function serve(req: Request, ...args: A): Promise<Response> {
    let principal: Principal | null = null;
    try {
      const max =
        typeof spec.maxBodyBytes === 'function' ? spec.maxBodyBytes() : (spec.maxBodyBytes ?? defaultMaxBodyBytes());
      await refuseDeclaredOversize(req, max, spec.tooLarge ? () => spec.tooLarge!(max) : undefined);
      principal = await principalOf(req, spec.auth, { passive: spec.passive });
      refuseCrossSite(req, principal, { changesState: spec.changesState });
      return await handler({ req, principal, maxBodyBytes: max }, ...args);
    } catch (e) {
      return await spec.onError(e, req, principal);
    } finally {
      await discardBody(req);
    }
  }
}
