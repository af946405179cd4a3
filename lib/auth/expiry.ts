/**
 * Password expiry (spec §2 /ResetPassword, §7 GetPasswordExpiry): a password older than
 * PASSWORD_MAX_AGE_DAYS must be changed before signing in; 0 means passwords never expire.
 */
import { config } from '@/lib/config';

const DAY_MS = 86_400_000;

/** The moment the password expires, or null when passwords never expire. */
export function passwordExpiresAt(
  user: { passwordChangedAt: Date },
  maxAgeDays: number = config().PASSWORD_MAX_AGE_DAYS,
): Date | null {
  if (maxAgeDays <= 0) return null;
  return new Date(user.passwordChangedAt.getTime() + maxAgeDays * DAY_MS);
}

/** True from the moment the password reaches its maximum age. */
export function isPasswordExpired(user: { passwordChangedAt: Date }, at: Date, maxAgeDays?: number): boolean {
  const expires = passwordExpiresAt(user, maxAgeDays);
  return expires !== null && at.getTime() >= expires.getTime();
}

/**
 * Days left before the password expires (what the password-expiry notice shows): whole days,
 * rounded up, 0 once expired; 'NA' when passwords never expire.
 */
export function passwordExpiryDays(user: { passwordChangedAt: Date }, at: Date, maxAgeDays?: number): number | 'NA' {
  const expires = passwordExpiresAt(user, maxAgeDays);
  if (expires === null) return 'NA';
  const left = expires.getTime() - at.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}
