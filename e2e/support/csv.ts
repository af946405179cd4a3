/** Reading a CSV download in e2e: it must start with the UTF-8 byte-order mark (decision 017); the text after it. */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';

export const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The CSV text of downloaded bytes, after asserting they start with exactly one byte-order mark. */
export function csvText(bytes: Buffer): string {
  expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM);
  expect([...bytes.subarray(3, 6)]).not.toEqual(UTF8_BOM);
  return bytes.subarray(3).toString('utf8');
}

/** The CSV text of a downloaded file (see csvText). */
export async function csvFile(path: string): Promise<string> {
  return csvText(await readFile(path));
}
