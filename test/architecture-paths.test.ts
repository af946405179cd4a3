/**
 * docs/architecture.md is the map of the house: every path it names in backticks must exist, so a file moved or
 * renamed without the map fails here (issue 27). A path is a backticked token that starts with one of the
 * repository's top-level folders or names one of its top-level files (proxy.ts, vercel.json, …); a path relative to a folder named just before it
 * (`intake.ts` after `lib/documents/`) is not checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const TOP =
  /^(app|components|lib|db|scripts|bench|test|e2e|docs)\/[^\s`*]+$|^(proxy|middleware|instrumentation)\.ts$|^[\w-]+\.config\.(ts|mjs)$|^(package|vercel|tsconfig)\.json$|^README\.md$/;

/** The paths a markdown text names in backticks (a trailing `/`, a `#anchor` or `:line` dropped). */
function namedPaths(markdown: string): string[] {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/`([^`\s]+)`/g)) {
    const token = m[1]!.replace(/[#:].*$/, '').replace(/\/$/, '');
    if (TOP.test(token) && !token.includes('<') && !token.includes('{')) out.add(token);
  }
  return [...out];
}

describe('docs/architecture.md', () => {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

  it('names only paths that exist', () => {
    const paths = namedPaths(doc);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it('stays a map, not an essay (under about 300 lines before its glossary)', () => {
    const map = doc.split('\n## Glossary\n')[0] ?? doc;
    expect(map.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('ends with the glossary of the house words the code comments use', () => {
    const glossary = doc.split('\n## Glossary\n')[1] ?? '';
    for (const word of ['door', 'floor', 'island', 'chrome', 'news', 'slip', 'claim, lease', 'tenant'])
      expect(glossary).toContain(`| ${word} |`);
  });

  it('finds a path that does not exist', () => {
    expect(
      namedPaths('see `lib/nowhere/gone.ts` and `db/schema.ts`').filter((p) => !existsSync(path.join(ROOT, p))),
    ).toEqual(['lib/nowhere/gone.ts']);
  });
});
