/**
 * The legacy api/Authentication shapes (spec §3 "Sign-in", §7): request schemas (strict: unknown
 * fields are refused with 400) and presenters from the sign-in service's answers.
 *
 * LStatus (the spec names the field, not its values): 0 wrong credentials, 1 OTP sent, 2 signed in,
 * 3 account blocked, 4 first-time password must change, 5 password expired, 6 captcha required,
 * 7 wrong OTP, 8 OTP expired (regenerate), 9 try again later.
 */
import { z } from 'zod';
import { MSG } from '@/lib/messages';
import type { signInAnswer } from './answers';
import { missingMessage } from '@/lib/validation-rules';
import { describeSeconds, type OtpResendResult, type OtpVerifyResult } from '@/lib/auth/otp';
import { changePasswordUrl, passwordStepMessage, resendMessage } from '@/lib/auth/messages';
import { CAPTCHA_PAYLOAD_MAX, PASSWORD_MAX, userNameField } from '@/lib/auth/schema';
import type { PasswordResendResult, PasswordSignInResult, TripleSignInResult } from '@/lib/auth/signin';
import { AUTH_MSG, TWO_FACTOR_MSG } from '@/lib/auth/messages';

export const LSTATUS = {
  invalid: 0,
  otpSent: 1,
  signedIn: 2,
  locked: 3,
  firstTime: 4,
  expired: 5,
  captcha: 6,
  otpInvalid: 7,
  otpExpired: 8,
  tryLater: 9,
  /** The organisation requires single sign-on. */
  ssoRequired: 10,
} as const;

/** The OTP field: 6 digits (a string, or a number the old client sends without leading zeros) or a recovery code. */
const otpValue = z.union(
  [
    z.string().trim().min(1, MSG.otpRequired).max(32),
    z
      .number()
      .int()
      .min(0)
      .max(999_999)
      .transform((n) => String(n).padStart(6, '0')),
  ],
  // Missing or null: the spec's message (§8 'Please enter OTP.'), not zod's "Invalid input".
  { error: missingMessage(MSG.otpRequired) },
);

/** OTP absent, 0, "0" or "" means "send me the OTP"; anything else is the code of the credential triple. */
export function otpGiven(otp: string | number | null | undefined): string | null {
  if (otp === undefined || otp === null) return null;
  if (typeof otp === 'number') return otp === 0 ? null : String(otp).padStart(6, '0');
  const t = otp.trim();
  return t === '' || t === '0' ? null : t;
}

export const legacySignInBody = z.strictObject({
  UserName: userNameField,
  Password: z
    .string({ error: missingMessage(AUTH_MSG.passwordRequired) })
    .min(1, AUTH_MSG.passwordRequired)
    .max(PASSWORD_MAX),
  /** Absent or 0: the password step (the OTP is sent). Otherwise the credential triple (see signInWithTriple). */
  OTP: z.union([z.string().max(32), z.number().int().min(0).max(999_999)]).nullish(),
  Captcha: z.string().max(CAPTCHA_PAYLOAD_MAX).nullish(),
});

/** Either the pending sign-in (ChallengeId), or the user's credentials (UserName and Password). */
function challengeOrCredentials(
  v: { ChallengeId?: string | null; UserName?: string | null; Password?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.ChallengeId) return;
  if (!v.UserName) ctx.addIssue({ code: 'custom', path: ['UserName'], message: AUTH_MSG.userNameRequired });
  if (!v.Password) ctx.addIssue({ code: 'custom', path: ['Password'], message: AUTH_MSG.passwordRequired });
}

/**
 * AuthenticateUser: the credential triple {UserName, Password, OTP} (spec §3), or {ChallengeId, OTP} of the
 * pending sign-in. With a ChallengeId the code is checked against that sign-in and the credentials are not
 * needed (the password step already checked them).
 */
export const legacyAuthenticateBody = z
  .strictObject({
    ChallengeId: z.uuid().nullish(),
    OTP: otpValue,
    UserName: z.optional(userNameField),
    Password: z.string().max(PASSWORD_MAX).optional(),
    Captcha: z.string().max(CAPTCHA_PAYLOAD_MAX).nullish(),
  })
  .superRefine(challengeOrCredentials);

/** ResendOTP: the pending sign-in (ChallengeId), or the user's credentials (UserName and Password). */
export const legacyResendBody = z
  .strictObject({
    ChallengeId: z.uuid().nullish(),
    UserName: z.optional(userNameField),
    Password: z.string().max(PASSWORD_MAX).optional(),
    OTP: z.union([z.string().max(32), z.number()]).nullish(),
    Captcha: z.string().max(CAPTCHA_PAYLOAD_MAX).nullish(),
  })
  .superRefine(challengeOrCredentials);

export const legacyCaptchaBody = z.strictObject({
  Captcha: z
    .string({ error: missingMessage(AUTH_MSG.captchaRequired) })
    .min(1, AUTH_MSG.captchaRequired)
    .max(CAPTCHA_PAYLOAD_MAX),
});

