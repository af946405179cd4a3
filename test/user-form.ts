/** A valid client user form (Nora Quill, a fresh user name, a password) for the user administration tests. */
import { userFormSchema, type UserFormInput } from '@/lib/users/schema';

export const USER_FORM_PASSWORD = 'Tomato#Kiwi40';

export function userForm(over: Partial<UserFormInput> = {}) {
  const name = over.UserName ?? `new.${Math.random().toString(36).slice(2, 8)}`;
  return userFormSchema.parse({
    FirstName: 'Nora',
    LastName: 'Quill',
    EmailId: `${name}@example.com`,
    Phone: '(02)9000-1234',
    UserName: name,
    Role: 3,
    TimeZoneId: 'Australia/Perth',
    NewPassword: USER_FORM_PASSWORD,
    ConfirmPassword: USER_FORM_PASSWORD,
    ...over,
  });
}
