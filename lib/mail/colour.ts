/**
 * The e-mails' brand colour: white text sits on it (the button) and it colours links and the header's rule on white,
 * so it must give a WCAG AA contrast of at least 4.5:1 with white. Browser-safe (the supplier form checks it too).
 */

/** The portal's brand colour (globals.css brand-700): white on it is 11:1. */
export const MAIL_BRAND_COLOUR = '#223f70';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** '#ABC' or 'abc123' → '#aabbcc'/'#abc123'; null when it is not a hex colour. */
export function normaliseHex(input: string): string | null {
  const v = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{3}$/.test(v)) return `#${[...v].map((c) => c + c).join('')}`;
  if (/^[0-9a-f]{6}$/.test(v)) return `#${v}`;
  return null;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white on `hex` (#rrggbb), 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** The same hue made darker, step by step, until white on it passes AA: what to suggest for a colour too light. */
export function darkenToPass(hex: string): string {
  let [r, g, b] = channels(hex);
  const toHex = () => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  while (contrastWithWhite(toHex()) < MIN_CONTRAST) {
    [r, g, b] = [r, g, b].map((c) => Math.floor(c * 0.95)) as [number, number, number];
  }
  return toHex();
}

/** The ratio as people read it: 3.1:1. */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
