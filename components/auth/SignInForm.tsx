'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import type { OtpResendResult } from '@/lib/auth/otp';
import { changePasswordUrl, passwordStepMessage } from '@/lib/auth/messages';
import type { SignInForm as SignInValues } from '@/lib/auth/schema';
import type { PasswordSignInResult } from '@/lib/auth/signin';
import { lazyResolver } from '@/lib/client-side/lazy-resolver';
import { MSG } from '@/lib/messages';
import { pendingOtp, type PendingOtp } from './pending-otp';
import { FormFields } from '@/components/ui/FormFields';
import type { ActionResult } from '@/lib/http/action-result';

/*
 * What only some sign-ins need is loaded when it is needed (docs/architecture.md "Page weight"): the
 * form's zod schema when a field gets focus (at the latest on submit); the OTP dialog, with next-auth's
 * client and the dialog primitives, while the password step runs; the captcha after failed attempts;
 * the blocked notice when an account is locked.
 */
const signInResolver = lazyResolver<SignInValues>(() =>
  import('@/lib/auth/schema').then((m) => zodResolver(m.signInFormSchema)),
);
const loadOtpDialog = () => import('./OtpDialog');
const OtpDialog = dynamic(() => loadOtpDialog().then((m) => m.OtpDialog), { ssr: false });
const CaptchaWidget = dynamic(() => import('./CaptchaWidget').then((m) => m.CaptchaWidget), { ssr: false });
const BlockedDialog = dynamic(() => import('./BlockedDialog').then((m) => m.BlockedDialog), { ssr: false });

export type PasswordStepAction = (input: SignInValues) => Promise<ActionResult<PasswordSignInResult>>;
export type ResendAction = (input: { challengeId: string }) => Promise<ActionResult<OtpResendResult>>;

export interface SignInFormProps {
  passwordStep: PasswordStepAction;
  resend: ResendAction;
  /** Query messageType=2 (spec §2): the session expired. */
  sessionExpired: boolean;
  /** Query messageType=3: signed out because the account was deactivated. */
  accountDeactivated?: boolean;
  returnUrl: string | null;
  ssoEnabled: boolean;
}

/** The sign-in form (spec §4 sign-in flow): credentials, captcha when required, then the OTP modal. */
export function SignInForm({
  passwordStep,
  resend,
  sessionExpired,
  accountDeactivated = false,
  returnUrl,
  ssoEnabled,
}: SignInFormProps) {
  const form = useForm<SignInValues>({
    resolver: signInResolver.resolver,
    defaultValues: { userName: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [message, setMessage] = useState<string | null>(null);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [pending, setPending] = useState<PendingOtp | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    // Most password steps answer with the OTP dialog: fetch its code meanwhile (never fails the step).
    loadOtpDialog().catch(() => undefined);
    const answer = await passwordStep({ ...values, captcha: captchaRequired ? captcha : null });
    if (captchaRequired) {
      setCaptcha(null);
      setCaptchaKey((k) => k + 1);
    }
    // A form the schema refused (the browser checked it with the same schema): nothing more to say.
    if (!answer.ok) return;
    const r = answer.value;
    setMessage(passwordStepMessage(r));
    switch (r.status) {
      case 'otp':
        setPending(pendingOtp(r));
        break;
      case 'invalid':
        form.setValue('password', '');
        setCaptchaRequired(r.captchaRequired);
        break;
      case 'captcha':
        setCaptchaRequired(true);
        break;
      case 'deactivated':
        form.setValue('password', '');
        break;
      case 'locked':
        form.setValue('password', '');
        setBlocked(true);
        break;
      case 'change-password':
        setRedirecting(true);
        window.location.assign(changePasswordUrl(r.token, r.reason));
        break;
    }
  });

  const ssoHref = `/Authentication?${new URLSearchParams({ sso: '1', ...(returnUrl ? { returnUrl } : {}) }).toString()}`;

  return (
    <div className="flex flex-col gap-5">
      {accountDeactivated ? (
        <Alert tone="info">{MSG.accountDeactivated}</Alert>
      ) : (
        sessionExpired && <Alert tone="info">{MSG.sessionExpired}</Alert>
      )}
      {message && <Alert tone="error">{message}</Alert>}
      <form
        onSubmit={submit}
        onFocus={signInResolver.preload}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Sign in"
      >
        <FormFields>
          <Field label="User name" error={errors.userName?.message} required>
            <Input {...form.register('userName')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
          </Field>
          <Field label="Password" error={errors.password?.message} required>
            <Input {...form.register('password')} type="password" autoComplete="current-password" />
          </Field>
          {captchaRequired && <CaptchaWidget key={captchaKey} onChange={setCaptcha} />}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            loading={isSubmitting || redirecting}
            loadingText="Signing in…"
          >
            Sign in
          </Button>
        </FormFields>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link href="/ForgotPassword" className="text-brand-700 underline-offset-2 hover:underline">
          Forgot password?
        </Link>
        {ssoEnabled && (
          <a href={ssoHref} className="text-brand-700 underline-offset-2 hover:underline">
            Sign in with single sign-on
          </a>
        )}
      </div>
      {pending && (
        <OtpDialog
          pending={pending}
          returnUrl={returnUrl}
          resend={resend}
          onResent={setPending}
          onClose={() => setPending(null)}
          onLocked={() => {
            setPending(null);
            setBlocked(true);
          }}
        />
      )}
      {blocked && <BlockedDialog open onOpenChange={setBlocked} />}
    </div>
  );
}
