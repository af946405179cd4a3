'use client';
/** The slip data staff keep on a job (LIO number, matter type), validated with the service's own schema. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { unlessSignedOut } from '@/lib/client-side/action';
import { slipDataSchema, type SlipDataInput } from '@/lib/ops/job-schema';
import type { ActionResult } from '@/lib/http/action-result';
import { FormFields } from '@/components/ui/FormFields';

type Output = { lioNumber: string | null; matterType: string | null };

export function SlipDataForm({
  jb,
  initial,
  documentId,
  action,
}: {
  jb: string;
  initial: { lioNumber: string; matterType: string };
  documentId: number | null;
  action: (jb: string, input: unknown) => Promise<ActionResult<string>>;
}) {
  const router = useRouter();
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<SlipDataInput, unknown, Output>({
    resolver: zodResolver(slipDataSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    const r = await unlessSignedOut(action(jb, values));
    if (r.ok) {
      setBanner({ tone: 'success', text: r.value });
      router.refresh();
      return;
    }
    if (r.status !== 404 && r.status !== 403) {
      for (const [name, messages] of Object.entries(r.fields ?? {}))
        if (messages[0] && (name === 'lioNumber' || name === 'matterType')) setError(name, { message: messages[0] });
      setBanner({ tone: 'error', text: r.message });
      return;
    }
    setBanner({ tone: 'error', text: r.status === 404 ? 'Job not found.' : 'You may not change this job.' });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Slip data">
      <FormFields>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="LIO number" id="lioNumber" error={errors.lioNumber?.message}>
            <Input maxLength={100} {...register('lioNumber')} />
          </Field>
          <Field label="Matter type" id="matterType" error={errors.matterType?.message}>
            <Input maxLength={100} {...register('matterType')} />
          </Field>
        </div>
        <p className="text-sm">
          <span className="text-muted">Document id: </span>
          <span data-testid="document-id">{documentId ?? 'none (no source file)'}</span>
        </p>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <div>
          <Button type="submit" loading={isSubmitting} loadingText="Saving…">
            Save slip data
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
