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
import { FIELD_MSG, hasNul } from '@/lib/validation-rules';
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

interface Options<B extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  /** Roles allowed (default: any signed-in user). */
  roles?: readonly number[];
  /** Open to a session that must first set up an authenticator app (issue 17): the set-up calls only. */
  allowTwoFactorSetup?: boolean;
  body?: B;
  params?: P;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The paths (a.b.0.c) of the strings in `value` that hold a NUL character, keys included. */
function nulPaths(value: unknown, path: string[] = [], out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (hasNul(value)) out.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, String(i)], out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (hasNul(k)) out.push([...path, k].join('.'));
      else nulPaths(v, [...path, k], out);
    }
  }
  return out;
}

/**
 * Refuses input PostgreSQL cannot store: a NUL character in any string of a body or path would fail the query
 * ("invalid byte sequence") and answer a 500. Checked once here for every legacy endpoint, before any schema.
 */
function refuseNul(value: unknown): void {
  const paths = nulPaths(value);
  if (paths.length) throw new ValidationError(Object.fromEntries(paths.map((p) => [p, [FIELD_MSG.nulCharacter]])));
}

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  const value: unknown = JSON.parse(text);
  refuseNul(value);
  return value;
}

async function readParams(ctx: { params: Promise<Params> }): Promise<Params> {
  const params = await ctx.params;
  refuseNul(params);
  return params;
}

/** A route handler that requires a signed-in actor (401 otherwise). */
export function apiRoute<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  opts: Options<B, P>,
  handler: (ctx: RouteContext<Out<B>, Out<P>>) => Promise<unknown>,
) {
  return async (req: Request, ctx: { params: Promise<Params> }): Promise<Response> => {
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
}

/** A route handler open to anonymous callers (sign-in, forgot password, health...). */
export function publicRoute<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  opts: Omit<Options<B, P>, 'roles'>,
  handler: (ctx: Omit<RouteContext<Out<B>, Out<P>>, 'actor'> & { actor: Actor | null }) => Promise<unknown>,
) {
  return async (req: Request, ctx: { params: Promise<Params> }): Promise<Response> => {
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
