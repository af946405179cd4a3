'use client';
/** The staff form of a contextual help text (/Ops/Notices): key and text; saving a retired key brings it back. */
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
  HELP_KEY_MAX,
  HELP_VALUE_MAX,
  helpFormSchema,
  type HelpForm as Values,
  type HelpFormInput,
} from '@/lib/notices/manage-schema';
import type { ActionResult } from '@/lib/http/action-result';
import { applyRefusal } from './form-outcome';
import { FormFields } from '@/components/ui/FormFields';

export function HelpForm({ save }: { save: (v: Values) => Promise<ActionResult> }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<HelpFormInput, unknown, Values>({
    resolver: zodResolver(helpFormSchema),
    mode: 'onTouched',
    defaultValues: { Key: '', Value: '' },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const r = await save(values);
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => p === 'Key' || p === 'Value'));
    setSaved(true);
    reset();
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Help text">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        {saved && <Alert tone="success">Help text saved.</Alert>}
        <Field
          label="Key"
          required
          help="The field's help key, e.g. job.matterReference. An existing key is replaced."
          error={formState.errors.Key?.message}
        >
          <Input {...register('Key')} maxLength={HELP_KEY_MAX} />
        </Field>
        <Field label="Text" required error={formState.errors.Value?.message}>
          <Textarea {...register('Value')} maxLength={HELP_VALUE_MAX} rows={3} />
        </Field>
        <div>
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            Save help text
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
