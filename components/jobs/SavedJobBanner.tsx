'use client';
/** 'New Job is saved successfully.' with a View Job Slip button (spec §2 /JobClient?messageType=1&jb=…). */
import { useListParams } from '@/components/list/useListParams';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { MSG } from '@/lib/messages';

export function SavedJobBanner({ slipHref }: { slipHref: string }) {
  const { set } = useListParams();
  return (
    <Alert
      tone="success"
      action={
        <>
          <a href={slipHref} target="_blank" rel="noopener" className={buttonClasses({ size: 'sm', variant: 'primary' })}>
            View Job Slip
          </a>
          <Button size="sm" variant="ghost" onClick={() => set({ messageType: null, jb: null }, { resetPage: false })}>
            Dismiss
          </Button>
        </>
      }
    >
      {MSG.jobSaved}
    </Alert>
  );
}
