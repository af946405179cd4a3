'use client';
/**
 * The webhook endpoint form (/Ops/Webhooks/Edit, role 1 only): the URL, a description and the events. The schema
 * is the server's (lib/webhooks/schema.ts). After a save: the endpoint's page (its signing secret, its log).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { encodeParam } from '@/lib/encoding';
import type { ActionResult } from '@/lib/http/action-result';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookEndpointFormSchema,
  type WebhookEndpointForm as Values,
  type WebhookEndpointFormInput,
} from '@/lib/webhooks/schema';
import { applyRefusal } from './form-outcome';
import { FormFields } from '@/components/ui/FormFields';

const FIELDS = new Set(['url', 'description', 'events']);

export function WebhookEndpointForm({
  initial,
  save,
}: {
  initial: (WebhookEndpointFormInput & { id: number }) | null;
  save: (v: Values) => Promise<ActionResult<{ id: number; created: boolean }>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<WebhookEndpointFormInput, unknown, Values>({
    resolver: zodResolver(webhookEndpointFormSchema),
    mode: 'onTouched',
    defaultValues: initial
      ? { url: initial.url, description: initial.description, events: initial.events }
      : { url: '', description: '', events: [...WEBHOOK_EVENTS] },
  });
  const { register, handleSubmit, formState, setError } = form;
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await save(values);
    if (!r.ok) return setFailure(applyRefusal(r, setError, (p) => FIELDS.has(p)));
    router.push(`/Ops/Webhooks/Endpoint?eD=${encodeParam(r.value.id)}&msg=${r.value.created ? 1 : 2}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field
          label="URL"
          required
          error={e.url?.message}
          help="Where the events are POSTed, e.g. https://jms.example.com/portal-events."
        >
          <Input type="url" {...register('url')} autoComplete="off" inputMode="url" />
        </Field>
        <Field label="Description" error={e.description?.message}>
          <Input {...register('description')} autoComplete="off" />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <Checkbox key={ev} value={ev} label={ev} description={WEBHOOK_EVENT_LABELS[ev]} {...register('events')} />
          ))}
          {e.events && (
            <p role="alert" className="text-sm text-danger">
              {e.events.message ?? e.events.root?.message}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            {initial ? 'Save endpoint' : 'Create endpoint'}
          </Button>
          <Link href="/Ops/Webhooks" className={buttonClasses()}>
            Cancel
          </Link>
        </div>
      </FormFields>
    </form>
  );
}
