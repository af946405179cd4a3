'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { AUTH_MSG, TWO_FACTOR_MSG } from '@/lib/auth/messages';
import type { OtpResendResult } from '@/lib/auth/otp';
import { otpFailureMessage, resendMessage } from '@/lib/auth/messages';
import { afterSignInUrl } from '@/lib/auth/return-url';
import { appCodeFormSchema, otpFormSchema, type OtpForm } from '@/lib/auth/schema';
import { MSG } from '@/lib/messages';
import { pendingOtp, type PendingOtp } from './pending-otp';
import { formatCountdown, useCountdown } from './useCountdown';
import { FormFields } from '@/components/ui/FormFields';
import type { ActionResult } from '@/lib/http/action-result';

export interface OtpDialogProps {
  pending: PendingOtp;
  returnUrl: string | null;
  onClose: () => void;
  onResent: (p: PendingOtp) => void;
  onLocked: () => void;
  resend: (input: { challengeId: string }) => Promise<ActionResult<OtpResendResult>>;
}

/** What the countdown says at one minute left (the e-mailed code, the app's sign-in). */
export const OTP_TIME_MSG = {
  minute: 'One minute left to enter the OTP.',
  appMinute: 'One minute left to enter the code.',
  /** Said with the visible 'OTP Expired…' (not its words again: the dialog holds each message once). */
  expired: 'The OTP has expired. Press Regenerate OTP to have a new one sent.',
  appExpired: 'The time to enter the code is over. Cancel, then sign in again.',
} as const;

/** A message of the dialog, with when it was shown: one from before the code expired is no longer current. */
type Note = { tone: 'error' | 'success'; text: string; at: number } | null;

/** A note stamped with the moment it is shown (called from event handlers, never while rendering). */
function noteNow(tone: 'error' | 'success', text: string): Note {
  return { tone, text, at: Date.now() };
}

/**
 * The sign-in OTP modal (spec §4.3): countdown from the server-given expiry, regenerate, resend. For a user
 * with an authenticator app it asks for the app's code (or a recovery code) and offers to send a code by
 * e-mail instead, which turns it into the e-mailed OTP dialog.
 */
/** What the authenticator app's code step says for a refused code (the e-mailed code keeps the spec's words). */
const appFailure: Record<string, string> = {
  OTP_INVALID: TWO_FACTOR_MSG.codeWrong,
  OTP_USED: TWO_FACTOR_MSG.codeUsed,
  OTP_EXPIRED: AUTH_MSG.signInAgain,
};

export function OtpDialog({ pending, returnUrl, onClose, onResent, onLocked, resend }: OtpDialogProps) {
  // Switching from the app to e-mail starts a fresh form (a resend keeps the dialog and its note).
  return (
    <OtpDialogBody
      key={pending.method}
      pending={pending}
      returnUrl={returnUrl}
      onClose={onClose}
      onResent={onResent}
      onLocked={onLocked}
      resend={resend}
    />
  );
}

