/**
 * The one wrapper of every server action (in the manner of next-safe-action's createSafeActionClient): it
 * resolves who acts from the session (lib/auth/current.ts) with the access the action needs (anyone, a client
 * user of some roles, a staff permission of lib/core/staff-policy.ts), builds the Principal for audit rows, parses the
 * input with the form's own zod schema (the one react-hook-form uses; classic or zod/mini), calls one service, and turns the domain
 * errors it raises (lib/core/errors.ts) into one ActionResult (lib/http/action-result.ts). It is the only
 * translator: services throw, actions never catch. Anything that is not a domain error below 500 (a bug, Next's
 * redirect) is rethrown, never swallowed.
 */
import { z } from 'zod';
import { isClientActor, type ClientActor } from '@/lib/auth/actor';
import { admitActor, getActor } from '@/lib/auth/current';
import {
  anonymousPrincipal,
  requestMeta,
  userPrincipal,
  type Actor,
  type Principal,
  type RequestMeta,
} from '@/lib/core/principal';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy, type StaffActor, type StaffPermission } from '@/lib/core/staff-policy';
import { CLIENT_ADMIN_ROLE, type RoleId } from '@/lib/reference';
import { AppError, fieldErrors, ForbiddenError, UnauthorizedError } from '../core/errors';
import { withRequestId } from '@/lib/request-context';
import { requestIdFrom } from '@/lib/request-id';
import { fromOwnOrigin } from '@/lib/security/origin';
import { SIGNED_OUT, type ActionResult } from './action-result';
import { CrossSiteRequestError } from './core';

/** Who may call an action: `admit` gives the actor the action works with, or throws 401 / 403. */
export interface ActionAccess<A extends Actor | null> {
  admit(actor: Actor | null): A;
}

/** Nobody need be signed in (sign-in, forgot password): the actor is null, the principal anonymous. */
export const anyone: ActionAccess<null> = { admit: () => null };

/** Whoever calls, signed in or not (signing out): the session's actor or null, nothing refused. */
export const signedInOrNot: ActionAccess<Actor | null> = { admit: (actor) => actor };

/** Anyone signed in, staff or client, even while a required authenticator app is not set up (keeping the session). */
export const signedIn: ActionAccess<Actor> = {
  admit(actor) {
    if (!actor) throw new UnauthorizedError();
    return actor;
  },
};

/** A client user (roles 3 to 8, or only these roles) whose session may act (not waiting for a required app). */
export function clientUser(roles?: readonly RoleId[]): ActionAccess<ClientActor> {
  return {
    admit(actor) {
      const a = admitActor(actor, roles);
      if (!isClientActor(a)) throw new ForbiddenError();
      return a;
    },
  };
}

/** The client administrator (role 4): the firm's users and security policy. */
export const clientAdmin: ActionAccess<ClientActor> = clientUser([CLIENT_ADMIN_ROLE]);

/** A client user even while the firm's required authenticator app is not set up: only that set-up. */
export const settingUpTwoFactor: ActionAccess<ClientActor> = {
  admit(actor) {
    if (!actor) throw new UnauthorizedError();
    if (!isClientActor(actor)) throw new ForbiddenError();
    return actor;
  },
};

/** A member of staff allowed this permission (lib/core/staff-policy.ts). */
export function staff(permission: StaffPermission): ActionAccess<StaffActor> {
  return { admit: (actor) => authorize(admitActor(actor), permission, staffPolicy) };
}

/** What the service is called with besides the parsed input. */
export interface ActionContext<A extends Actor | null> {
  actor: A;
  /** Who acts and from where (IP, browser), for the audit rows the service writes. */
  principal: Principal;
}

/** Where the wrapper finds the session's actor and the request's IP and browser (the request's cookie and headers). */
export interface ActionSource {
  actor(): Promise<Actor | null>;
  meta(): Promise<RequestMeta>;
  /** The request's headers (Origin, Sec-Fetch-Site), for the same-origin rule. */
  headers(): Promise<{ get(name: string): string | null }>;
}

/** For a service that parses the form with its own schema (the one the form uses): the input as it was sent. */
export const asSent = z.unknown();

/** The message of a refused form when its schema rejected the input (the field messages say what). */
export const INVALID_INPUT_MSG = 'Please correct the highlighted fields.';

export interface ActionOptions {
  /** The message of a 400 from the schema (default INVALID_INPUT_MSG). */
  invalid?: string;
}

export type RunAction = <A extends Actor | null, S extends z.core.$ZodType, T>(
  access: ActionAccess<A>,
  schema: S,
  input: unknown,
  run: (value: z.core.output<S>, ctx: ActionContext<A>) => Promise<T>,
  options?: ActionOptions,
) => Promise<ActionResult<T>>;

/** A refusal of the domain (below 500) as the result; anything else rethrown. */
export function refusalOf(e: unknown): ActionResult<never> {
  if (e instanceof UnauthorizedError) return SIGNED_OUT;
  if (e instanceof AppError && e.status < 500)
    return { ok: false, status: e.status, message: e.message, ...(e.fields ? { fields: e.fields } : {}) };
  throw e;
}

/**
 * The wrapper over a source of actors (the request's session in the app; a session a test opened). A call that did
 * not come from the portal's own pages (lib/security/origin.ts, the rule of the api/* door) is refused with 403
 * before the session is read or anything is written: the browser's cookie goes with a cross-site form post too.
 */
export function actionRunner(source: ActionSource): RunAction {
  return async (access, schema, input, run, options) => {
    const headers = await source.headers();
    return withRequestId(requestIdFrom(headers), async () => {
      try {
        if (!fromOwnOrigin(headers)) throw new CrossSiteRequestError();
        const actor = access.admit(await source.actor());
        const meta = await source.meta();
        const principal = actor ? userPrincipal(actor, meta) : anonymousPrincipal(meta);
        const parsed = await z.safeParseAsync(schema, input);
        if (!parsed.success)
          return {
            ok: false,
            status: 400,
            message: options?.invalid ?? INVALID_INPUT_MSG,
            fields: fieldErrors(parsed.error),
          };
        return { ok: true, value: await run(parsed.data, { actor, principal }) };
      } catch (e) {
        return refusalOf(e);
      }
    });
  };
}

/** The wrapper every server action in app/ calls: the actor of the request's session cookie. */
export const runAction: RunAction = actionRunner({
  actor: getActor,
  meta: requestMeta,
  headers: async () => (await import('next/headers')).headers(),
});
