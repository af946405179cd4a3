/**
 * What the sign-in page shows for each answer of the sign-in service (spec §8 wording). Browser-safe:
 * only types come from the server modules.
 */
import { MSG } from '@/lib/messages';
import { AUTH_MSG, type OtpFailure } from './messages';
import type { OtpResendResult } from './otp';
import type { PasswordSignInResult } from './signin';

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
