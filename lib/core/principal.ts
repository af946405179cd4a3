/**
 * Who acts, and from where: the one shape every service is told who is asking. It is built once per request at
 * the door (a session cookie or legacy bearer token → 'user'; an /api/v1 key → 'api-key'; nothing → 'anonymous'),
 * or by background work and scripts ('system'). It carries the request's IP and browser, so that every audit row
 * written for it has them, whoever the caller is.
 *
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */
import { ROLES, type RoleId } from '@/lib/reference';
import { clientIp } from './client-ip';

/** IP and User-Agent of the request a principal came with (nulls for background work and scripts). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export const NO_REQUEST: RequestMeta = Object.freeze({ ip: null, userAgent: null });

/** IP and User-Agent of a request's headers. */
export function metaFromHeaders(h: { get(name: string): string | null }): RequestMeta {
  return { ip: clientIp(h), userAgent: h.get('user-agent')?.slice(0, 500) || null };
}

/** IP and User-Agent of the current request (server action, page, route handler), or nulls outside one. */
export async function requestMeta(): Promise<RequestMeta> {
  try {
    const { headers } = await import('next/headers');
    return metaFromHeaders(await headers());
  } catch {
    return NO_REQUEST;
  }
}

/** A signed-in person (client user or provider staff), resolved from the server-side session. */
export interface Actor {
  userId: number;
  /** Null only for internal staff (roles 1 and 2). */
  clientId: number | null;
  role: RoleId;
  userName: string;
  timeZone: string;
  /** The server-side session this actor came from. */
  sessionId: string;
  /**
   * The firm requires an authenticator app and this user has none: until one is set up the session
   * opens only the set-up step (/TwoFactorSetup, api/Authentication/TwoFactorInit*) and signing out.
   */
  twoFactorSetupRequired?: boolean;
}

/** The columns of a user's row an actor is made of. */
export interface ActorSource {
  id: number;
  clientId: number | null;
  role: number;
  userName: string;
  timeZone: string;
}

/** The session id of an actor made outside any session (a service acting in a user's name, never a request). */
export const NO_SESSION = '';

/**
 * The one maker of an Actor from a user's row: the session resolver's (lib/auth/session.ts), and a service that acts
 * in a user's name outside their session (staff applying the user's own request, `NO_SESSION`). A role that is not
 * one of the spec's eight throws: a row is never taken for an actor on trust.
 */
export function actorFromUser(
  u: ActorSource,
  sessionId: string,
  opts: { twoFactorSetupRequired?: boolean } = {},
): Actor {
  const role = ROLES.find((r) => r.id === u.role)?.id;
  if (role === undefined) throw new Error(`user ${u.id} has no known role`);
  return {
    userId: u.id,
    clientId: u.clientId,
    role,
    userName: u.userName,
    timeZone: u.timeZone,
    sessionId,
    ...(opts.twoFactorSetupRequired ? { twoFactorSetupRequired: true } : {}),
  };
}

/** An integration API key that authenticated an /api/v1 call. */
export interface ApiKeyCaller {
  id: number;
  name: string;
  scopes: readonly string[];
}

export type Principal =
  /** A person signed in through the session cookie (a browser) or the legacy bearer token. */
  | { kind: 'user'; actor: Actor; via: 'cookie' | 'bearer'; meta: RequestMeta }
  /** The provider's own system, through an /api/v1 key. */
  | { kind: 'api-key'; key: ApiKeyCaller; meta: RequestMeta }
  /** Background work and scripts (workers, the cron route, the seed): no person, no request. */
  | { kind: 'system'; name: string; meta: RequestMeta }
  /** Nobody signed in (sign-in, forgot password, health). */
  | { kind: 'anonymous'; meta: RequestMeta };

export function userPrincipal(
  actor: Actor,
  meta: RequestMeta = NO_REQUEST,
  via: 'cookie' | 'bearer' = 'cookie',
): Principal & { kind: 'user' } {
  return { kind: 'user', actor, via, meta };
}

export function apiKeyPrincipal(key: ApiKeyCaller, meta: RequestMeta = NO_REQUEST): Principal & { kind: 'api-key' } {
  return { kind: 'api-key', key, meta };
}

export function systemPrincipal(name: string, meta: RequestMeta = NO_REQUEST): Principal & { kind: 'system' } {
  return { kind: 'system', name, meta };
}

export function anonymousPrincipal(meta: RequestMeta = NO_REQUEST): Principal & { kind: 'anonymous' } {
  return { kind: 'anonymous', meta };
}

/** The signed-in person behind a principal, or null (API key, system, anonymous). */
export function actorOf(p: Principal): Actor | null {
  return p.kind === 'user' ? p.actor : null;
}

/** How an API key signs what it writes ("Status last modified by", a deliverable's uploader): 'API key "JMS sync"'. */
export function apiKeyName(key: Pick<ApiKeyCaller, 'name'>): string {
  return `API key "${key.name}"`;
}

/** Who acted, in words, for a person reading a mail or a list: the user name, 'API key "JMS sync"', the task's name. */
export function principalName(p: Principal): string {
  switch (p.kind) {
    case 'user':
      return p.actor.userName;
    case 'api-key':
      return apiKeyName(p.key);
    case 'system':
      return p.name;
    case 'anonymous':
      return 'anonymous';
  }
}

/** How an audit row names a caller that is not a person ('api key "JMS sync" (3)', 'system: mail worker'). */
export function callerName(p: Principal): string | null {
  switch (p.kind) {
    case 'user':
      return null;
    case 'api-key':
      return `API key "${p.key.name}" (${p.key.id})`;
    case 'system':
      return p.name;
    case 'anonymous':
      return null;
  }
}
