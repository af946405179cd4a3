/**
 * The authenticator app's building blocks (RFC 6238 through otplib; docs/security.md "Two-factor"):
 *  - secrets: 20 random bytes (base32), encrypted at rest with AES-256-GCM under TOTP_ENCRYPTION_KEY,
 *    the user id as associated data (a secret copied onto another user's row does not decrypt);
 *  - codes: 6 digits, 30-second steps, one step either side accepted; the matching time step is returned
 *    so the caller can refuse that step, and every older one, next time (replay);
 *  - recovery codes: 16 characters of a 32-letter alphabet (80 random bits), kept only as an HMAC-SHA-256
 *    keyed from the same key, so a database copy alone cannot test guesses.
 */
import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { seal, unseal } from '@/lib/security/seal';

export const TOTP_ISSUER = 'JMS Portal';
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** No I, O, 0 or 1: read back from paper without doubt. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 16;

function aad(userId: number): string {
  return `totp-secret:${userId}`;
}

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function encryptSecret(userId: number, secret: string, key: Buffer = config().totpKey): string {
  return seal(aad(userId), secret, key);
}

/** The secret, or null when the value was not encrypted for this user with this key (tampered, moved, other key). */
export function decryptSecret(userId: number, stored: string, key: Buffer = config().totpKey): string | null {
  return unseal(aad(userId), stored, key);
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpAuthUri(userName: string, secret: string): string {
  return generateURI({
    issuer: TOTP_ISSUER,
    label: userName,
    secret,
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
    algorithm: 'sha1',
  });
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * Checks a 6-digit code against the secret at the current time, one step either side. Answers the code's
 * time step, or null. A code of `afterTimeStep` or earlier is refused (already used, or older than one used).
 */
export async function checkTotp(secret: string, code: string, afterTimeStep?: number | null): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const epoch = Math.floor(now().getTime() / 1000);
  try {
    const r = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_SECONDS,
      epoch,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterTimeStep !== null && afterTimeStep !== undefined ? { afterTimeStep } : {}),
    });
    return r.valid
      ? 'timeStep' in r
        ? (r as { timeStep: number }).timeStep
        : Math.floor(epoch / TOTP_PERIOD_SECONDS) + r.delta
      : null;
  } catch {
    return null;
  }
}

/** Ten new recovery codes, shown to the user as XXXX-XXXX-XXXX-XXXX. */
export function newRecoveryCodes(n: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: n }, () => {
    const chars = Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)],
    ).join('');
    return chars.replace(/(.{4})(?=.)/g, '$1-');
  });
}

/** A recovery code as typed (any case, with or without dashes and spaces) in canonical form, or null. */
export function normaliseRecoveryCode(input: string): string | null {
  const t = input.replace(/[\s-]/g, '').toUpperCase();
  if (t.length !== RECOVERY_LENGTH) return null;
  for (const ch of t) if (!RECOVERY_ALPHABET.includes(ch)) return null;
  return t;
}

export function hashRecoveryCode(userId: number, canonical: string, key: Buffer = config().totpKey): string {
  return createHmac('sha256', key).update(`recovery:${userId}:${canonical}`).digest('hex');
}
