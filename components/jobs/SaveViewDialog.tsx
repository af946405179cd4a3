'use client';
/**
 * Save view: a name; share with the firm (administrators); open the job list with it. Checked with the
 * server action's own schema (lib/jobs/views-schema.ts); a taken name comes back on its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyRefusal } from '@/components/ops/form-outcome';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Input } from '@/components/ui/Input';
import type { ActionResult } from '@/lib/http/action-result';
import { saveViewSchema, VIEW_NAME_MAX, type SaveViewInput } from '@/lib/jobs/views-schema';

export interface SaveViewDialogProps {
  canShare: boolean;
  /** The list's state (the preference model) to save. */
  state: Record<string, unknown>;
  create: (input: SaveViewInput) => Promise<ActionResult<{ id: number }>>;
  /** saved: the view was saved (the page has been asked to refresh). */
  onClose: (saved: boolean) => void;
}

export function SaveViewDialog({ canShare, state, create, onClose }: SaveViewDialogProps) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SaveViewInput>({
    resolver: zodResolver(saveViewSchema) as never,
    mode: 'onTouched',
    defaultValues: { name: '', state, shared: false, makeDefault: false },
  });
  const { register, handleSubmit, formState, setError } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await create({ ...values, state });
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => p === 'name') ?? null);
    router.refresh();
    onClose(true);
  });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose(false)}
      title="Save view"
      description="Save the list's filters, sort and page size under a name."
      size="sm"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Save view">
        <FormFields>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field label="Name" required error={formState.errors.name?.message}>
            <Input {...register('name')} maxLength={VIEW_NAME_MAX} autoComplete="off" />
          </Field>
          {canShare && (
            <Checkbox
              label="Share with my firm"
              description="Everyone in your firm sees this view."
              {...register('shared')}
            />
          )}
          <Checkbox label="Open the job list with this view" {...register('makeDefault')} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
              Save view
            </Button>
          </div>
        </FormFields>
      </form>
    </Dialog>
  );
}
