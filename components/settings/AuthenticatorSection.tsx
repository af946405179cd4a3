'use client';

/**
 * Settings → Authenticator app: set one up (QR code, confirm, recovery codes) or remove it with the current
 * password. The sign-in asks for the app's code once it is set up.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthenticatorEnrolment } from '@/components/auth/AuthenticatorEnrolment';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormSection } from '@/components/ui/FormSection';
import { Input } from '@/components/ui/Input';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import type { ConfirmedEnrolment, TwoFactorInitAnswer } from '@/lib/auth/two-factor';
import {
  removeAuthenticatorSchema,
  type ConfirmEnrolmentForm,
  type RemoveAuthenticatorForm,
} from '@/lib/auth/two-factor-schema';
import { unlessSignedOut } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';
import { FormFields } from '@/components/ui/FormFields';

export interface AuthenticatorSectionProps {
  status: { enrolled: boolean; enrolledOn: string | null; recoveryCodesLeft: number };
  start: () => Promise<ActionResult<TwoFactorInitAnswer>>;
  confirm: (input: ConfirmEnrolmentForm) => Promise<ActionResult<ConfirmedEnrolment>>;
  remove: (input: RemoveAuthenticatorForm) => Promise<ActionResult>;
}

export function AuthenticatorSection({ status, start, confirm, remove }: AuthenticatorSectionProps) {
  const router = useRouter();
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => {
    setNotice(text);
    router.refresh();
  };

  return (
    <FormSection
      title="Authenticator app"
      columns={1}
      description="Sign in with a code from an app on your phone instead of a code sent by e-mail. You can still have a code e-mailed when you sign in."
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      {status.enrolled ? (
        <RemoveForm status={status} remove={remove} onRemoved={() => done(TWO_FACTOR_MSG.removed)} />
      ) : (
        <AuthenticatorEnrolment start={start} confirm={confirm} onDone={() => done(TWO_FACTOR_MSG.enrolled)} />
      )}
    </FormSection>
  );
}

function RemoveForm({
  status,
  remove,
  onRemoved,
}: {
  status: AuthenticatorSectionProps['status'];
  remove: AuthenticatorSectionProps['remove'];
  onRemoved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RemoveAuthenticatorForm>({
    resolver: zodResolver(removeAuthenticatorSchema),
    defaultValues: { Password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const r = await unlessSignedOut(remove(values));
      if (!r.ok) {
        form.setValue('Password', '');
        const field = refusalFields(r).Password?.[0];
        if (field) form.setError('Password', { message: field });
        else setError(r.message);
        return;
      }
      onRemoved();
    } catch {
      setError('The authenticator app could not be removed. Please try again.');
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Remove the authenticator app">
      <FormFields>
        <p className="text-sm" data-testid="authenticator-status">
          An authenticator app is set up{status.enrolledOn ? ` (since ${status.enrolledOn})` : ''}.{' '}
          {status.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Current password" error={errors.Password?.message} required className="max-w-sm">
          <Input type="password" autoComplete="current-password" maxLength={1024} {...form.register('Password')} />
        </Field>
        <div>
          <Button type="submit" variant="danger" loading={isSubmitting} loadingText="Removing…">
            Remove the authenticator app
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
