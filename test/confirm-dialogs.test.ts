/**
 * One pattern for every confirmation (components/ui/ConfirmDialog.tsx): a title saying what happens, the question,
 * the cancelling button first with focus on it, and the confirming button named by its action, never "Yes", "No"
 * or "OK". This test reads the source: every confirmation in components/ and app/ is a ConfirmDialog that names its
 * confirming button, no page asks through the browser's own confirm(), and no button anywhere says only Yes or No.
 * What a person sees (the names, the order, the focus, axe) is walked in e2e/a11y-dialogs.spec.ts and
 * e2e/keyboard.spec.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const BARE = /^(yes|no|ok|okay|confirm)$/i;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const files = [...sources(path.join(ROOT, 'components')), ...sources(path.join(ROOT, 'app'))].map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

/** The attributes of each `<Tag …>` in `text`: up to the `>` that closes it outside any `{…}`. */
function openingTags(text: string, tag: string): string[] {
  const found: string[] = [];
  let at = text.indexOf(`<${tag}`);
  while (at >= 0) {
    const next = text[at + tag.length + 1] ?? '';
    if (/[\s/>]/.test(next)) {
      let depth = 0;
      let i = at + tag.length + 1;
      for (; i < text.length; i++) {
        const c = text[i];
        if (c === '{') depth++;
        else if (c === '}') depth--;
        else if (c === '>' && depth === 0) break;
      }
      found.push(text.slice(at, i + 1));
    }
    at = text.indexOf(`<${tag}`, at + 1);
  }
  return found;
}

function literal(attrs: string, name: string): string | null {
  const m = new RegExp(`\\b${name}=(?:"([^"]*)"|\\{'([^']*)'\\})`).exec(attrs);
  return m ? (m[1] ?? m[2] ?? '') : null;
}

const uses = files.flatMap(({ file, text }) =>
  file.endsWith(path.join('ui', 'ConfirmDialog.tsx'))
    ? []
    : openingTags(text, 'ConfirmDialog').map((attrs) => ({ file, attrs })),
);

describe('every confirmation dialog follows the one pattern', () => {
  it('finds the confirmations (the deletes, deactivations, staff row actions, print and Delivered questions)', () => {
    const where = new Set(uses.map((u) => u.file));
    for (const f of [
      'components/users/UserListView.tsx',
      'components/ops/OpsActionButton.tsx',
      'components/ops/StatusChangeForm.tsx',
      'components/ops/BulkBar.tsx',
      'components/jobs/order/SourceFilesField.tsx',
      'components/jobs/slip/PrintPrompt.tsx',
    ])
      expect(where, f).toContain(f);
  });

  it('each names its confirming button by its action, and a named cancelling button is not "No"', () => {
    for (const { file, attrs } of uses) {
      expect(attrs, `${file}: ${attrs}`).toMatch(/\bconfirmLabel=/);
      const confirm = literal(attrs, 'confirmLabel');
      if (confirm !== null) expect(confirm, `${file}: confirmLabel`).not.toMatch(BARE);
      const cancel = literal(attrs, 'cancelLabel');
      if (cancel !== null) expect(cancel, `${file}: cancelLabel`).not.toMatch(BARE);
    }
  });

  it('the labels kept in constants are named by their action too', () => {
    for (const { file, text } of files)
      for (const m of text.matchAll(/\b(accept|change|keep|confirm|confirmLabel|cancelLabel):\s*'([^']*)'/g))
        expect(m[2], `${file}: ${m[0]}`).not.toMatch(/^(yes|no)\b/i);
  });

  it('no page asks through the browser’s confirm(), and no button says only Yes or No (a notice’s one OK is an acknowledgement, not a choice)', () => {
    for (const { file, text } of files) {
      expect(text, file).not.toMatch(/\bwindow\.confirm\s*\(/);
      expect(text, file).not.toMatch(/<Button\b[^>]*>\s*(Yes|No)\s*<\/Button>/);
      expect(text, file).not.toMatch(/<button\b[^>]*>\s*(Yes|No)\s*<\/button>/);
    }
  });

  it('the dialog itself puts the cancelling button first, focuses it, and names no default confirming word', () => {
    const source = readFileSync(path.join(ROOT, 'components/ui/ConfirmDialog.tsx'), 'utf8');
    const footer = source.slice(source.indexOf('footer={'));
    expect(footer.indexOf('{cancelLabel}')).toBeGreaterThan(0);
    expect(footer.indexOf('{cancelLabel}')).toBeLessThan(footer.indexOf('{confirmLabel}'));
    expect(source).toMatch(/cancelRef\.current\?\.focus\(\)/);
    expect(source).toMatch(/confirmLabel: string;/);
    expect(source).not.toMatch(/confirmLabel = /);
  });
});
