/** The one file-size format: bytes below 1 KB, whole KB below 1 MB, MB with one decimal above. */
import { describe, expect, it } from 'vitest';
import { formatBytes } from './display-size';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [350 * 1024 + 100, '350 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1.0 MB'],
    [1.25 * 1024 * 1024, '1.3 MB'],
  ])('%d → %s', (n, text) => expect(formatBytes(n)).toBe(text));
});
