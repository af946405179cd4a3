'use client';
/**
 * Moves a job to its next status (lib/jobs/workflow-rules.ts): the allowed next statuses, an optional comment and
 * who may see it. The form validates with the service's own schema; the server's refusal (409: not allowed, or
 * changed meanwhile) shows on the status field. The status the page showed travels along, so a change made by
 * someone else meanwhile is refused instead of overwritten.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { RadioGroup } from '@/components/ui/RadioGroup';
import { Select } from '@/components/ui/Select';
import { Textarea } from '@/components/ui/Textarea';
import { unlessSignedOut } from '@/lib/client-side/action';
import {
  STATUS_COMMENT_MAX,
  statusChangeSchema,
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

  if (allowedNext.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <p className="text-sm text-muted">A job that is {statusLabel(status)} cannot change status.</p>
      </div>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    const r = await unlessSignedOut(action(jb, { ...values, expectedStatus: status }));
    if (r.ok) {
      setBanner({ tone: 'success', text: r.value });
      reset({ toStatus: '', comment: '', visibility: 'client' });
      router.refresh();
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
  });

  return (
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
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <div>
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Change status
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
