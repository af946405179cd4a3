import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '@/lib/reference';

const css = readFileSync(path.join(import.meta.dirname, 'status-colors.css'), 'utf8');

function token(name: string): string {
  const m = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(css);
  if (!m?.[1]) throw new Error(`missing token --color-${name}`);
  return m[1];
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('job status colours', () => {
  it.each(JOB_STATUSES.map((s) => [s.id, s.label] as const))('status %i (%s) has readable badge colours', (id) => {
    const fg = token(`status-${id}`);
    expect(contrast(fg, token(`status-${id}-soft`))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(fg, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    token(`status-${id}-line`);
    token(`status-${id}-dot`);
    // The badge rule for the status points its text colour at the status's token (however the rule is laid out).
    expect(css).toMatch(
      new RegExp(`\\[data-status='${id}'\\]\\s*\\{\\s*--status-fg:\\s*var\\(--color-status-${id}\\);`),
    );
  });

  it('gives each status its own text colour', () => {
    const colours = new Set(JOB_STATUSES.map((s) => token(`status-${s.id}`)));
    expect(colours.size).toBe(JOB_STATUSES.length);
  });
});
