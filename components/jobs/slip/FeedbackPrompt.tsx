'use client';
/**
 * "How did we do?" on a delivered job's slip, until the firm has given its feedback: a button opens the job list's
 * Feedback dialog (components/jobs/FeedbackDialog.tsx, the same rules, action and messages). Once saved, the
 * confirmation takes the prompt's place and the focus (not the top of the page, WCAG 2.4.3), and the slip
 * re-renders with the feedback given under it. Not printed.
 */
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FEEDBACK_MSG } from '@/lib/jobs/feedback-messages';
import type { FeedbackActions, FeedbackJob } from '../FeedbackDialog';

/** The dialog's code (the form, its schema) is loaded when the prompt is answered, not with every slip. */
const FeedbackDialog = dynamic(() => import('../FeedbackDialog').then((m) => m.FeedbackDialog), { ssr: false });

export function FeedbackPrompt({
  job,
  given,
  actions,
}: {
  job: FeedbackJob;
  /** Feedback was given already: nothing to ask. */
  given: boolean;
  actions: FeedbackActions;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) confirmation.current?.focus();
  }, [saved]);

  if (saved)
    return (
      <div ref={confirmation} tabIndex={-1} className="no-print rounded-md" data-testid="feedback-saved">
        <Alert tone="success">{saved}</Alert>
      </div>
    );
  if (given) return null;
  const titleId = `feedback-prompt-${job.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className="no-print flex flex-wrap items-center gap-3 rounded-lg border border-line bg-brand-50 px-4 py-3"
    >
      <div className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1">
        <h2 id={titleId} className="text-base font-semibold text-ink">
          {FEEDBACK_MSG.promptTitle}
        </h2>
        <p className="text-sm text-ink">{FEEDBACK_MSG.promptText}</p>
      </div>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {FEEDBACK_MSG.leave}
      </Button>
      {open && (
        <FeedbackDialog
          target={{ row: job, mode: 'leave' }}
          actions={actions}
          onClose={() => setOpen(false)}
          onSaved={(message) => {
            setOpen(false);
            setSaved(message);
            // The feedback given shows under the confirmation (and the prompt never comes back).
            router.refresh();
          }}
        />
      )}
    </section>
  );
}
