/**
 * The adapter for app/api route handlers (legacy paths of spec §7): resolve the actor, check the
 * role, parse params/body with zod, call one service, answer JSON. Errors become the JSON envelope
 * { error: { status, message, fields? } } — 400 with field messages, 401, 403, 404; a 500 never
 * carries internal details (the exception is logged and stored).
 */
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { actorFromRequest } from '@/lib/auth/request';
import { TWO_FACTOR_SETUP_MSG } from '@/lib/auth/two-factor-gate';
import { log } from '@/lib/log';
import { refuseUnstorable } from './body';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError, fieldErrors } from './errors';

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
  actor: Actor;
  body: B;
  params: P;
  url: URL;
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
  /**
   * A JSON body the handler reads and parses itself (with this schema), e.g. to limit its size first. Documented
   * like `body`; the adapter does not parse it.
   */
  handlerBody?: z.ZodType;
  /** A multipart upload (one file field named `file`) that the handler streams itself. */
  multipart?: boolean;
  /** Other statuses the handler answers besides 200 and the error envelope's 400, 401, 403, 404 and 500. */
  statuses?: Record<number, { description: string; response?: z.ZodType }>;
}

interface Options<B extends z.ZodType | undefined, P extends z.ZodType | undefined, R extends z.ZodType | undefined = undefined> extends Omit<RouteDocs, 'response'> {
  /** Roles allowed (default: any signed-in user). */
  roles?: readonly number[];
  /** Open to a session that must first set up an authenticator app (issue 17): the set-up calls only. */
  allowTwoFactorSetup?: boolean;
  body?: B;
  params?: P;
  /** The JSON answer of a 200; the handler's result must match it (checked by tsc, and by the API fuzzer). */
  response?: R;
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

export type RouteHandler = ((req: Request, ctx: { params: Promise<Params> }) => Promise<Response>) & { contract: RouteContract };

/** Attaches a contract to a handler that does not go through apiRoute/publicRoute (health, uploads, next-auth). */
export function withContract<H extends (...args: never[]) => unknown>(handler: H, contract: RouteContract): H & { contract: RouteContract } {
  return Object.assign(handler, { contract });
}

function contractOf(access: RouteContract['access'], opts: Options<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>): RouteContract {
  const { roles, body, params, ...docs } = opts;
  return { access, ...(roles ? { roles } : {}), ...(body ? { body } : {}), ...(params ? { params } : {}), ...docs };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  const value: unknown = JSON.parse(text);
  refuseUnstorable(value);
  return value;
}

async function readParams(ctx: { params: Promise<Params> }): Promise<Params> {
  const params = await ctx.params;
  refuseUnstorable(params);
  return params;
}

/** A route handler that requires a signed-in actor (401 otherwise). */
export function apiRoute<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  opts: Options<B, P, R>,
  handler: (ctx: RouteContext<Out<B>, Out<P>>) => Promise<Answer<R>>,
): RouteHandler {
  const route = async (req: Request, ctx: { params: Promise<Params> }): Promise<Response> => {
    let actor: Actor | null = null;
    try {
      actor = await actorFromRequest(req);
      if (!actor) throw new UnauthorizedError();
      if (actor.twoFactorSetupRequired && !opts.allowTwoFactorSetup) throw new ForbiddenError(TWO_FACTOR_SETUP_MSG);
      if (opts.roles && !opts.roles.includes(actor.role)) throw new ForbiddenError();
      const params = opts.params ? parseWith(opts.params, await readParams(ctx)) : undefined;
      const body = opts.body ? parseWith(opts.body, await readJson(req)) : undefined;
      const result = await handler({ req, actor, body: body as Out<B>, params: params as Out<P>, url: new URL(req.url) });
      return toResponse(result);
    } catch (e) {
      return handleError(e, req, actor);
    }
  };
  return withContract(route, contractOf('signed-in', opts));
}

/** A route handler open to anonymous callers (sign-in, forgot password, health...). */
export function publicRoute<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  opts: Omit<Options<B, P, R>, 'roles'>,
  handler: (ctx: Omit<RouteContext<Out<B>, Out<P>>, 'actor'> & { actor: Actor | null }) => Promise<Answer<R>>,
): RouteHandler {
  const route = async (req: Request, ctx: { params: Promise<Params> }): Promise<Response> => {
    let actor: Actor | null = null;
    try {
      actor = await actorFromRequest(req);
      const params = opts.params ? parseWith(opts.params, await readParams(ctx)) : undefined;
      const body = opts.body ? parseWith(opts.body, await readJson(req)) : undefined;
      return toResponse(await handler({ req, actor, body: body as Out<B>, params: params as Out<P>, url: new URL(req.url) }));
    } catch (e) {
      return handleError(e, req, actor);
    }
  };
  return withContract(route, contractOf('public', opts));
}

function parseWith(schema: z.ZodType, input: unknown): unknown {
  const r = schema.safeParse(input);
  if (!r.success) throw new ValidationError(fieldErrors(r.error));
  return r.data;
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? null, { headers: { 'Cache-Control': 'no-store' } });
}
