/**
 * Every legacy (spec §7) request schema answers an empty or missing required field with a sentence a person can
 * read: the spec's own wording where §8 gives one ('Please enter OTP.'), the portal's catalogue otherwise
 * (AUTH_MSG, FIELD_MSG, ...) — never zod's defaults ("Too small: expected string to have >=1 characters",
 * "Invalid input: expected string, received undefined"), which the routes would pass on as the 400's field messages.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { logAddSchema } from '@/lib/audit/log';
import { legacyAuthenticateBody, legacyCaptchaBody, legacyResendBody, legacySignInBody } from '@/lib/legacy/auth';
import { AUTH_MSG } from '@/lib/auth/messages';
import { exceptionReportSchema } from '@/lib/errors/intake';
import { FEEDBACK_MSG } from '@/lib/jobs/feedback-messages';
import { legacyFeedbackSchema } from '@/lib/jobs/feedback-schema';
import { MSG } from '@/lib/messages';
import {
  checkLinkBody,
  emailIdBody,
  resetPasswordBody,
  sendResetEmailBody,
  userNameBody,
  verifyCurrentBody,
  verifyUserCurrentBody,
} from '@/lib/legacy/settings';
import { legacySettingsUpdateSchema } from '@/lib/settings/schema';
import { checkUserEmailSchema, checkUserNameSchema, deactivateSchema, legacySaveUserSchema } from '@/lib/users/schema';
import { FIELD_MSG } from '@/lib/validation';

const CHALLENGE = '0b6a3f5e-2f4c-4d0a-9a57-3b1f1c2d4e5f';
const REQUIRED = FIELD_MSG.required;

/** [route, schema, body, the messages its 400 must carry (each once, any order)]. */
const CASES: [string, z.ZodType, unknown, string[]][] = [
  [
    'Authentication/AuthenticateUser: OTP missing',
    legacyAuthenticateBody,
    { ChallengeId: CHALLENGE },
    [MSG.otpRequired],
  ],
  [
    'Authentication/AuthenticateUser: OTP empty',
    legacyAuthenticateBody,
    { ChallengeId: CHALLENGE, OTP: '' },
    [MSG.otpRequired],
  ],
  [
    'Authentication/AuthenticateUser: OTP blank',
    legacyAuthenticateBody,
    { ChallengeId: CHALLENGE, OTP: '   ' },
    [MSG.otpRequired],
  ],
  [
    'Authentication/AuthenticateUser: OTP null',
    legacyAuthenticateBody,
    { ChallengeId: CHALLENGE, OTP: null },
    [MSG.otpRequired],
  ],
  [
    'Authentication/AuthenticateUser: triple without credentials',
    legacyAuthenticateBody,
    { OTP: '123456' },
    [AUTH_MSG.userNameRequired, AUTH_MSG.passwordRequired],
  ],
  ['Authentication/SignIn: nothing', legacySignInBody, {}, [AUTH_MSG.userNameRequired, AUTH_MSG.passwordRequired]],
  [
    'Authentication/SignIn: empty',
    legacySignInBody,
    { UserName: '', Password: '' },
    [AUTH_MSG.userNameRequired, AUTH_MSG.passwordRequired],
  ],
  ['Authentication/ResendOTP: nothing', legacyResendBody, {}, [AUTH_MSG.userNameRequired, AUTH_MSG.passwordRequired]],
  ['Authentication/CaptchaVerify: missing', legacyCaptchaBody, {}, [AUTH_MSG.captchaRequired]],
  ['Authentication/CaptchaVerify: empty', legacyCaptchaBody, { Captcha: '' }, [AUTH_MSG.captchaRequired]],
  ['Authentication/VerifyCurrentPassword: missing', verifyCurrentBody, {}, [REQUIRED]],
  ['Authentication/VerifyUserCurrentPassword: missing', verifyUserCurrentBody, { OTP: 0 }, [REQUIRED]],
  ['Authentication/resetPassword: nothing', resetPasswordBody, {}, [REQUIRED, MSG.resetLinkInvalid]],
  ['ResetPassword/SendResetPasswordEmail: missing', sendResetEmailBody, {}, [REQUIRED]],
  ['ResetPassword/SendResetPasswordEmail: empty', sendResetEmailBody, { EmailId: '' }, [REQUIRED]],
  ['ResetPassword/CheckPasswordExpiryLink: missing', checkLinkBody, {}, [REQUIRED]],
  ['Authentication/GetUserDetailsByUsername: missing', userNameBody, {}, [REQUIRED]],
  ['Authentication/GetUserByEmailId: missing', emailIdBody, {}, [REQUIRED]],
  ['User/CheckUserName: missing', checkUserNameSchema, {}, [REQUIRED]],
  ['User/CheckUserEmail: missing', checkUserEmailSchema, {}, [REQUIRED]],
  ['User/Deactivate: missing', deactivateSchema, {}, [REQUIRED]],
  ['User/Deactivate: empty', deactivateSchema, { UserName: '' }, [REQUIRED]],
  ['Settings/User/Update: nothing', legacySettingsUpdateSchema, {}, [REQUIRED]],
  ['Email/SendException: missing', exceptionReportSchema, {}, [REQUIRED]],
  ['Email/SendException: blank', exceptionReportSchema, { Message: ' ' }, [REQUIRED]],
  ['Log/Add: nothing', logAddSchema, {}, [REQUIRED]],
  ['Job/JobFeedBack: nothing', legacyFeedbackSchema, {}, [REQUIRED, FEEDBACK_MSG.ratingRequired]],
];

/** zod's own English: never a message of ours. */
const ZOD_DEFAULT =
  /^(Invalid input|Too small|Too big|Invalid option|Invalid string|Unrecognized key|Required$)|expected .*received/;

describe('legacy validation messages (spec §8)', () => {
  it.each(CASES)('%s', (_name, schema, body, expected) => {
    const r = schema.safeParse(body);
    expect(r.success).toBe(false);
    const messages = [...new Set(r.error?.issues.map((i) => i.message))];
    for (const m of messages) expect(m).not.toMatch(ZOD_DEFAULT);
    expect(messages.sort()).toEqual([...expected].sort());
  });

  it('the user form (SaveUser) says which fields are missing, in words', () => {
    const r = legacySaveUserSchema.safeParse({});
    expect(r.success).toBe(false);
    for (const i of r.error?.issues ?? []) expect(i.message).not.toMatch(ZOD_DEFAULT);
    expect(r.error?.issues.filter((i) => i.message === REQUIRED).map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['FirstName', 'LastName', 'EmailId', 'Phone', 'UserName']),
    );
  });
});
