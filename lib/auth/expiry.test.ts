import { describe, expect, it } from 'vitest';
import { isPasswordExpired, passwordExpiresAt, passwordExpiryDays } from './expiry';
import { expiryNoticeDue, expiryNoticeText } from './expiry-text';

const DAY = 86_400_000;
const changed = new Date('2026-01-01T00:00:00Z');
const user = { passwordChangedAt: changed };
const at = (ms: number) => new Date(changed.getTime() + ms);

describe('password expiry (max age 90 days by default, 0 means never)', () => {
  it('expires exactly at the maximum age, not a second before', () => {
    expect(isPasswordExpired(user, at(90 * DAY - 1000))).toBe(false);
    expect(isPasswordExpired(user, at(90 * DAY))).toBe(true);
    expect(isPasswordExpired(user, at(90 * DAY + 1000))).toBe(true);
  });

  it('counts the days left, rounded up, and 0 once expired', () => {
    expect(passwordExpiryDays(user, at(0))).toBe(90);
    expect(passwordExpiryDays(user, at(89 * DAY))).toBe(1);
    expect(passwordExpiryDays(user, at(89 * DAY + 1000))).toBe(1);
    expect(passwordExpiryDays(user, at(90 * DAY - 1000))).toBe(1);
    expect(passwordExpiryDays(user, at(90 * DAY))).toBe(0);
    expect(passwordExpiryDays(user, at(400 * DAY))).toBe(0);
  });

  it('answers NA and never expires when the maximum age is 0', () => {
    expect(passwordExpiryDays(user, at(10_000 * DAY), 0)).toBe('NA');
    expect(isPasswordExpired(user, at(10_000 * DAY), 0)).toBe(false);
    expect(passwordExpiresAt(user, 0)).toBeNull();
  });

  it('follows a configured maximum age', () => {
    expect(passwordExpiryDays(user, at(0), 30)).toBe(30);
    expect(isPasswordExpired(user, at(30 * DAY), 30)).toBe(true);
  });
});

describe('the password-expiry notice', () => {
  it('is due at 14 days or fewer, never when passwords do not expire', () => {
    expect(expiryNoticeDue(15)).toBe(false);
    expect(expiryNoticeDue(14)).toBe(true);
    expect(expiryNoticeDue(1)).toBe(true);
    expect(expiryNoticeDue('NA')).toBe(false);
  });
  it('says the days left', () => {
    expect(expiryNoticeText(14)).toBe('Your password expires in 14 days.');
    expect(expiryNoticeText(1)).toBe('Your password expires in 1 day.');
    expect(expiryNoticeText(0)).toBe('Your password has expired.');
  });
});
