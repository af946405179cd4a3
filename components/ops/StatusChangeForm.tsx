'use client';
/**
 * Moves a job to its next status (lib/jobs/workflow-rules.ts): the allowed next statuses, an optional comment and
 * who may see it. The form validates with the service's own schema; the server's refusal (409: not allowed, or
 * changed meanwhile) shows on the status field. The status the page showed travels along, so a change made by
 * someone else meanwhile is refused instead of overwritten. Delivered with no delivered file is refused by the
 * service until the person confirms it: the form then asks once, and sends the change again with the confirmation.
 * After a change focus moves to its outcome, the success banner at the top of the panel, which is also said through
 * the page's live region. The banner keeps its place in the tree whichever branch renders under it, so it keeps focus
 * (and is said once) when the page's refresh swaps the form for the "cannot change status" line (Delivered); the
 * confirmation dialog, closing after a yes, hands focus to it too instead of to the button that opened the dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { RadioGroup } from '@/components/ui/RadioGroup';
import { Select } from '@/components/ui/Select';
import { Textarea } from '@/components/ui/Textarea';
import { unlessSignedOut } from '@/lib/client-side/action';
import {
  STATUS_COMMENT_MAX,
  statusChangeSchema,
  WORKFLOW_MSG,
  type StatusChange,
  type StatusChangeInput,
} from '@/lib/jobs/workflow-rules';
import type { ActionResult } from '@/lib/http/action-result';
import { statusLabel } from '@/lib/reference';
import { FormFields } from '@/components/ui/FormFields';

export interface StatusChangeFormProps {
  jb: string;
  status: number;
  allowedNext: readonly number[];
  action: (jb: string, input: unknown) => Promise<ActionResult<string>>;
}

export function StatusChangeForm({ jb, status, allowedNext, action }: StatusChangeFormProps) {
  const router = useRouter();
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  /** The change waiting for "Set to Delivered" in the no-delivered-file question. */
  const [asking, setAsking] = useState<StatusChange | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** The success banner, which takes focus after a change. */
  const outcome = useRef<HTMLDivElement>(null);
  /** Whether the last attempt succeeded: a confirmation dialog closing then gives focus to the outcome. */
  const succeeded = useRef(false);
  /**
   * Set by a change that succeeded: the status it was made from. Until the page's refresh brings the new status,
   * focus that is on the page itself or still in this panel is put on the outcome after each render.
   */
  const focusOutcome = useRef<number | null>(null);
  const form = useForm<StatusChangeInput, unknown, StatusChange>({
    resolver: zodResolver(statusChangeSchema),
    defaultValues: { toStatus: '', comment: '', visibility: 'client', expectedStatus: status },
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    const from = focusOutcome.current;
    const el = outcome.current;
    if (from === null || !el) return;
    const now = document.activeElement;
    const dropped = !now || now === document.body || !now.isConnected;
    if (dropped || (panel.current?.contains(now) && !el.contains(now))) el.focus();
    if (status !== from) focusOutcome.current = null;
  });

  async function send(values: StatusChange, confirmNoDeliverable: boolean): Promise<void> {
    setBanner(null);
    succeeded.current = false;
    const r = await unlessSignedOut(
      action(jb, { ...values, expectedStatus: status, ...(confirmNoDeliverable ? { confirmNoDeliverable } : {}) }),
    );
    if (r.ok) {
      succeeded.current = true;
      focusOutcome.current = status;
      setBanner({ tone: 'success', text: r.value });
      reset({ toStatus: '', comment: '', visibility: 'client' });
      router.refresh();
      return;
    }
    if (r.status === 409 && r.fields?.confirmNoDeliverable && !confirmNoDeliverable) {
      setAsking(values);
      return;
    }
    if (r.status !== 404 && r.status !== 403) {
      for (const [name, messages] of Object.entries(r.fields ?? {})) {
        if (messages[0] && (name === 'toStatus' || name === 'comment' || name === 'visibility'))
          setError(name, { message: messages[0] });
      }
      setBanner({ tone: 'error', text: r.message });
      return;
    }
    setBanner({
      tone: 'error',
      text: r.status === 404 ? 'Job not found.' : 'You may not change the status of this job.',
    });
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => handleSubmit((values) => send(values, false))(e);

  return (
    <div ref={panel} className="flex flex-col gap-3">
      {banner?.tone === 'success' && (
        <div ref={outcome} tabIndex={-1} className="rounded-md">
          <Alert tone="success">{banner.text}</Alert>
        </div>
      )}
      {allowedNext.length === 0 ? (
        <div className="flex flex-col gap-3">
          {banner?.tone === 'error' && <Alert tone="error">{banner.text}</Alert>}
          <p className="text-sm text-muted">A job that is {statusLabel(status)} cannot change status.</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Change status">
          <FormFields>
            <Field label="New status" id="toStatus" error={errors.toStatus?.message} required>
              <Select
                placeholder="Choose…"
                options={allowedNext.map((s) => ({ value: String(s), label: statusLabel(s) }))}
                {...register('toStatus')}
              />
            </Field>
            <Field
              label="Comment"
              id="comment"
              error={errors.comment?.message}
              help="Optional. Shown in the job's comment history."
            >
              <Textarea rows={3} maxLength={STATUS_COMMENT_MAX} showCount {...register('comment')} />
            </Field>
            <RadioGroup
              legend="Who may see the comment?"
              options={[
                { value: 'client', label: 'The client and staff' },
                { value: 'internal', label: 'Staff only (internal)' },
              ]}
              inline
              error={errors.visibility?.message}
              {...register('visibility')}
            />
            {banner?.tone === 'error' && <Alert tone="error">{banner.text}</Alert>}
            <div>
              <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
                Change status
              </Button>
            </div>
          </FormFields>
        </form>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title="Set to Delivered without a file?"
        message={WORKFLOW_MSG.noDeliverable}
        confirmLabel="Set to Delivered"
        onConfirm={async () => {
          if (asking) await send(asking, true);
        }}
        onCloseAutoFocus={(e) => {
          // Confirmed and done: to the outcome; cancelled or refused: back to "Change status".
          if (succeeded.current && outcome.current) {
            e.preventDefault();
            outcome.current.focus();
          }
        }}
      />
    </div>
  );
}