function OtpDialogBody({ pending, returnUrl, onClose, onResent, onLocked, resend }: OtpDialogProps) {
  const app = pending.method === 'app';
  const left = useCountdown(pending.deadline);
  const [note, setNote] = useState<Note>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<OtpForm>({
    resolver: zodResolver(app ? appCodeFormSchema : otpFormSchema),
    defaultValues: { otp: '' },
  });
  const expired = left <= 0;
  const codeInput = useRef<HTMLInputElement | null>(null);
  const [refused, setRefused] = useState(false);
  const [focusAsk, setFocusAsk] = useState(0);
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    // Once the field is enabled again after the refused attempt.
    if (focusAsk > 0 && !isSubmitting) codeInput.current?.focus();
  }, [focusAsk, isSubmitting]);
  // The countdown is said at one minute left and at the expiry (WCAG 2.2.1), in the dialog's own polite region.
  const said = expired
    ? app
      ? OTP_TIME_MSG.appExpired
      : OTP_TIME_MSG.expired
    : left <= 60
      ? app
        ? OTP_TIME_MSG.appMinute
        : OTP_TIME_MSG.minute
      : '';
  // Only the current message is shown (spec §8): once the code expires, 'OTP Expired…' replaces whatever was said
  // before ('Successfully OTP sent.', 'Invalid OTP.'); a message after the expiry (a refused regenerate) replaces it.
  const current: Note = note && (!expired || note.at >= pending.deadline) ? note : null;

  const otpField = form.register('otp');
  const verify = form.handleSubmit(async ({ otp }) => {
    setNote(null);
    const res = await signIn('credentials', { redirect: false, challengeId: pending.challengeId, otp });
    if (res?.ok && !res.error) {
      // The authentication handler knows the role from the new session: staff go to /Ops, clients to /JobClient.
      window.location.assign(afterSignInUrl(returnUrl));
      await new Promise(() => undefined);
      return;
    }
    if (res?.error === 'ACCOUNT_LOCKED') {
      onLocked();
      return;
    }
    form.setValue('otp', '');
    const failure = otpFailureMessage(res?.error);
    setNote(noteNow('error', app ? (appFailure[res?.error ?? ''] ?? failure) : failure));
    // A refused code: focus goes back to the (emptied) field, which the message describes (WCAG 3.3.1).
    setRefused(true);
    setFocusAsk((n) => n + 1);
  });

  async function regenerate() {
    setResending(true);
    setNote(null);
    setRefused(false);
    try {
      const answer = await resend({ challengeId: pending.challengeId });
      // A challenge id the schema refused is one that cannot be resent: sign in again.
      const r: OtpResendResult = answer.ok ? answer.value : { status: 'expired' };
      if (r.status === 'locked') return onLocked();
      if (r.status === 'sent') {
        form.reset({ otp: '' });
        onResent(pendingOtp(r));
      }
      setNote(noteNow(r.status === 'sent' ? 'success' : 'error', resendMessage(r)));
    } finally {
      setResending(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={app ? TWO_FACTOR_MSG.appTitle : AUTH_MSG.otpTitle}
      description={app ? TWO_FACTOR_MSG.appPrompt : `${AUTH_MSG.otpSentTo} Reference: ${pending.reference}.`}
      dismissible={false}
      size="sm"
    >
      <form onSubmit={verify} noValidate className="flex flex-col gap-4">
        <FormFields>
          <p className="text-sm" aria-live="off" data-testid="otp-reference" data-reference={pending.reference}>
            {expired ? null : (
              <>
                {app ? 'This sign-in expires in' : 'The OTP expires in'}{' '}
                <span className="font-semibold tabular-nums">{formatCountdown(left)}</span>.
              </>
            )}
          </p>
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="otp-countdown-status">
            {said}
          </p>
          {expired && !current && <Alert tone="warning">{app ? AUTH_MSG.signInAgain : MSG.otpExpired}</Alert>}
          {current && (
            <div id="otp-note">
              <Alert tone={current.tone}>{current.text}</Alert>
            </div>
          )}
          <Field label={app ? 'Code' : 'OTP'} error={errors.otp?.message} required>
            <Input
              {...otpField}
              ref={(el) => {
                otpField.ref(el);
                codeInput.current = el;
              }}
              {...(refused && current?.tone === 'error'
                ? { 'aria-invalid': true, 'aria-describedby': 'otp-note' }
                : {})}
              inputMode={app ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              autoCapitalize={app ? 'characters' : undefined}
              spellCheck={false}
              maxLength={app ? 32 : 6}
              autoFocus
              disabled={isSubmitting}
            />
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="ghost" onClick={regenerate} loading={resending} disabled={isSubmitting}>
              {app ? TWO_FACTOR_MSG.emailInstead : expired ? 'Regenerate OTP' : 'Resend OTP'}
            </Button>
            <div className="flex gap-2">
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Verifying…">
                Verify
              </Button>
            </div>
          </div>
        </FormFields>
      </form>
    </Dialog>
  );
}
