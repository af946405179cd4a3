/**
 * Sign-in texts the specification does not word (§8 words the rest: see lib/messages.ts MSG).
 * Browser-safe.
 */
export const AUTH_MSG = {
  userNameRequired: 'Please enter your user name.',
  passwordRequired: 'Please enter your password.',
  captchaRequired: 'Please confirm that you are not a robot, then sign in again.',
  captchaFailed: 'The robot check could not be verified. Please try it again.',
  accountBlockedTitle: 'Account blocked',
  accountBlocked:
    'Your account has been blocked after too many unsuccessful sign-in attempts. Please contact your administrator to unblock it.',
  otpTitle: 'Enter OTP',
  otpSentTo: 'A one-time passcode (OTP) has been sent to your e-mail address.',
  signInAgain: 'Your sign-in has timed out. Please sign in again.',
  ssoUnavailable: 'Single sign-on is not configured.',
  ssoRequired: 'Your organisation requires single sign-on. Please use "Sign in with single sign-on".',
} as const;

/** Codes a failed OTP step answers with (the next-auth credentials error, the server actions). */
export type OtpFailure = 'OTP_REQUIRED' | 'OTP_INVALID' | 'OTP_EXPIRED' | 'ACCOUNT_LOCKED';
