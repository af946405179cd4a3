'use client';

/**
 * Setting up an authenticator app: start (QR code and the secret to type in), confirm with a code, then the
 * ten recovery codes, shown this once, to copy, download or print. Self-contained over two server actions, so the same component serves
 * Settings and a set-up step forced after sign-in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { RecoveryCodes } from '@/components/auth/RecoveryCodes';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import type { ConfirmedEnrolment, TwoFactorInitAnswer } from '@/lib/auth/two-factor';
import { confirmEnrolmentSchema, type ConfirmEnrolmentForm } from '@/lib/auth/two-factor-schema';
import { unlessSignedOut } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';
import { FormFields } from '@/components/ui/FormFields';
import { useFocusInvalid } from '@/components/ui/focus-invalid';

export interface AuthenticatorEnrolmentProps {
  start: () => Promise<ActionResult<TwoFactorInitAnswer>>;
  confirm: (input: ConfirmEnrolmentForm) => Promise<ActionResult<ConfirmedEnrolment>>;
  /** After the user has seen the recovery codes and pressed Done. */
  onDone: () => void;
  /** Heading level of the steps' headings (default 3). */
  level?: 2 | 3 | 4;
}

type Started = TwoFactorInitAnswer;

/** The secret in groups of four, easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function AuthenticatorEnrolment({ start, confirm, onDone, level = 3 }: AuthenticatorEnrolmentProps) {
  const Heading = `h${level}` as const;
  const [started, setStarted] = useState<Started | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ConfirmEnrolmentForm>({
    resolver: zodResolver(confirmEnrolmentSchema),
    defaultValues: { Code: '' },
    shouldFocusError: false,
  });
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const { errors, isSubmitting } = form.formState;
  // Starting (or starting again) replaces the button that was pressed: focus goes to the set-up form, which says
  // what to do next, rather than to the top of the page (WCAG 2.4.3).
  useEffect(() => {
    if (started) formRef.current?.focus();
  }, [started, formRef]);

  const begin = async () => {
    setError(null);
    setStarting(true);
    try {
      const r = await unlessSignedOut(start());
      if (!r.ok) return setError(r.message);
      form.reset({ Code: '' });
      setStarted(r.value);
    } catch {
      setError('The set-up could not be started. Please try again.');
    } finally {
      setStarting(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const r = await unlessSignedOut(confirm(values));
      if (!r.ok) {
        const field = refusalFields(r).Code?.[0];
        if (field) form.setError('Code', { message: field });
        else setError(r.message);
        return focusInvalid();
      }
      setCodes(r.value.RecoveryCodes);
    } catch {
      setError('The code could not be checked. Please try again.');
      focusInvalid();
    }
  }, focusInvalid);

  if (codes) {
    return (
      <div className="flex flex-col gap-3" data-testid="recovery-codes">
        <Alert tone="success">{TWO_FACTOR_MSG.enrolled}</Alert>
        <Heading className="text-base font-semibold text-ink">Your recovery codes</Heading>
        <p className="text-sm">
          Keep these codes somewhere safe, away from your phone. If you lose your phone, each code signs you in once
          instead of a code from the app. They are shown only now.
        </p>
        <RecoveryCodes codes={codes} />
        <div>
          <Button variant="primary" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    );
  }

  if (!started) {
    return (
      <div className="flex flex-col gap-3">
        {error && <Alert tone="error">{error}</Alert>}
        <div>
          <Button variant="primary" onClick={begin} loading={starting} loadingText="Starting…">
            Set up an authenticator app
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      tabIndex={-1}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Set up an authenticator app"
    >
      <FormFields>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
          <li>
            Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or
            1Password).
          </li>
          <li>Scan this QR code with it, or type in the key below.</li>
          <li>Enter the 6-digit code the app then shows.</li>
        </ol>
        <div className="flex flex-col items-start gap-4 sm:flex-row">
          {/* A data URL made on the server: next/image adds nothing here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={started.QrCode}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
            className="rounded-md border border-line bg-white"
          />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <span className="font-medium">Key for typing in</span>
            <code className="break-all font-mono text-base" data-testid="totp-secret" data-secret={started.Secret}>
              {grouped(started.Secret)}
            </code>
            <span className="text-muted">Time-based, 6 digits, every 30 seconds.</span>
          </div>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Code from the app" error={errors.Code?.message} required className="max-w-xs">
          <Input
            {...form.register('Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            spellCheck={false}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Checking…">
            Confirm
          </Button>
          <Button onClick={begin} disabled={isSubmitting || starting}>
            Start again
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
