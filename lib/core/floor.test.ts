/**
 * lib/core is the floor under the domains: its modules import db/, each other, the top-level helpers and
 * packages, never a domain folder (lib/jobs, lib/users, lib/http, …). Domains hand their rules in (subjects of
 * `authorize`, tasks of the queue); the core never reaches up for them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project's own modules lib/core may import (the top-level helpers, which import only packages, db/ and each
 * other); packages ('drizzle-orm', 'node:net') are fine.
 */
const OWN_ALLOWED = /^(\.\/[\w.-]+$|@\/db\/|@\/lib\/(clock|config|log|telemetry|reference|messages|validation[\w-]*)$)/;
const isOwn = (s: string) => s.startsWith('@/') || s.startsWith('.');
const floorViolations = (specifiers: string[]) => specifiers.filter((s) => isOwn(s) && !OWN_ALLOWED.test(s));

describe('lib/core imports no domain folder', () => {
  const dir = path.join(process.cwd(), 'lib/core');
  const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));

  it.each(modules)('%s', (file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] ?? '');
    expect(floorViolations(specifiers)).toEqual([]);
  });

  it('would catch a domain import', () => {
    expect(
      floorViolations([
        '@/lib/core/errors',
        '../jobs/queries',
        '@/lib/users/policy',
        'drizzle-orm',
        './errors',
        '@/lib/reference',
      ]),
    ).toEqual(['@/lib/core/errors', '../jobs/queries', '@/lib/users/policy']);
  });
});
