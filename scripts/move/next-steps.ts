/**
 * What to set after db:move: DATABASE_URL, and the two secrets the embedded start kept in DATA_DIR (lib/config.ts
 * writes DATA_DIR/auth-secret and DATA_DIR/totp-key when AUTH_SECRET and TOTP_ENCRYPTION_KEY are unset). Without
 * the same AUTH_SECRET every session and signed link ends; without the same TOTP_ENCRYPTION_KEY the authenticator
 * apps and the webhook signing secrets cannot be opened. The secrets are named by their files, never printed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@/lib/config';
import { redactUrl } from './move';

export function nextSteps(c: Config, url: string): string[] {
  const secret = (name: string, envSet: boolean, file: string) =>
    envSet
      ? `  ${name}: keep the value set now`
      : existsSync(file)
        ? `  ${name}="$(cat ${file})"`
        : `  ${name}: (no ${path.basename(file)} in DATA_DIR; set a new one)`;
  return [
    'Next, set these where the portal runs (its environment), then start it as before (npm start):',
    `  DATABASE_URL=${redactUrl(url)}   (the URL you gave, with its password)`,
    secret('AUTH_SECRET', Boolean(c.AUTH_SECRET), path.join(c.DATA_DIR, 'auth-secret')),
    secret('TOTP_ENCRYPTION_KEY', Boolean(c.TOTP_ENCRYPTION_KEY), path.join(c.DATA_DIR, 'totp-key')),
    `Uploaded files stay in ${c.uploadDir}: keep UPLOAD_DIR pointing there (or move them to object storage, S3_BUCKET).`,
    `The embedded database in ${path.join(c.DATA_DIR, 'pglite')} is left as it was; delete it once the portal runs on PostgreSQL.`,
  ];
}
