'use client';
/**
 * The Feedback and Display feedback modals (spec §2 modals, §3 job feedback): leave a rating from 1 to 5 with
 * comments (validated by the same zod schema as the server), or show the feedback already given. Opened from a
 * job list row's Actions menu and from a delivered job's slip (components/jobs/slip/FeedbackPrompt.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { RadioGroup } from '@/components/ui/RadioGroup';
import { Spinner } from '@/components/ui/Spinner';
import { Textarea } from '@/components/ui/Textarea';
import { Dialog } from '@/components/ui/Dialog';
import { FEEDBACK_MSG } from '@/lib/jobs/feedback-messages';
import {
  FEEDBACK_COMMENTS_MAX,
  FEEDBACK_SCALE,
  feedbackFormSchema,
  type FeedbackDisplay,
  type FeedbackForm,
  type FeedbackFormInput,
} from '@/lib/jobs/feedback-schema';
import type { JobRowView } from '@/lib/jobs/present';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';
import type { FeedbackMode } from './job-columns';
import { FormFields } from '@/components/ui/FormFields';
import { useFocusInvalid } from '@/components/ui/focus-invalid';

export interface FeedbackActions {
  save: (input: FeedbackFormInput) => Promise<ActionResult<string>>;
  load: (jobId: number) => Promise<ActionResult<FeedbackDisplay | null>>;
}

/** The job the dialog is about: a job list's row, or the job of a slip. */
export type FeedbackJob = Pick<JobRowView, 'id' | 'jmsNumber'>;

const FAILED = 'The feedback could not be saved. Please try again.';

function LeaveFeedback({
  row,
  save,
  onSaved,
}: {
  row: FeedbackJob;
  save: FeedbackActions['save'];
  onSaved: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FeedbackFormInput, unknown, FeedbackForm>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: { jobId: row.id, comments: '' },
    shouldFocusError: false,
  });
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // An ended session signs out and comes back to the list (spec §4.5).
      const r = await unlessSignedOut(save(values));
      if (r.ok) onSaved(r.value);
      else {
        setFailure(r.message);
        focusInvalid();
      }
    } catch {
      setFailure(FAILED);
      focusInvalid();
    }
  }, focusInvalid);

  return (
    <form ref={formRef} id="feedback-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Controller
          control={form.control}
          name="feedBack"
          render={({ field }) => (
            <RadioGroup
              legend="Rating"
              name={field.name}
              required
              inline
              options={FEEDBACK_SCALE}
              value={field.value ?? null}
              onValueChange={(v) => field.onChange(Number(v))}
              onBlur={field.onBlur}
              error={errors.feedBack?.message}
            />
          )}
        />
        <Field label="Comments" error={errors.comments?.message}>
          <Textarea maxLength={FEEDBACK_COMMENTS_MAX} showCount rows={4} {...form.register('comments')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Save feedback
          </Button>
        </div>
      </FormFields>
    </form>
  );
}

function ShowFeedback({ row, load }: { row: FeedbackJob; load: FeedbackActions['load'] }) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'done'; feedback: FeedbackDisplay | null } | { status: 'failed' }
  >({ status: 'loading' });
  useEffect(() => {
    let live = true;
    unlessSignedOut(load(row.id)).then(
      (r) => live && setState(r.ok ? { status: 'done', feedback: r.value } : { status: 'failed' }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [load, row.id]);
  if (state.status === 'loading') return <Spinner label="Loading feedback" />;
  if (state.status === 'failed') return <Alert tone="error">The feedback could not be loaded. Please try again.</Alert>;
  if (!state.feedback) return <p>No feedback has been given for this job.</p>;
  const f = state.feedback;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      <dt className="text-muted">Rating</dt>
      <dd data-testid="feedback-rating">
        <span aria-hidden="true" className="text-warning">
          {'★'.repeat(f.feedBack)}
          {'☆'.repeat(5 - f.feedBack)}
        </span>{' '}
        {FEEDBACK_SCALE.find((s) => s.value === f.feedBack)?.label}
      </dd>
      <dt className="text-muted">Comments</dt>
      <dd className="whitespace-pre-wrap">{f.comments || '—'}</dd>
      <dt className="text-muted">Given by</dt>
      <dd>{f.by ? `${f.by}, ${f.at}` : f.at}</dd>
    </dl>
  );
}

export function FeedbackDialog({
  target,
  actions,
  onClose,
  onSaved,
}: {
  target: { row: FeedbackJob; mode: FeedbackMode } | null;
  actions: FeedbackActions;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        target?.mode === 'view'
          ? `Feedback for job ${target.row.jmsNumber}`
          : `Feedback for job ${target?.row.jmsNumber ?? ''}`
      }
      description={target?.mode === 'leave' ? FEEDBACK_MSG.leaveDescription : undefined}
      onCloseAutoFocus={(e) => {
        // Opened from the row's Actions menu, whose item is gone: focus goes back to that row's Actions (WCAG 2.4.3).
        const jms = target?.row.jmsNumber;
        const actions = jms
          ? [...document.querySelectorAll<HTMLElement>(`button[aria-label="Actions for job ${CSS.escape(jms)}"]`)].find(
              (b) => b.getClientRects().length > 0,
            )
          : undefined;
        if (actions) {
          e.preventDefault();
          actions.focus();
        }
      }}
    >
      {target?.mode === 'leave' && (
        <LeaveFeedback key={target.row.id} row={target.row} save={actions.save} onSaved={onSaved} />
      )}
      {target?.mode === 'view' && <ShowFeedback key={target.row.id} row={target.row} load={actions.load} />}
    </Dialog>
  );
}
