'use client';
/**
 * Create an API key (/Ops/ApiKeys, role 1 only): a name and at least one scope, checked with the server's own
 * schema. The new key is shown once, with a button that copies it; the list under the form refreshes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field, FieldError } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import {
  API_SCOPE_LABELS,
  API_SCOPES,
  apiKeyFormSchema,
  type ApiKeyForm as Values,
  type ApiKeyFormInput,
  type ApiScope,
} from '@/lib/integration/api-key-schema';
import type { ActionResult } from '@/lib/http/action-result';
import { applyRefusal } from './form-outcome';
import { FormFields } from '@/components/ui/FormFields';

type Created = { id: number; name: string; scopes: ApiScope[]; key: string };

export function ApiKeyForm({ create }: { create: (v: Values) => Promise<ActionResult<Created>> }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);
  const form = useForm<ApiKeyFormInput, unknown, Values>({
    resolver: zodResolver(apiKeyFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', scopes: [] },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setCopied(false);
    const r = await create(values);
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => p === 'name' || p === 'scopes'));
    setCreated(r.value);
    reset({ name: '', scopes: [] });
    router.refresh();
  });

  async function copy(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {created && (
        <Alert tone="success" title={`API key “${created.name}” created`}>
          <div className="flex flex-col gap-2">
            <p>Copy the key now and store it in your job-management system: it is not shown again.</p>
            <Field label="The new API key">
              <Input
                readOnly
                value={created.key}
                className="font-mono text-xs"
                onFocus={(ev) => ev.currentTarget.select()}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button size="sm" variant="primary" onClick={() => void copy(created.key)}>
                Copy key
              </Button>
              <span role="status" className="text-sm">
                {copied ? 'Copied.' : ''}
              </span>
            </div>
          </div>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4" aria-label="New API key">
        <FormFields>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field
            label="Name"
            required
            error={e.name?.message}
            help="Which system holds the key, e.g. “Shop floor JMS”."
          >
            <Input {...register('name')} autoComplete="off" />
          </Field>
          <fieldset className="flex flex-col gap-2" aria-describedby={e.scopes ? 'api-key-scopes-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-ink">
              Scopes
              <span className="ml-0.5 text-danger" aria-hidden="true">
                *
              </span>
            </legend>
            {API_SCOPES.map((s) => (
              <Checkbox
                key={s}
                value={s}
                label={<code>{s}</code>}
                description={API_SCOPE_LABELS[s]}
                {...register('scopes')}
              />
            ))}
            {e.scopes && (
              <FieldError id="api-key-scopes-error">{e.scopes.message ?? e.scopes.root?.message}</FieldError>
            )}
          </fieldset>
          <div>
            <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Creating…">
              Create API key
            </Button>
          </div>
        </FormFields>
      </form>
    </div>
  );
}
