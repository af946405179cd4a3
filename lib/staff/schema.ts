/**
 * The staff user form (/Ops/Staff, role 1 only): ONE schema for the browser form and the server
 * action. The same fields, password rules (lib/auth/password-policy.ts) and duplicate rules as the client
 * administrators' user form (lib/users/schema.ts), with the staff roles 1 and 2 instead of the client roles.
 * Browser-safe.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, refinePasswordPair } from '@/lib/auth/password-policy';
import { canonicalTimeZone } from '@/lib/settings/schema';
import { emailField, NAME_MAX, userNameField } from '@/lib/users/schema';
import { formText, formPhone } from '@/lib/validation';

export const STAFF_MSG = {
  role: 'Please choose a staff role.',
  timeZone: 'Please choose a time zone from the list.',
  notFound: 'This staff user does not exist or has been deactivated.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDemoteSelf: 'You cannot take the administrator role away from your own account.',
} as const;

const name = formText(NAME_MAX);

export const staffUserFormSchema = z
  .object({
    UserId: z.number().int().min(0).max(2_147_483_647).optional(),
    FirstName: name,
    LastName: name,
    EmailId: emailField,
    Phone: formPhone(),
    UserName: userNameField,
    Role: z.number({ error: STAFF_MSG.role }).refine((n) => n === 1 || n === 2, STAFF_MSG.role),
    TimeZoneId: z
      .string({ error: STAFF_MSG.timeZone })
      .refine((v) => canonicalTimeZone(v) !== null, STAFF_MSG.timeZone)
      .transform((v) => canonicalTimeZone(v) ?? v),
    ChangePassword: z.boolean().optional(),
    NewPassword: z
      .string()
      .max(4 * PASSWORD_MAX_LENGTH)
      .optional(),
    ConfirmPassword: z
      .string()
      .max(4 * PASSWORD_MAX_LENGTH)
      .optional(),
  })
  .superRefine((v, c) => {
    if (v.UserId && !v.ChangePassword) return;
    refinePasswordPair(v, c, {
      required: true,
      context: { userName: v.UserName, firstName: v.FirstName, lastName: v.LastName, email: v.EmailId },
    });
  });
export type StaffUserFormInput = z.input<typeof staffUserFormSchema>;
export type StaffUserForm = z.output<typeof staffUserFormSchema>;

export const staffUserIdSchema = z.number().int().min(1).max(2_147_483_647);