export const legacyLoginAttemptBody = z.strictObject({
  UserName: z.string().max(256).optional(),
  FailedLoginAttempt: z.number().int().min(0).max(1000).optional(),
  LoginAttemptLimit: z.number().int().min(0).max(1000).optional(),
});

/** The answer of every sign-in step (declared once, as the zod schema of the OpenAPI document). */
export type SignInAnswer = z.output<typeof signInAnswer>;

const blank: SignInAnswer = {
  IsLoggedIn: false,
  jwtToken: null,
  IsAccountLocked: false,
  IsResetPassword: false,
  IsPasswordExpired: false,
  signinOTPExpireTimeout: 0,
  SigninOTPExpireText: '',
  LStatus: LSTATUS.invalid,
  FailedLoginAttempt: 0,
  LoginAttemptLeft: 0,
  ChallengeId: null,
  OtpReference: null,
  OtpMethod: null,
  IsCaptchaRequired: false,
  ResetPasswordToken: null,
  ResetPasswordUrl: null,
  Message: null,
};

function expireText(seconds: number): string {
  return `The OTP is valid for ${describeSeconds(seconds)}.`;
}

export function presentSignIn(r: PasswordSignInResult): SignInAnswer {
  const base = {
    ...blank,
    FailedLoginAttempt: r.failedAttempts,
    LoginAttemptLeft: r.attemptsLeft,
    Message: passwordStepMessage(r),
  };
  switch (r.status) {
    case 'otp':
      return {
        ...base,
        LStatus: LSTATUS.otpSent,
        ChallengeId: r.challengeId,
        OtpReference: r.reference,
        OtpMethod: r.method,
        signinOTPExpireTimeout: r.expiresInSeconds,
        SigninOTPExpireText: r.method === 'app' ? TWO_FACTOR_MSG.appExpireText : expireText(r.expiresInSeconds),
      };
    case 'invalid':
      return { ...base, LStatus: LSTATUS.invalid, IsCaptchaRequired: r.captchaRequired };
    case 'captcha':
      return { ...base, LStatus: LSTATUS.captcha, IsCaptchaRequired: true };
    case 'deactivated':
      return { ...base, LStatus: LSTATUS.invalid };
    case 'locked':
      return { ...base, LStatus: LSTATUS.locked, IsAccountLocked: true, Message: AUTH_MSG.accountBlocked };
    case 'sso-required':
      return { ...base, LStatus: LSTATUS.ssoRequired };
    case 'change-password':
      return {
        ...base,
        LStatus: r.reason === 'first' ? LSTATUS.firstTime : LSTATUS.expired,
        IsResetPassword: r.reason === 'first',
        IsPasswordExpired: r.reason === 'expired',
        ResetPasswordToken: r.token,
        ResetPasswordUrl: changePasswordUrl(r.token, r.reason),
        Message: r.reason === 'first' ? MSG.passwordFirstTime : MSG.passwordExpired,
      };
  }
}

export function presentOtp(r: OtpVerifyResult, jwtToken: string | null): SignInAnswer {
  switch (r.status) {
    case 'success':
      return { ...blank, IsLoggedIn: true, jwtToken, LStatus: LSTATUS.signedIn, LoginAttemptLeft: 0 };
    case 'invalid':
      return {
        ...blank,
        LStatus: LSTATUS.otpInvalid,
        FailedLoginAttempt: r.failedAttempts,
        LoginAttemptLeft: r.attemptsLeft,
        // A right authenticator or recovery code already used (a replay, or a parallel call that won): said so.
        Message: r.spent ? TWO_FACTOR_MSG.codeUsed : MSG.otpInvalid,
      };
    case 'expired':
      return { ...blank, LStatus: LSTATUS.otpExpired, Message: MSG.otpExpired };
    case 'locked':
      return { ...blank, LStatus: LSTATUS.locked, IsAccountLocked: true, Message: AUTH_MSG.accountBlocked };
  }
}

export function presentResend(r: OtpResendResult): SignInAnswer {
  const Message = resendMessage(r);
  switch (r.status) {
    case 'sent':
      return {
        ...blank,
        LStatus: LSTATUS.otpSent,
        ChallengeId: r.challengeId,
        OtpReference: r.reference,
        OtpMethod: r.method,
        signinOTPExpireTimeout: r.expiresInSeconds,
        SigninOTPExpireText: expireText(r.expiresInSeconds),
        Message,
      };
    case 'try-later':
      return { ...blank, LStatus: LSTATUS.tryLater, Message };
    case 'locked':
      return { ...blank, LStatus: LSTATUS.locked, IsAccountLocked: true, Message };
    case 'expired':
      return { ...blank, LStatus: LSTATUS.otpExpired, Message };
  }
}

/** The credential triple's answer: the password step's failure, or the code's outcome (jwtToken on success). */
export function presentTriple(r: TripleSignInResult, jwtToken: string | null): SignInAnswer {
  return r.step === 'password' ? presentSignIn(r.result) : presentOtp(r.result, jwtToken);
}

/** ResendOTP with UserName and Password: the password step's failure, or the resend's outcome. */
export function presentPasswordResend(r: PasswordResendResult): SignInAnswer {
  return r.step === 'password' ? presentSignIn(r.result) : presentResend(r.result);
}
