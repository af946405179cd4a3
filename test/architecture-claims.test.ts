/**
 * docs/architecture.md's one-place claims, kept true by reading the source (cheap, no database):
 * - only lib/jobs/workflow.ts writes a job's status (`writeStatusChange`, which publishes the change's news);
 * - no value is cast to an actor type: actors are made by `actorFromUser` (lib/core/principal.ts) or narrowed;
 * - only the one queue (lib/core/queue.ts) claims work with SKIP LOCKED: background work runs as its tasks;
 * - db/ imports nothing from lib/ but the configuration (lib/config.ts, where the database is).
 * Each detector is also shown a violation, so that it cannot pass by finding nothing at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** The non-test TypeScript files under the given top-level folders, as repository paths. */
function sources(...folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const f of folders) walk(f);
  return out;
}

const read = (p: string) => readFileSync(path.join(ROOT, p), 'utf8');

/** The code without its comments (block and line comments; a `//` inside a string may cut a line short). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Whether the code writes jobs.status: a Drizzle update of `jobs` setting `status`, or SQL `update jobs set … status =`. */
function writesJobStatus(text: string): boolean {
  const c = code(text);
  for (const m of c.matchAll(/\.update\(jobs\)/g)) {
    const rest = c.slice(m.index);
    const end = rest.indexOf('.where(');
    if (/[{,\s]status\s*:/.test(rest.slice(0, end < 0 ? 400 : end))) return true;
  }
  return /update\s+"?jobs"?\s+(?:as\s+\w+\s+)?set\b[^;`]*?\bstatus\s*=/i.test(c);
}

/** Casts to an actor type, leaving out import and export renames (`type TenantActor as ClientActor`). */
function actorCasts(text: string): string[] {
  const c = code(text).replace(/^(?:import|export)\s[^;]*?\sfrom\s+'[^']+';/gms, '');
  return [...c.matchAll(/\bas\s+(Actor|ClientActor|StaffActor|TenantActor)\b/g)].map((m) => m[0]);
}

const claimsSkipLocked = (text: string) => /skip\s+locked|skipLocked/i.test(code(text));

/** What a file imports from lib/ (static and dynamic imports). */
function libImports(text: string): string[] {
  return [...code(text).matchAll(/(?:from\s+|import\()'(@\/lib\/[^']+|(?:\.\.\/)+lib\/[^']+)'/g)].map((m) => m[1]!);
}

describe('docs/architecture.md one-place claims', () => {
  const all = sources('app', 'lib', 'components', 'db', 'scripts');

  it('only lib/jobs/workflow.ts writes a job’s status', () => {
    expect(all.filter((p) => writesJobStatus(read(p)))).toEqual(['lib/jobs/workflow.ts']);
  });

  it('no value is cast to an actor type', () => {
    expect(all.flatMap((p) => actorCasts(read(p)).map((c) => `${p}: ${c}`))).toEqual([]);
  });

  it('only the one queue claims work with SKIP LOCKED', () => {
    expect(all.filter((p) => claimsSkipLocked(read(p)))).toEqual(['lib/core/queue.ts']);
  });

  it('db/ imports nothing from lib/ but the configuration', () => {
    const found = sources('db').flatMap((p) => libImports(read(p)).map((i) => `${p}: ${i}`));
    expect(found.filter((f) => !f.endsWith(': @/lib/config'))).toEqual([]);
  });

  it('each detector finds what it looks for', () => {
    expect(writesJobStatus('await tx.update(jobs).set({ updatedAt: at, status: 10 }).where(eq(jobs.id, 1));')).toBe(
      true,
    );
    expect(writesJobStatus('await tx.update(jobs).set({ updatedAt: at }).where(eq(jobs.status, 10));')).toBe(false);
    expect(writesJobStatus('sql`update jobs set updated_at = now(), status = 10 where id = 1`')).toBe(true);
    expect(
      actorCasts(
        "import { type TenantActor as ClientActor } from '@/lib/core/tenancy';\nconst a = row as ClientActor;",
      ),
    ).toEqual(['as ClientActor']);
    expect(claimsSkipLocked(".for('update', { skipLocked: true })")).toBe(true);
    expect(claimsSkipLocked('/* FOR UPDATE SKIP LOCKED */ select 1')).toBe(false);
    expect(libImports("import { log } from '@/lib/log';\nconst { config } = await import('@/lib/config');")).toEqual([
      '@/lib/log',
      '@/lib/config',
    ]);
  });
});
