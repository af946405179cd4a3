/** The password-expiry notice's rule and wording (browser-safe; the days come from lib/auth/expiry.ts). */
/** The password-expiry notice after sign-in (spec §2 modals) shows when this many days or fewer are left. */
export const PASSWORD_EXPIRY_NOTICE_DAYS = 14;

/** Whether the password-expiry notice is due for a GetPasswordExpiry figure. */
export function expiryNoticeDue(days: number | 'NA'): days is number {
  return days !== 'NA' && days <= PASSWORD_EXPIRY_NOTICE_DAYS;
}

/** The notice's sentence: "Your password expires in 3 days." */
export function expiryNoticeText(days: number): string {
  if (days <= 0) return 'Your password has expired.';
  return `Your password expires in ${days} day${days === 1 ? '' : 's'}.`;
}
