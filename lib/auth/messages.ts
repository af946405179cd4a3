/**
 * Sign-in texts the specification does not word (§8 words the rest: see lib/messages.ts MSG).
 * Browser-safe.
 */
import { MSG } from '@/lib/messages';
import type { OtpResendResult } from './otp';
import type { PasswordSignInResult } from './signin';
export const AUTH_MSG = {
  userNameRequired: 'Please enter your user name.',
  passwordRequired: 'Please enter your password.',
  captchaRequired: 'Please confirm that you are not a robot, then sign in again.',
  captchaFailed: 'The robot check could not be verified. Please try it again.',
  accountBlockedTitle: 'Account locked',
  accountBlocked:
    'Your account has been locked after too many unsuccessful sign-in attempts. Please contact your administrator to unlock it.',
  otpTitle: 'Enter OTP',
  otpSentTo: 'A one-time passcode (OTP) has been sent to your e-mail address.',
  signInAgain: 'Your sign-in has timed out. Please sign in again.',
  ssoUnavailable: 'Single sign-on is not configured.',
  ssoRequired: 'Your organisation requires single sign-on. Please use "Sign in with single sign-on".',
} as const;

/** The authenticator app (two-factor): set-up in Settings, the code at sign-in. Browser-safe. */
export const TWO_FACTOR_MSG = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  appCodeFormat: 'Enter the 6 digits your authenticator app shows, or a recovery code (XXXX-XXXX-XXXX-XXXX).',
  codeWrong: 'That code is not correct. Check that the time on your phone is right, then enter the newest code.',
  codeUsed:
    'That code was already used. Wait for your authenticator app to show a new code and enter that one, or enter a recovery code you have not used.',
  setupExpired: 'The set-up has timed out. Please start again.',
  alreadyEnrolled: 'An authenticator app is already set up. Remove it first to set up another one.',
  notEnrolled: 'No authenticator app is set up.',
  passwordRequired: 'Please enter your current password.',
  passwordWrong: 'The current password is not correct.',
  appTitle: 'Enter the code from your authenticator app',
  appPrompt:
    'Open your authenticator app and enter the 6-digit code for JMS Portal. Lost your phone? Enter one of your recovery codes.',
  appExpireText: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  emailInstead: 'Send a code by e-mail instead',
  enrolled: 'Your authenticator app is set up. From now on the sign-in asks for its code.',
  removed: 'The authenticator app was removed. The sign-in sends you a code by e-mail again.',
} as const;

/** Codes a failed OTP step answers with (the next-auth credentials error, the server actions). */
export type OtpFailure = 'OTP_REQUIRED' | 'OTP_INVALID' | 'OTP_USED' | 'OTP_EXPIRED' | 'ACCOUNT_LOCKED';

// What the sign-in page shows for each answer of the sign-in service (spec §8 wording).

/** The page of the forced password change (spec §2 /ResetPassword), with the token and the reason. */
export function changePasswordUrl(token: string, reason: 'first' | 'expired'): string {
  return `/ResetPassword?url=${encodeURIComponent(token)}&reason=${reason}`;
}

/** The message under the sign-in form, or null (the OTP dialog, the blocked notice and redirects speak for themselves). */
export function passwordStepMessage(r: PasswordSignInResult): string | null {
  switch (r.status) {
    case 'invalid':
      return MSG.invalidCredentials(r.attemptsLeft);
    case 'captcha':
      return r.captchaFailed ? AUTH_MSG.captchaFailed : AUTH_MSG.captchaRequired;
    case 'deactivated':
      return MSG.credentialDoesNotExist;
    case 'sso-required':
      return AUTH_MSG.ssoRequired;
    default:
      return null;
  }
}

export function otpFailureMessage(code: OtpFailure | string | null | undefined): string {
  switch (code) {
    case 'OTP_REQUIRED':
      return MSG.otpRequired;
    case 'OTP_EXPIRED':
      return MSG.otpExpired;
    case 'ACCOUNT_LOCKED':
      return AUTH_MSG.accountBlocked;
    default:
      return MSG.otpInvalid;
  }
}

export function resendMessage(r: OtpResendResult): string {
  switch (r.status) {
    case 'sent':
      return MSG.otpSent;
    case 'try-later':
      return MSG.tryLater;
    case 'locked':
      return AUTH_MSG.accountBlocked;
    case 'expired':
      return AUTH_MSG.signInAgain;
  }
}
