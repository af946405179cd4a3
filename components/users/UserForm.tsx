'use client';
/**
 * The user form of /saveuser (spec §4 "User edit", §5 "User form"): names, e-mail (with "from user name"),
 * user name, phone, role, time zone, and the password pair (on create; on edit behind the reset-password
 * toggle, hidden by default; on create, "invite by e-mail" instead lets the person choose their own password
 * through a single-use link). The user name and e-mail are checked for duplicates when the field is left,
 * and the schema is the one the server parses. After a save: /user?msg=1 (created), ?msg=2 (updated) or
 * ?msg=3 (invited).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordRules } from '@/components/password/PasswordRules';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { FormSection } from '@/components/ui/FormSection';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { unlessSignedOut } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';
import { MSG } from '@/lib/messages';
import { CLIENT_ADMIN_ROLE, ROLES } from '@/lib/reference';
import { afterSaveUrl } from '@/lib/users/list-schema';
import type { SaveUserResult } from '@/lib/users/service';
import { isAssignableRole } from '@/lib/core/user-policy';
import {
  EMAIL_MAX,
  emailFromUserName,
  NAME_MAX,
  USER_MSG,
  USER_NAME_MAX,
  userFormSchema,
  type UserForm as Values,
  type UserFormInput,
} from '@/lib/users/schema';
import { FormFields } from '@/components/ui/FormFields';
import { useFocusInvalid } from '@/components/ui/focus-invalid';

export interface UserFormInitial {
  UserId: number;
  FirstName: string;
  LastName: string;
  EmailId: string;
  Phone: string;
  UserName: string;
  Role: number;
  TimeZoneId: string;
}

export interface UserFormProps {
  /** The user being edited, or null to create one. */
  initial: UserFormInitial | null;
  /** Editing one's own account: the role stays Client Administrator. */
  isSelf: boolean;
  defaultTimeZone: string;
  /** The administrator's own e-mail domain, for "from user name". */
  emailDomain: string;
  timeZones: readonly { TimeZoneId: string; DisplayName: string }[];
  save: (values: Values) => Promise<ActionResult<SaveUserResult>>;
  checkUserName: (userName: string, userId?: number) => Promise<ActionResult<boolean>>;
  checkUserEmail: (email: string, userId?: number) => Promise<ActionResult<boolean>>;
}

type Checked = 'UserName' | 'EmailId';
const EXISTS_MSG: Record<Checked, string> = { UserName: USER_MSG.userNameExists, EmailId: USER_MSG.emailExists };
const FORM_FIELDS = [
  'FirstName',
  'LastName',
  'EmailId',
  'Phone',
  'UserName',
  'Role',
  'TimeZoneId',
  'NewPassword',
  'ConfirmPassword',
] as const;
const NOT_FOUND = 'This user does not exist or has been deactivated.';

