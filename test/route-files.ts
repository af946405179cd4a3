/** The route files of app/api and their handlers, for the tests that go over every route (OpenAPI, the door). */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { encodeParam } from '@/lib/encoding';

/** Every app/api/**\/route.ts as its directory relative to app/ (e.g. api/Job/[id]). */
export function routeFiles(dir = path.join(process.cwd(), 'app/api')): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full));
    else if (name === 'route.ts') out.push(path.relative(path.join(process.cwd(), 'app'), path.dirname(full)));
  }
  return out;
}

/** A route directory as its OpenAPI path ({name} for a [name] or [...name] segment). */
export function openApiPathOf(file: string): string {
  return `/${file
    .split(path.sep)
    .join('/')
    .replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}')}`;
}

/** Plausible values for the dynamic segments, so a handler gets past its path parameters to the body. */
const PARAM_VALUES: Record<string, string> = {
  n: '1',
  page: '1',
  size: '10',
  role: '4',
  token: 'x',
  type: '5',
  clientId: '1',
  reference: 'M1',
  costEstimate: 'CE1',
  loc: '1',
  court: '1',
  number: 'INV1',
  clientdate: '2026-01-01',
  message: 'x',
  id: encodeParam(1),
  targetJob: encodeParam(1),
  sourceJob: encodeParam(2),
};

/** The path parameters of a route file (relative path, with or without route.ts), with plausible values. */
export function paramsOf(file: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const seg of file.split(path.sep)) {
    const m = /^\[(\.\.\.)?(\w+)\]$/.exec(seg);
    if (m) out[m[2]!] = m[1] ? ['x'] : (PARAM_VALUES[m[2]!] ?? '1');
  }
  return out;
}

export type RouteHandlerFn = ((
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & { contract?: { access: string; roles?: readonly number[] } };

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Every exported method of every route file under app/api: its name (e.g. "POST api/Job/Add"), file and handler. */
export async function routeHandlers(): Promise<
  { name: string; file: string; method: string; path: string; handler: RouteHandlerFn }[]
> {
  const out: { name: string; file: string; method: string; path: string; handler: RouteHandlerFn }[] = [];
  for (const file of routeFiles().sort()) {
    const mod = (await import(path.join(process.cwd(), 'app', file, 'route.ts'))) as Record<string, unknown>;
    const urlPath = file.split(path.sep).join('/');
    for (const method of HTTP_METHODS) {
      const handler = mod[method];
      if (typeof handler === 'function')
        out.push({ name: `${method} ${urlPath}`, file, method, path: urlPath, handler: handler as RouteHandlerFn });
    }
  }
  return out;
}
