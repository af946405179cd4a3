/**
 * The adapter for app/api route handlers (legacy paths of spec §7), the legacy dialect of the one door
 * (lib/http/core.ts: body cap, principal, CSRF, body read and parse): check the role, call one service, answer
 * JSON. Errors become the JSON envelope { error: { status, message, fields? } } — 400 with field messages, 401,
 * 403, 404, 413; a 500 never carries internal details (the exception is logged and stored).
 */
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { TWO_FACTOR_SETUP_MSG } from '@/lib/auth/two-factor-gate';
import { actorOf, type Principal } from '@/lib/core/principal';
import { log } from '@/lib/log';
import {
  BodyTooLargeError,
  door,
  parseWith,
  readJson,
  readParams,
  type Authentication,
  type DoorContext,
} from './core';
import { AppError, ForbiddenError, UnauthorizedError, fieldErrors } from '../core/errors';

export interface ErrorEnvelope {
  error: { status: number; message: string; fields?: Record<string, string[]> };
}

export function errorResponse(status: number, message: string, fields?: Record<string, string[]>): Response {
  const body: ErrorEnvelope = { error: { status, message, ...(fields ? { fields } : {}) } };
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Maps any thrown value to a response; unknown errors are reported and answer a bare 500. */
export async function handleError(e: unknown, req?: Request, actor?: Actor | null): Promise<Response> {
  if (e instanceof AppError) return errorResponse(e.status, e.message, e.fields);
  if (e instanceof z.ZodError) return errorResponse(400, 'The request is not valid.', fieldErrors(e));
  if (e instanceof SyntaxError) return errorResponse(400, 'The request body is not valid JSON.');
  try {
    const { reportException } = await import('@/lib/errors/report');
    await reportException({ error: e, status: 500, url: req?.url, userId: actor?.userId ?? null });
  } catch (reportError) {
    log().error({ err: reportError }, 'could not report exception');
  }
  return errorResponse(500, 'Something went wrong. The problem has been reported.');
}

type Params = Record<string, string | string[] | undefined>;

export interface RouteContext<B, P> {
  req: Request;
  /** Who calls (built once at the door); `actor` is its signed-in person (the same object as principal.actor). */
  principal: Principal;
  actor: Actor;
  body: B;
  params: P;
  url: URL;
  /** The JSON body read through the door (its cap, depth limit and NUL refusal), for a handler that parses it itself. */
  json: () => Promise<unknown>;
}

/**
 * What a handler answers with 200 when it is not JSON (spec §9 export files, downloads); 'any': a third party's
 * endpoints (next-auth) whose answers are theirs, of any content type.
 */
export type Produces = 'json' | 'csv' | 'file' | 'any';

/** The documentation-only part of a route's options (lib/openapi builds the OpenAPI document from it). */
export interface RouteDocs {
  /** One line for the OpenAPI document. */
  summary?: string;
  /** The JSON answer of a 200 (a zod schema; the document shows it, the API fuzzer checks answers against it). */
  response?: z.ZodType;
  /** The 200 answer is not JSON: a CSV file or a file download (default json). */
  produces?: Produces;
  /** A file download's media types when they are known (e.g. a PDF or CSV statement); default application/octet-stream. */
  fileTypes?: readonly string[];
  /**
   * A JSON body the handler parses itself (with this schema; it reads it with `json()`, through the door's cap).
   * Documented like `body`; the adapter does not parse it.
   */
  handlerBody?: z.ZodType;
  /** A multipart upload (one file field named `file`) that the handler streams itself. */
  multipart?: boolean;
  /** Other statuses the handler answers besides 200 and the error envelope's 400, 401, 403, 404 and 500. */
  statuses?: Record<number, { description: string; response?: z.ZodType }>;
}

interface Options<
  B extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType | undefined = undefined,
> extends Omit<RouteDocs, 'response'> {
  /** Roles allowed (default: any signed-in user). */
  roles?: readonly number[];
  /** Open to a session that must first set up an authenticator app: the set-up calls only. */
  allowTwoFactorSetup?: boolean;
  body?: B;
  params?: P;
  /** The JSON answer of a 200; the handler's result must match it (checked by tsc, and by the API fuzzer). */
  response?: R;
  /** The largest body this route reads, in bytes (default MAX_BODY_BYTES); past it, 413. */
  maxBodyBytes?: number;
  /** The message of that 413 (default: "The request body is larger than N bytes."). */
  tooLargeMessage?: string;
  /** Not the user's activity (the news stream and its poll): the session's idle clock is not reset. */
  passive?: boolean;
  /** A GET that changes something (sends an e-mail): refused, like an unsafe method, when it comes cross-site. */
  changesState?: boolean;
}

/** What a handler may return: the documented answer (or a Response it builds itself). */
type Answer<R> = R extends z.ZodType ? z.input<R> | Response : unknown;

/** A route's contract: who may call it, what it parses and what it answers (read by lib/openapi). */
export interface RouteContract extends RouteDocs {
  /** 'signed-in': a session or bearer token is required (401 otherwise); 'public': anyone. */
  access: 'signed-in' | 'public';
  roles?: readonly number[];
  body?: z.ZodType;
  params?: z.ZodType;
}

export type RouteHandler = ((req: Request, ctx: { params: Promise<Params> }) => Promise<Response>) & {
  contract: RouteContract;
};

/** Attaches a contract to a handler that does not go through apiRoute/publicRoute (health, uploads, next-auth). */
export function withContract<H extends (...args: never[]) => unknown>(
  handler: H,
  contract: RouteContract,
): H & { contract: RouteContract } {
  return Object.assign(handler, { contract });
}

function contractOf(
  access: RouteContract['access'],
  opts: Options<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>,
): RouteContract {
  const {
    roles,
    body,
    params,
    maxBodyBytes: _max,
    tooLargeMessage: _msg,
    passive: _passive,
    changesState: _changes,
    ...docs
  } = opts;
  return { access, ...(roles ? { roles } : {}), ...(body ? { body } : {}), ...(params ? { params } : {}), ...docs };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The legacy dialect of the door for a handler of its own (health, next-auth, uploads, the catch-all). */
export function legacyDoor<A extends unknown[]>(
  spec: {
    auth: Authentication;
    passive?: boolean;
    changesState?: boolean;
    maxBodyBytes?: number | (() => number);
    tooLarge?: (max: number) => Error;
  },
  handler: (ctx: DoorContext, ...args: A) => Promise<Response>,
) {
  return door(
    { ...spec, onError: (e, req, principal) => handleError(e, req, principal ? actorOf(principal) : null) },
    handler,
  );
}

type AnyOptions = Options<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

/** What the door hands a route: its actor is null for an anonymous caller of a public route. */
type RouteDoorContext = Omit<RouteContext<unknown, unknown>, 'actor'> & { actor: Actor | null };

/** The door, then params and body parsed with the route's schemas, then the handler. */
function legacyRoute(opts: AnyOptions, signedIn: boolean, handler: (ctx: RouteDoorContext) => Promise<unknown>) {
  const tooLarge = opts.tooLargeMessage ? (max: number) => new BodyTooLargeError(max, opts.tooLargeMessage) : undefined;
  return legacyDoor(
    {
      auth: 'session',
      passive: opts.passive,
      changesState: opts.changesState,
      maxBodyBytes: opts.maxBodyBytes,
      tooLarge,
    },
    async ({ req, principal, maxBodyBytes }, ctx: { params: Promise<Params> }) => {
      const actor = actorOf(principal);
      if (signedIn) {
        if (!actor) throw new UnauthorizedError();
        if (actor.twoFactorSetupRequired && !opts.allowTwoFactorSetup) throw new ForbiddenError(TWO_FACTOR_SETUP_MSG);
        if (opts.roles && !opts.roles.includes(actor.role)) throw new ForbiddenError();
      }
      const params = opts.params ? parseWith(opts.params, await readParams(ctx)) : undefined;
      const json = () => readJson(req, maxBodyBytes, { tooLarge: tooLarge ? () => tooLarge(maxBodyBytes) : undefined });
      const body = opts.body ? parseWith(opts.body, await json()) : undefined;
      return toResponse(await handler({ req, principal, actor, body, params, url: new URL(req.url), json }));
    },
  );
}

/** A route handler that requires a signed-in actor (401 otherwise). */
export function apiRoute<
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(opts: Options<B, P, R>, handler: (ctx: RouteContext<Out<B>, Out<P>>) => Promise<Answer<R>>): RouteHandler {
  const run = handler as (ctx: RouteContext<unknown, unknown>) => Promise<unknown>;
  const route = legacyRoute(opts as AnyOptions, true, ({ actor, ...ctx }) => {
    if (!actor) throw new UnauthorizedError();
    return run({ ...ctx, actor });
  });
  return withContract(route, contractOf('signed-in', opts as AnyOptions));
}

/** A route handler open to anonymous callers (sign-in, forgot password, health...). */
export function publicRoute<
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(
  opts: Omit<Options<B, P, R>, 'roles'>,
  handler: (ctx: Omit<RouteContext<Out<B>, Out<P>>, 'actor'> & { actor: Actor | null }) => Promise<Answer<R>>,
): RouteHandler {
  const route = legacyRoute(opts as AnyOptions, false, handler as (ctx: RouteDoorContext) => Promise<unknown>);
  return withContract(route, contractOf('public', opts as AnyOptions));
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? null, { headers: { 'Cache-Control': 'no-store' } });
}
