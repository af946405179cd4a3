'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ForgotPasswordForm as Values } from '@/lib/auth/schema';
import { lazyResolver } from '@/lib/client-side/lazy-resolver';
import { MSG } from '@/lib/messages';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { FormFields } from '@/components/ui/FormFields';
import type { ActionResult } from '@/lib/http/action-result';

/** The schema (with zod) loads when the field gets focus: the sign-in page prefetches this form. */
const forgotResolver = lazyResolver<Values>(() =>
  import('@/lib/auth/schema').then((m) => zodResolver(m.forgotPasswordSchema)),
);

/**
 * /ForgotPassword: the e-mail address, then always the same answer (MSG.forgotMaybeSent), whether
 * or not the address belongs to a user (docs/security.md).
 */
export function ForgotPasswordForm({ action }: { action: (values: Values) => Promise<ActionResult> }) {
  const [state, setState] = useState<'idle' | 'sent' | 'error'>('idle');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: forgotResolver.resolver, defaultValues: { EmailId: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setState('idle');
    try {
      setState((await action(values)).ok ? 'sent' : 'error');
    } catch {
      setState('error');
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={forgotResolver.preload} noValidate className="flex flex-col gap-4">
      <FormFields>
        {state === 'sent' && <Alert tone="success">{MSG.forgotMaybeSent}</Alert>}
        {state === 'error' && <Alert tone="error">The request could not be sent. Please try again.</Alert>}
        <p className="text-sm text-muted">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </p>
        <Field label="E-mail" id="EmailId" error={errors.EmailId?.message} required>
          <Input type="email" autoComplete="email" inputMode="email" maxLength={254} {...register('EmailId')} />
        </Field>
        <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Sending…">
          Send reset link
        </Button>
        <p className="text-sm">
          <Link href="/SignIn">Back to sign in</Link>
        </p>
      </FormFields>
    </form>
  );
}
