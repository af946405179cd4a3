/**
 * One way to ask "may this actor do this?", in the manner of outline's `authorize(user, "update", doc)`:
 *
 *     authorize(actor, 'manage', userPolicy)            // → the actor, narrowed (a client administrator)
 *     authorize(actor, 'jobs.status', staffPolicy)      // → a staff actor allowed to move jobs
 *     authorize(actor, 'read', someSubject, row)        // rules may look at the row too
 *
 * A subject is the set of rules one domain declares in its lib/<domain>/policy.ts with `defineSubject`; each rule
 * is a type guard on the actor (and may read the row), so `authorize` hands back the actor as the rule knows it.
 * The core knows no domain: the caller hands the subject in, so there is no registry to fill before a call and no
 * import order to get right. Deny by default: an action the subject does not declare is refused like a rule that
 * says no. `allowed` is the same question answered with a boolean, for callers that choose their own answer
 * (a 404 "like a missing row", a narrower list).
 *
 * Tenancy (which client's rows) is lib/core/tenancy.ts; rules that need a client use its `hasTenant`.
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */
import { ForbiddenError } from './errors';
import type { Actor } from './principal';

/** A rule: may this actor do the action (on this row)? A type guard, so the caller gets the actor narrowed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Rule<A extends Actor = Actor, R = any> = (actor: Actor, row: R) => actor is A;

/** The rules of one subject, by action. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Rules = Record<string, Rule<any, any>>;

export interface Subject<R extends Rules> {
  /** What the rules are about, for messages and tests ('users', 'staff'). */
  readonly name: string;
  readonly rules: R;
}

/** The actor type a rule narrows to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ActorOf<F> = F extends (actor: any, row: never) => actor is infer A ? (A extends Actor ? A : Actor) : Actor;
/** The row a rule reads (unknown when it reads none). */
type RowOf<F> = F extends (actor: Actor, row: infer R) => boolean ? R : never;
/** The optional row argument of `authorize` for one rule. */
type RowArg<F> = unknown extends RowOf<F> ? [row?: unknown] : [row: RowOf<F>];

/** Declares a subject's rules (in lib/<domain>/policy.ts). */
export function defineSubject<const R extends Rules>(name: string, rules: R): Subject<R> {
  return { name, rules };
}

/** True when the subject declares the action and its rule allows this actor (on this row). */
export function allowed<R extends Rules, K extends keyof R & string>(
  actor: Actor | null | undefined,
  action: K,
  subject: Subject<R>,
  ...row: RowArg<R[K]>
): actor is ActorOf<R[K]> {
  if (!actor) return false;
  const rule = Object.hasOwn(subject.rules, action) ? subject.rules[action] : undefined;
  return typeof rule === 'function' && rule(actor, row[0]);
}

/** The actor, narrowed by the rule, when the subject allows it the action (on this row); else ForbiddenError (403). */
export function authorize<R extends Rules, K extends keyof R & string>(
  actor: Actor,
  action: K,
  subject: Subject<R>,
  ...row: RowArg<R[K]>
): ActorOf<R[K]> {
  if (!allowed(actor, action, subject, ...row)) throw new ForbiddenError();
  return actor as ActorOf<R[K]>;
}
