/**
 * The sign-in forms' schemas: one zod schema validates the form in the browser (zodResolver) and
 * the request on the server (server actions, the next-auth credentials provider). Browser-safe.
 */
import { z } from 'zod';
import { MSG } from '@/lib/messages';
import { FIELD_MSG, hasHtmlTag } from '@/lib/validation';
import { AUTH_MSG } from './messages';

export const USER_NAME_MAX = 256;
/** Passwords are never truncated; anything longer than this is not a password of ours. */
export const PASSWORD_MAX = 1024;
export const CAPTCHA_PAYLOAD_MAX = 10_000;

export const userNameField = z
  .string()
  .trim()
  .min(1, AUTH_MSG.userNameRequired)
  .max(USER_NAME_MAX, FIELD_MSG.tooLong(USER_NAME_MAX))
  .refine((v) => !hasHtmlTag(v), FIELD_MSG.htmlTags);

export const signInFormSchema = z.object({
  userName: userNameField,
  password: z.string().min(1, AUTH_MSG.passwordRequired).max(PASSWORD_MAX, FIELD_MSG.tooLong(PASSWORD_MAX)),
  captcha: z.string().max(CAPTCHA_PAYLOAD_MAX).nullish(),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const otpFormSchema = z.object({
  otp: z
    .string()
    .trim()
    .min(1, MSG.otpRequired)
    .regex(/^\d{6}$/, MSG.otpInvalid),
});
export type OtpForm = z.infer<typeof otpFormSchema>;

/** The OTP step as the next-auth credentials provider receives it. */
export const otpCredentialsSchema = z.object({
  challengeId: z.uuid(),
  otp: z.string().trim().min(1, MSG.otpRequired).max(16),
});

export const challengeSchema = z.object({ challengeId: z.uuid() });
