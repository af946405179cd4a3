/** The route files of app/api, for the OpenAPI registry tests. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
  return `/${file.split(path.sep).join('/').replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}')}`;
}