export function UserForm(p: UserFormProps) {
  const router = useRouter();
  const editing = p.initial !== null;
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [exists, setExists] = useState<Record<Checked, boolean>>({ UserName: false, EmailId: false });
  const form = useForm<UserFormInput, unknown, Values>({
    resolver: zodResolver(userFormSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: p.initial
      ? { ...p.initial, ChangePassword: false, NewPassword: '', ConfirmPassword: '' }
      : {
          UserId: 0,
          FirstName: '',
          LastName: '',
          EmailId: '',
          Phone: '',
          UserName: '',
          TimeZoneId: p.defaultTimeZone,
          // The person chooses their own password through a mailed link unless the administrator sets one.
          Invite: true,
          NewPassword: '',
          ConfirmPassword: '',
        },
  });
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    clearErrors,
    trigger,
    formState: { errors, isSubmitting },
  } = form;
  const changePassword = useWatch({ control, name: 'ChangePassword' });
  const invite = useWatch({ control, name: 'Invite' }) === true;
  const newPassword = useWatch({ control, name: 'NewPassword' }) ?? '';
  const showPassword = editing ? changePassword === true : !invite;
  const roles = ROLES.filter((r) => (p.isSelf ? r.id === CLIENT_ADMIN_ROLE : isAssignableRole(r.id)));

  /** The exists flag of spec §5/§8: asks the server once the field holds a valid, changed value. */
  async function checkExists(field: Checked): Promise<void> {
    const value = (getValues(field) ?? '').trim();
    setExists((e) => ({ ...e, [field]: false }));
    if (!value || !(await trigger(field))) return;
    if (p.initial && value.toLowerCase() === p.initial[field].toLowerCase()) return;
    const check = field === 'UserName' ? p.checkUserName : p.checkUserEmail;
    let r: boolean;
    try {
      // An ended session signs out and comes back here (spec §4.5); a refused check counts as "not taken".
      const answer = await unlessSignedOut(check(value, p.initial?.UserId));
      r = answer.ok && answer.value;
    } catch {
      return; // The save checks again; a failed check must not block the form.
    }
    if ((getValues(field) ?? '').trim() !== value) return;
    setExists((e) => ({ ...e, [field]: r }));
    if (r) setError(field, { type: 'exists', message: EXISTS_MSG[field] });
  }

  function fillEmail(): void {
    const email = emailFromUserName(getValues('UserName') ?? '', p.emailDomain);
    if (!email) {
      setError('EmailId', { message: 'Please enter a user name first (or type the e-mail address).' });
      return;
    }
    setValue('EmailId', email, { shouldDirty: true, shouldTouch: true });
    void checkExists('EmailId');
  }

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await unlessSignedOut(p.save(values));
      // The schema's or the service's refusal (400, 403, 404): its field messages, and the form's failure.
      const r: SaveUserResult = answer.ok ? answer.value : { status: 'invalid', fields: refusalFields(answer) };
      if (r.status === 'created' || r.status === 'updated' || r.status === 'invited') {
        setLeaving(true);
        router.push(afterSaveUrl(r.status));
        return;
      }
      if (r.status === 'reused') {
        setError('NewPassword', { message: MSG.passwordReused });
        setFailure(MSG.passwordReused);
        return focusInvalid();
      }
      if (r.status === 'not-found') {
        setFailure(NOT_FOUND);
        return focusInvalid();
      }
      for (const name of FORM_FIELDS) {
        const message = r.fields[name]?.[0];
        if (message) setError(name, { message });
      }
      if (r.status === 'duplicate')
        setExists({ UserName: Boolean(r.fields.UserName), EmailId: Boolean(r.fields.EmailId) });
      // A refusal of the values: saying "try again" would not help.
      setFailure(USER_MSG.fixFields);
      focusInvalid();
    } catch {
      setFailure(USER_MSG.saveFailed);
      focusInvalid();
    }
  }, focusInvalid);

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-8"
      aria-label={editing ? MSG.editUserTitle : MSG.createUserTitle}
    >
      <FormFields>
        <FormSection title="User details">
          <Field reserveError label="First name" id="FirstName" error={errors.FirstName?.message} required>
            <Input autoComplete="off" maxLength={NAME_MAX} {...register('FirstName')} />
          </Field>
          <Field reserveError label="Last name" id="LastName" error={errors.LastName?.message} required>
            <Input autoComplete="off" maxLength={NAME_MAX} {...register('LastName')} />
          </Field>
          <Field
            reserveError
            label="User name"
            id="UserName"
            error={errors.UserName?.message}
            required
            help={exists.UserName ? undefined : 'Letters, digits and . _ - @'}
          >
            <Input
              autoComplete="off"
              maxLength={USER_NAME_MAX}
              data-exists={exists.UserName}
              {...register('UserName', { onBlur: () => void checkExists('UserName') })}
            />
          </Field>
          <Field reserveError label="E-mail" id="EmailId" error={errors.EmailId?.message} required>
            <div className="flex gap-2">
              <Input
                type="email"
                autoComplete="off"
                maxLength={EMAIL_MAX}
                className="flex-1"
                data-exists={exists.EmailId}
                {...register('EmailId', { onBlur: () => void checkExists('EmailId') })}
              />
              <Button onClick={fillEmail} title="Fill the e-mail address from the user name">
                From user name
              </Button>
            </div>
          </Field>
          <Field
            reserveError
            label="Phone"
            id="Phone"
            error={errors.Phone?.message}
            required
            help="Digits and ( ) - x +, 4 to 16 characters (spaces and dots are left out)"
          >
            <Input type="tel" autoComplete="off" maxLength={32} {...register('Phone')} />
          </Field>
          <Field reserveError label="Role" id="Role" error={errors.Role?.message} required>
            <Select
              placeholder="Select a role"
              options={roles.map((r) => ({ value: r.id, label: r.name }))}
              {...register('Role', { valueAsNumber: true })}
            />
          </Field>
          <Field
            reserveError
            label="Time zone"
            id="TimeZoneId"
            error={errors.TimeZoneId?.message}
            required
            className="md:col-span-2"
          >
            <Select
              options={p.timeZones.map((z) => ({ value: z.TimeZoneId, label: z.DisplayName }))}
              {...register('TimeZoneId')}
            />
          </Field>
        </FormSection>

        <FormSection
          title="Password"
          description={
            editing
              ? 'The password is kept unless you reset it. The user must change a reset password at the next sign-in.'
              : invite
                ? 'The person receives an e-mail with a link (valid 72 hours, single use) to choose their own password.'
                : 'The user must change this password at the first sign-in.'
          }
        >
          {!editing && (
            <Checkbox
              id="Invite"
              label="Invite the person to choose their own password (a link by mail)"
              className="md:col-span-2"
              {...register('Invite', {
                onChange: (e: { target: { checked: boolean } }) => {
                  if (!e.target.checked) return;
                  setValue('NewPassword', '');
                  setValue('ConfirmPassword', '');
                  clearErrors(['NewPassword', 'ConfirmPassword']);
                },
              })}
            />
          )}
          {editing && (
            <Checkbox
              id="ChangePassword"
              label="Reset password"
              className="md:col-span-2"
              {...register('ChangePassword', {
                onChange: (e: { target: { checked: boolean } }) => {
                  if (e.target.checked) return;
                  setValue('NewPassword', '');
                  setValue('ConfirmPassword', '');
                  clearErrors(['NewPassword', 'ConfirmPassword']);
                },
              })}
            />
          )}
          {showPassword && (
            <>
              <Field reserveError label="New password" id="NewPassword" error={errors.NewPassword?.message} required>
                <Input type="password" autoComplete="new-password" maxLength={1024} {...register('NewPassword')} />
              </Field>
              <Field
                reserveError
                label="Confirm new password"
                id="ConfirmPassword"
                error={errors.ConfirmPassword?.message}
                required
              >
                <Input type="password" autoComplete="new-password" maxLength={1024} {...register('ConfirmPassword')} />
              </Field>
              <div className="md:col-span-2">
                <PasswordRules value={newPassword} />
              </div>
            </>
          )}
        </FormSection>

        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          <Button type="submit" variant="primary" loading={isSubmitting || leaving} loadingText="Saving…">
            {editing ? 'Save' : invite ? 'Send invitation' : 'Create user'}
          </Button>
          <Link href="/user" className={buttonClasses({ variant: 'ghost' })}>
            Cancel
          </Link>
        </div>
      </FormFields>
    </form>
  );
}
