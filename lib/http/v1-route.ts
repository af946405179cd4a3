/**
 * The adapter of every /api/v1 route handler, the integration API's counterpart of lib/http/route.ts:
 *
 * 1. `Authorization: Bearer <API key>` (lib/integration/api-keys.ts): none, unknown or revoked → 401 with
 *    WWW-Authenticate (RFC 6750);
 * 2. the key's rate limit (API_RATE_LIMIT_MAX calls per API_RATE_LIMIT_WINDOW_SECONDS, counted in the database so
 *    it holds across instances) → 429 with Retry-After (seconds to the end of the window) and RateLimit headers;
 * 3. the route's scope → 403 (WWW-Authenticate error="insufficient_scope");
 * 4. path, query and JSON body parsed with the route's zod contract (the body read through the one door,
 *    lib/http/core.ts: at most MAX_JSON_BYTES (413 without reading further) and MAX_BODY_DEPTH deep, no NUL
 *    characters) → 400 with an `errors` map;
 * 5. for a route marked idempotent, the Idempotency-Key (lib/http/idempotency.ts);
 * 6. the handler (a thin adapter over one service) → camelCase JSON;
 * 7. every error, expected or not, as RFC 9457 problem details (lib/http/problem.ts), never a bare 500;
 * 8. an audit row for every authenticated call (action api.call) with the key's name, method, path and status.
 */
import { z } from 'zod';
import { getDb } from '@/db/client';
import { recordAudit } from '@/lib/core/audit';
import { apiKeyPrincipal, metaFromHeaders } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import type { Principal } from '@/lib/core/principal';
import { refuseUnstorable } from '@/lib/core/body';
import { door, parseWith, readJson, readParams, type DoorContext } from '@/lib/http/core';
import type { RouteContract } from '@/lib/http/route';
import { consumeRateLimit } from '@/lib/core/rate-limit';
import { log } from '@/lib/log';
import type { ApiScope } from '@/lib/integration/api-key-schema';
import { bearerToken, type ApiKeyPrincipal } from '@/lib/integration/api-keys';
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  replayResponse,
  requestFingerprint,
  settleIdempotencyKey,
  type IdempotencyClaim,
} from './idempotency';
import { problemFor, ProblemError, problemResponse } from './problem';

/** The largest JSON body an /api/v1 call may send (an invoice of 500 lines is well under it). */
export const MAX_JSON_BYTES = 1_048_576;

