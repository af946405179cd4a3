'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  newPasswordFormSchema,
  type NewPasswordForm as Values,
  type NewPasswordOutcome,
} from '@/lib/auth/reset-schema';
import { MSG } from '@/lib/messages';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { PasswordRules } from './PasswordRules';
import { ResetDone } from './ResetDone';
import { FormFields } from '@/components/ui/FormFields';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';

type Dead = 'expired' | 'invalid' | 'failed';

const DEAD_MESSAGE: Record<Dead, string> = {
  expired: MSG.resetLinkExpired,
  invalid: MSG.resetLinkInvalid,
  failed: MSG.passwordResetFailed,
};

/**
 * A link that no longer works, or an account that cannot be reset: the message and the way on
 * (a new reset link, or signing in again for the forced change, which issues a new token).
 */
export function DeadLink({ state, retry = 'forgot' }: { state: Dead; retry?: 'forgot' | 'signin' }) {
  const toSignIn = state === 'failed' || retry === 'signin';
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="error">{DEAD_MESSAGE[state]}</Alert>
      <p className="text-sm">
        {toSignIn ? (
          <Link href="/SignIn">Back to sign in</Link>
        ) : (
          <Link href="/ForgotPassword">Request a new reset link</Link>
        )}
      </p>
    </div>
  );
}

/**
 * New password + confirmation for the reset link (/ResetNewPassword) and the forced change
 * (/ResetPassword). The token comes from the page's URL; success never signs in.
 */
export function NewPasswordForm({
  token,
  submitLabel,
  action,
  retry = 'forgot',
}: {
  token: string;
  /** Where a dead link sends the user: a new reset link, or signing in again (forced change). */
  retry?: 'forgot' | 'signin';
  submitLabel: string;
  /** The server action that sets the password with the token. */
  action: (token: string, values: Values) => Promise<ActionResult<NewPasswordOutcome>>;
}) {
  const [outcome, setOutcome] = useState<NewPasswordOutcome | { status: 'error' } | null>(null);
  const [show, setShow] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { NewPassword: '', ConfirmPassword: '' },
  });

  const newPassword = useWatch({ control, name: 'NewPassword' });

  // The server's last answer ('Cannot use last 10 passwords or similar.', or the failure) is about the values it
  // was given: once the person edits them, or the browser refuses a later submit, it no longer applies.
  const clearAnswer = () => setOutcome((o) => (o?.status === 'reused' || o?.status === 'error' ? null : o));

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    let r: NewPasswordOutcome;
    try {
      const answer = await action(token, values);
      if (!answer.ok && answer.status !== 400) throw new Error(`refused (${answer.status})`);
      // The schema's refusal (400) places its field messages like the service's policy answer.
      r = answer.ok ? answer.value : { status: 'policy', fields: refusalFields(answer) };
    } catch {
      setOutcome({ status: 'error' });
      return;
    }
    if (r.status === 'policy') {
      for (const [name, messages] of Object.entries(r.fields)) {
        if ((name === 'NewPassword' || name === 'ConfirmPassword') && messages[0])
          setError(name, { message: messages[0] });
      }
    }
    setOutcome(r);
  }, clearAnswer);

  if (outcome?.status === 'done') return <ResetDone />;
  if (outcome && (outcome.status === 'expired' || outcome.status === 'invalid' || outcome.status === 'failed'))
    return <DeadLink state={outcome.status} retry={retry} />;

  const type = show ? 'text' : 'password';
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormFields>
        {outcome?.status === 'reused' && <Alert tone="error">{MSG.passwordReused}</Alert>}
        {outcome?.status === 'error' && <Alert tone="error">{MSG.passwordNotReset}</Alert>}
        <Field label="New password" id="NewPassword" error={errors.NewPassword?.message} required>
          <Input
            type={type}
            autoComplete="new-password"
            maxLength={1024}
            {...register('NewPassword', { onChange: clearAnswer })}
          />
        </Field>
        <PasswordRules value={newPassword} />
        <Field label="Confirm new password" id="ConfirmPassword" error={errors.ConfirmPassword?.message} required>
          <Input
            type={type}
            autoComplete="new-password"
            maxLength={1024}
            {...register('ConfirmPassword', { onChange: clearAnswer })}
          />
        </Field>
        <Checkbox label="Show passwords" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
          {submitLabel}
        </Button>
      </FormFields>
    </form>
  );
}
