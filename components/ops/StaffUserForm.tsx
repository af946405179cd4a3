'use client';
/**
 * The staff user form (/Ops/Staff/Edit, role 1 only): names, e-mail, phone, user name, staff role, time
 * zone, and the password (on create; on edit behind "Reset password"). The schema is the server's; the
 * password rules are everyone's. After a save: /Ops/Staff?msg=1 (created) or 2 (updated).
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
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import type { ActionResult } from '@/lib/http/action-result';
import { staffRoleName } from '@/lib/core/staff-policy';
import { staffUserFormSchema, type StaffUserForm as Values, type StaffUserFormInput } from '@/lib/staff/schema';
import { applyRefusal } from './form-outcome';
import { PersonFields } from './PersonFields';
import { FormFields } from '@/components/ui/FormFields';

const FIELDS = new Set([
  'FirstName',
  'LastName',
  'EmailId',
  'Phone',
  'UserName',
  'Role',
  'TimeZoneId',
  'NewPassword',
  'ConfirmPassword',
]);

export function StaffUserForm({
  initial,
  defaultTimeZone,
  timeZones,
  save,
}: {
  initial: StaffUserFormInput | null;
  defaultTimeZone: string;
  timeZones: readonly { TimeZoneId: string; DisplayName: string }[];
  save: (v: Values) => Promise<ActionResult<{ userId: number; created: boolean }>>;
}) {
  const router = useRouter();
  const editing = Boolean(initial?.UserId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StaffUserFormInput, unknown, Values>({
    resolver: zodResolver(staffUserFormSchema),
    mode: 'onTouched',
    defaultValues: initial
      ? { ...initial, ChangePassword: false, NewPassword: '', ConfirmPassword: '' }
      : {
          UserId: 0,
          FirstName: '',
          LastName: '',
          EmailId: '',
          Phone: '',
          UserName: '',
          Role: 2,
          TimeZoneId: defaultTimeZone,
          NewPassword: '',
          ConfirmPassword: '',
        },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const e = formState.errors;
  const changePassword = useWatch({ control, name: 'ChangePassword' });
  const newPassword = useWatch({ control, name: 'NewPassword' }) ?? '';
  const showPassword = !editing || changePassword === true;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await save(values);
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => FIELDS.has(p)));
    router.push(`/Ops/Staff?msg=${r.value.created ? 1 : 2}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonFields register={register} errors={e} />
          <Field label="Role" required error={e.Role?.message}>
            <Select
              {...register('Role', { valueAsNumber: true })}
              options={[1, 2].map((r) => ({ value: r, label: staffRoleName(r) }))}
            />
          </Field>
          <Field label="Time zone" required error={e.TimeZoneId?.message}>
            <Select
              {...register('TimeZoneId')}
              options={timeZones.map((z) => ({ value: z.TimeZoneId, label: z.DisplayName }))}
            />
          </Field>
        </div>
        {editing && (
          <Checkbox
            label="Reset password"
            description="The user chooses a new password at the next sign-in."
            {...register('ChangePassword')}
          />
        )}
        {showPassword && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={editing ? 'New password' : 'Password'}
              required
              error={e.NewPassword?.message}
              help="The user changes it at the first sign-in."
            >
              <Input type="password" {...register('NewPassword')} autoComplete="new-password" />
            </Field>
            <Field label="Confirm password" required error={e.ConfirmPassword?.message}>
              <Input type="password" {...register('ConfirmPassword')} autoComplete="new-password" />
            </Field>
            <div className="sm:col-span-2">
              <PasswordRules value={newPassword} />
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            {editing ? 'Save staff user' : 'Create staff user'}
          </Button>
          <Link href="/Ops/Staff" className={buttonClasses()}>
            Cancel
          </Link>
        </div>
      </FormFields>
    </form>
  );
}
