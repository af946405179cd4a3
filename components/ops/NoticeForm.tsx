'use client';
/**
 * The staff notice form (/Ops/Notices): title, content, and an optional start and end in the staff member's
 * time zone. The schema is the one the server action parses. Changing the title or content shows the notice
 * again to users who dismissed it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { Textarea } from '@/components/ui/Textarea';
import {
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  noticeFormSchema,
  type NoticeForm as Values,
  type NoticeFormInput,
} from '@/lib/notices/manage-schema';
import type { ActionResult } from '@/lib/http/action-result';
import { applyRefusal } from './form-outcome';
import { FormFields } from '@/components/ui/FormFields';

const FIELDS = new Set(['Title', 'Content', 'StartsAt', 'EndsAt']);

export function NoticeForm({
  initial,
  timeZone,
  save,
}: {
  initial: NoticeFormInput | null;
  timeZone: string;
  save: (v: Values) => Promise<ActionResult<{ id: number }>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<NoticeFormInput, unknown, Values>({
    resolver: zodResolver(noticeFormSchema),
    mode: 'onTouched',
    defaultValues: initial ?? { NoticeId: 0, Title: '', Content: '', StartsAt: '', EndsAt: '' },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const r = await save(values);
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => FIELDS.has(p)));
    setSaved(true);
    if (!initial?.NoticeId) reset();
    router.refresh();
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={initial?.NoticeId ? 'Edit notice' : 'New notice'}
    >
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        {saved && <Alert tone="success">Notice saved.</Alert>}
        <Field label="Title" required error={e.Title?.message}>
          <Input {...register('Title')} maxLength={NOTICE_TITLE_MAX} />
        </Field>
        <Field label="Content" required error={e.Content?.message}>
          <Textarea {...register('Content')} maxLength={NOTICE_CONTENT_MAX} rows={4} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Show from" help={`Empty: at once. Time zone ${timeZone}.`} error={e.StartsAt?.message}>
            <Input type="datetime-local" {...register('StartsAt')} />
          </Field>
          <Field label="Show until" help="Empty: until retired." error={e.EndsAt?.message}>
            <Input type="datetime-local" {...register('EndsAt')} />
          </Field>
        </div>
        <div>
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            {initial?.NoticeId ? 'Save notice' : 'Create notice'}
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
