'use client';
/**
 * 'New Job is saved successfully.' (spec §2 /JobClient?messageType=1&jb=…), naming the job number as a link to its
 * slip, with the View Job Slip button (a new tab that offers to print).
 */
import { useEffect, useRef } from 'react';
import { useListParams } from '@/components/list/useListParams';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { MSG } from '@/lib/messages';

export function SavedJobBanner({
  slipHref,
  jobHref,
  jmsNumber,
}: {
  slipHref: string;
  jobHref: string;
  jmsNumber: string | null;
}) {
  const { set } = useListParams();
  // A saved job lands here: focus goes to the confirmation, not the top of the page (WCAG 2.4.3).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className="rounded-md" data-testid="saved-job-banner">
      <Alert
        tone="success"
        action={
          <>
            <a
              href={slipHref}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ size: 'sm', variant: 'primary' })}
            >
              View Job Slip
            </a>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => set({ messageType: null, jb: null }, { resetPage: false })}
            >
              Dismiss
            </Button>
          </>
        }
      >
        {MSG.jobSaved}
        {jmsNumber && (
          <>
            {' '}
            Job number{' '}
            <a href={jobHref} className="font-semibold">
              {jmsNumber}
            </a>
            .
          </>
        )}
      </Alert>
    </div>
  );
}