export const V1_MSG = {
  noKey: 'This call needs an API key: send Authorization: Bearer <key>.',
  badKey: 'The API key is not valid, or has been revoked.',
  scope: (scope: string) => `This API key does not have the ${scope} scope this call needs.`,
  rateLimited: (seconds: number) =>
    `Too many calls with this API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  tooLarge: `The request body is larger than ${MAX_JSON_BYTES} bytes.`,
  notJson: 'The request body must be JSON (Content-Type: application/json).',
} as const;

const REALM = 'Bearer realm="jms-portal-api"';

type Params = Record<string, string | string[] | undefined>;

/** An /api/v1 route's contract: the legacy contract's documentation plus the scope, the query and idempotency. */
export interface V1Contract extends RouteContract {
  scope: ApiScope;
  query?: z.ZodType;
  /** The route honours Idempotency-Key. */
  idempotent?: boolean;
  /** How the service's field names map to the API's (InvoiceNumber → invoiceNumber) in 400 `errors`. */
  fieldNames?: Readonly<Record<string, string>>;
}

export type V1Handler = ((req: Request, ctx: { params: Promise<Params> }) => Promise<Response>) & {
  contract: V1Contract;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Answer<R> = R extends z.ZodType ? z.input<R> | Response : Response;

export interface V1Context<B, P, Q> {
  req: Request;
  key: ApiKeyPrincipal;
  /** The caller as the door built it: the key above, with the request's IP and browser (for audit rows). */
  principal: Principal & { kind: 'api-key' };
  body: B;
  params: P;
  query: Q;
  /** The route's body cap in bytes (a handler that reads a stream itself keeps to it). */
  maxBodyBytes: number;
}

interface Options<
  B extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
> extends Omit<V1Contract, 'access' | 'body' | 'params' | 'query' | 'response'> {
  body?: B;
  params?: P;
  query?: Q;
  response?: R;
  /** The largest body this route reads (default MAX_JSON_BYTES); an upload names its own. Past it, 413. */
  maxBodyBytes?: number | (() => number);
  /** The error a body past the cap is refused with (default: 413 problem); an upload answers the spec's message. */
  tooLarge?: () => Error;
}

/** A JSON answer with another status than 200 (e.g. 201 Created). */
export function jsonAnswer(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(value, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

const tooLarge = (max: number) =>
  new ProblemError(413, max === MAX_JSON_BYTES ? V1_MSG.tooLarge : `The request body is larger than ${max} bytes.`);

function acceptJson(type: string): void {
  if (type && type !== 'application/json' && !type.endsWith('+json')) throw new ProblemError(415, V1_MSG.notJson);
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) out[k] = v;
  return out;
}

/** The key the door found, or 401 (none sent, or not a valid key). */
function keyOf(req: Request, principal: Principal): ApiKeyPrincipal {
  if (principal.kind === 'api-key') return principal.key as ApiKeyPrincipal;
  if (!bearerToken(req.headers.get('authorization')))
    throw new ProblemError(401, V1_MSG.noKey, { 'WWW-Authenticate': REALM });
  throw new ProblemError(401, V1_MSG.badKey, { 'WWW-Authenticate': `${REALM}, error="invalid_token"` });
}

/** Counts the call against the key's limit; 429 with Retry-After past it. Answers the RateLimit headers. */
async function rateLimit(key: ApiKeyPrincipal): Promise<Record<string, string>> {
  const c = config();
  const state = await consumeRateLimit({
    key: `api-key:${key.id}`,
    max: c.API_RATE_LIMIT_MAX,
    windowMs: c.API_RATE_LIMIT_WINDOW_SECONDS * 1000,
  });
  const reset = Math.max(1, Math.ceil((state.resetAt.getTime() - now().getTime()) / 1000));
  const headers = {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(Math.max(0, state.limit - state.hits)),
    'RateLimit-Reset': String(reset),
  };
  if (!state.allowed)
    throw new ProblemError(429, V1_MSG.rateLimited(reset), { ...headers, 'Retry-After': String(reset) });
  return headers;
}

async function auditCall(req: Request, key: ApiKeyPrincipal, status: number): Promise<void> {
  try {
    const url = new URL(req.url);
    await recordAudit(await getDb(), apiKeyPrincipal(key, metaFromHeaders(req.headers)), {
      action: 'api.call',
      targetType: 'api',
      targetId: `${req.method} ${url.pathname}`.slice(0, 500),
      details: { apiKey: key.name, apiKeyId: key.id, method: req.method, path: url.pathname, status },
    });
  } catch (err) {
    log().error({ err }, 'could not audit an api call');
  }
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) if (!res.headers.has(k)) res.headers.set(k, v);
  return res;
}

/** An /api/v1 route handler: key, rate limit, scope, contract, idempotency, problem details, audit. */
export function v1Route<
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(opts: Options<B, P, Q, R>, handler: (ctx: V1Context<Out<B>, Out<P>, Out<Q>>) => Promise<Answer<R>>): V1Handler {
  const max = opts.maxBodyBytes ?? MAX_JSON_BYTES;
  const route = door(
    {
      auth: 'api-key',
      maxBodyBytes: max,
      tooLarge: opts.tooLarge ?? tooLarge,
      onError: (e, req) => problemFor(e, req, opts.fieldNames),
    },
    async ({ req, principal, maxBodyBytes }, ctx: { params: Promise<Params> }) => {
      let key: ApiKeyPrincipal | null = null;
      let claim: IdempotencyClaim | null = null;
      let limitHeaders: Record<string, string> = {};
      let res: Response;
      try {
        key = keyOf(req, principal);
        limitHeaders = await rateLimit(key);
        if (!key.scopes.includes(opts.scope))
          throw new ProblemError(403, V1_MSG.scope(opts.scope), {
            'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope="${opts.scope}"`,
          });
        const rawParams = await readParams(ctx);
        const params = opts.params ? parseWith(opts.params, rawParams) : undefined;
        const url = new URL(req.url);
        const rawQuery = queryObject(url);
        refuseUnstorable(rawQuery);
        const query = opts.query ? parseWith(opts.query, rawQuery) : undefined;
        const rawBody = opts.body
          ? await readJson(req, maxBodyBytes, { tooLarge: () => tooLarge(maxBodyBytes), accept: acceptJson })
          : undefined;
        const body = opts.body ? parseWith(opts.body, rawBody) : undefined;
        const idempotencyKey = opts.idempotent ? idempotencyKeyOf(req.headers) : null;
        if (idempotencyKey) {
          const c = { apiKeyId: key.id, key: idempotencyKey };
          const stored = await claimIdempotencyKey(
            c,
            req.method,
            url.pathname,
            requestFingerprint(req.method, url.pathname, rawBody),
          );
          if (stored) res = replayResponse(stored);
          else claim = c;
        }
        const caller = principal as Principal & { kind: 'api-key' };
        res ??= await handler({
          req,
          key,
          principal: caller,
          body: body as Out<B>,
          params: params as Out<P>,
          query: query as Out<Q>,
          maxBodyBytes,
        }).then((r) => (r instanceof Response ? r : jsonAnswer(r)));
      } catch (e) {
        res = await problemFor(e, req, opts.fieldNames);
      }
      if (claim)
        await settleIdempotencyKey(claim, res).catch((err: unknown) =>
          log().error({ err }, 'could not store an idempotent answer'),
        );
      if (key) await auditCall(req, key, res.status);
      return withHeaders(res, limitHeaders);
    },
  );
  const { body, params, query, response, maxBodyBytes: _max, tooLarge: _tooLarge, ...docs } = opts;
  const contract: V1Contract = {
    access: 'signed-in',
    ...docs,
    ...(body ? { body } : {}),
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(response ? { response } : {}),
  };
  return Object.assign(route, { contract });
}

/** The problem-details dialect of the door for a handler of its own (the document, the catch-all, 405s): no key looked for. */
export function v1Door<A extends unknown[]>(handler: (ctx: DoorContext, ...args: A) => Promise<Response>) {
  return door(
    { auth: 'none', maxBodyBytes: MAX_JSON_BYTES, tooLarge, onError: (e, req) => problemFor(e, req) },
    handler,
  );
}

/**
 * The methods a v1 path does not serve: 405 problem details with Allow (Next.js would answer an empty 405).
 * Marked `notAllowed`, so the OpenAPI document leaves them out.
 */
export function v1NotAllowed(allow: readonly string[]) {
  const handler = v1Door(async ({ req }) =>
    problemResponse(
      405,
      `${req.method} is not allowed here: this path answers ${allow.join(', ')}.`,
      new URL(req.url).pathname,
      { headers: { Allow: allow.join(', ') } },
    ),
  );
  return Object.assign(handler, { notAllowed: true as const });
}
