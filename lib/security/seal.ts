/**
 * Secrets kept at rest encrypted (AES-256-GCM) under the application's encryption key (TOTP_ENCRYPTION_KEY):
 * authenticator-app secrets (lib/auth/totp.ts) and webhook signing secrets (lib/webhooks/endpoints.ts). The
 * associated data names the row the secret belongs to, so a value copied onto another row does not open.
 * Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { config } from '@/lib/config';

const VERSION = 'v1';

export function seal(associated: string, plain: string, key: Buffer = config().totpKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The plain text, or null when the value was not sealed for this row with this key (tampered, moved, other key). */
export function unseal(associated: string, stored: string, key: Buffer = config().totpKey): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associated, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
