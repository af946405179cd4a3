'use client';
/**
 * The client form: new (/Ops/Clients/New) or edit (/Ops/Clients/Edit, `initial` holds the stored values with
 * the Id of each existing row): name, account number, branch addresses (label, address, ExtClientBranchId,
 * the default one), processing cities and cost estimates, each list with Add and Remove. The schema is the one
 * the server action parses; on success the client's page opens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Field, FieldError } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { clientFormSchema, type ClientForm as Values, type ClientFormInput } from '@/lib/clients/schema';
import type { ActionResult } from '@/lib/http/action-result';
import { applyRefusal } from './form-outcome';
import { FormFields } from '@/components/ui/FormFields';

const EMPTY_BRANCH = { Label: '', Address: '', ExtClientBranchId: '', IsDefault: false };
const EMPTY_ESTIMATE = { Number: '', Description: '', Amount: '' };

const EMPTY_CLIENT: ClientFormInput = {
  Name: '',
  AccountNumber: '',
  Branches: [{ ...EMPTY_BRANCH, IsDefault: true }],
  ProcessingCities: [{ Name: '' }],
  CostEstimates: [],
};

export function ClientForm({
  save,
  initial,
  cancelHref,
}: {
  save: (v: Values) => Promise<ActionResult<{ href: string }>>;
  initial?: ClientFormInput;
  cancelHref?: string;
}) {
  const editing = initial?.ClientId !== undefined;
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ClientFormInput, unknown, Values>({
    resolver: zodResolver(clientFormSchema),
    mode: 'onTouched',
    defaultValues: initial ?? EMPTY_CLIENT,
  });
  const { register, handleSubmit, formState, setError, control, setValue, getValues } = form;
  const e = formState.errors;
  const branches = useFieldArray({ control, name: 'Branches' });
  const cities = useFieldArray({ control, name: 'ProcessingCities' });
  const estimates = useFieldArray({ control, name: 'CostEstimates' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await save(values);
    if (!r.ok)
      return setFailure(
        applyRefusal(r, setError, (p) => /^(Name|AccountNumber|Branches|ProcessingCities|CostEstimates)(\.|$)/.test(p)),
      );
    router.push(r.value.href);
  });

  /** One default branch: ticking one unticks the others. */
  function chooseDefault(index: number) {
    getValues('Branches').forEach((_, i) => setValue(`Branches.${i}.IsDefault`, i === index));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-4xl flex-col gap-6">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Client name" required error={e.Name?.message}>
            <Input {...register('Name')} autoComplete="off" />
          </Field>
          <Field
            label="Account number"
            required
            error={e.AccountNumber?.message}
            help="Sent to the payments page as acno."
          >
            <Input {...register('AccountNumber')} autoComplete="off" />
          </Field>
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">Branch addresses</legend>
          {e.Branches?.root?.message && <FieldError>{e.Branches.root.message}</FieldError>}
          {e.Branches?.message && <FieldError>{e.Branches.message}</FieldError>}
          {branches.fields.map((f, i) => (
            <div
              key={f.id}
              className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_1fr_auto]"
            >
              <Field label={`Branch ${i + 1} label`} required error={e.Branches?.[i]?.Label?.message}>
                <Input {...register(`Branches.${i}.Label`)} />
              </Field>
              <Field label={`Branch ${i + 1} address`} required error={e.Branches?.[i]?.Address?.message}>
                <Input {...register(`Branches.${i}.Address`)} />
              </Field>
              <Field label={`Branch ${i + 1} ExtClientBranchId`} error={e.Branches?.[i]?.ExtClientBranchId?.message}>
                <Input {...register(`Branches.${i}.ExtClientBranchId`)} />
              </Field>
              <div className="flex flex-wrap items-end gap-3 pb-1">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="default-branch"
                    defaultChecked={f.IsDefault}
                    onChange={() => chooseDefault(i)}
                    className="size-4"
                  />
                  Default<span className="sr-only"> branch: branch {i + 1}</span>
                </label>
                {branches.fields.length > 1 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => branches.remove(i)}
                    aria-label={`Remove branch ${i + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
            </div>
          ))}
          <div>
            <Button size="sm" onClick={() => branches.append({ ...EMPTY_BRANCH })}>
              Add branch
            </Button>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">Processing cities</legend>
          {e.ProcessingCities?.message && <FieldError>{e.ProcessingCities.message}</FieldError>}
          {e.ProcessingCities?.root?.message && <FieldError>{e.ProcessingCities.root.message}</FieldError>}
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {cities.fields.map((f, i) => (
              <div key={f.id} className="flex items-end gap-2">
                <Field
                  className="flex-1"
                  label={`City ${i + 1}`}
                  required
                  error={e.ProcessingCities?.[i]?.Name?.message}
                >
                  <Input {...register(`ProcessingCities.${i}.Name`)} />
                </Field>
                {cities.fields.length > 1 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => cities.remove(i)}
                    aria-label={`Remove city ${i + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
            ))}
          </div>
          <div>
            <Button size="sm" onClick={() => cities.append({ Name: '' })}>
              Add city
            </Button>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">Cost estimates</legend>
          {estimates.fields.length === 0 && (
            <p className="text-sm text-muted">
              None yet. Jobs can quote a cost estimate number only when it is listed here.
            </p>
          )}
          {estimates.fields.map((f, i) => (
            <div key={f.id} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-[1fr_2fr_1fr_auto]">
              <Field label={`Estimate ${i + 1} number`} required error={e.CostEstimates?.[i]?.Number?.message}>
                <Input inputMode="numeric" {...register(`CostEstimates.${i}.Number`)} />
              </Field>
              <Field label={`Estimate ${i + 1} description`} error={e.CostEstimates?.[i]?.Description?.message}>
                <Input {...register(`CostEstimates.${i}.Description`)} />
              </Field>
              <Field label={`Estimate ${i + 1} amount`} error={e.CostEstimates?.[i]?.Amount?.message}>
                <Input inputMode="decimal" {...register(`CostEstimates.${i}.Amount`)} />
              </Field>
              <div className="flex items-end pb-1">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => estimates.remove(i)}
                  aria-label={`Remove estimate ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            </div>
          ))}
          <div>
            <Button size="sm" onClick={() => estimates.append({ ...EMPTY_ESTIMATE })}>
              Add cost estimate
            </Button>
          </div>
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            variant="primary"
            loading={formState.isSubmitting}
            loadingText={editing ? 'Saving…' : 'Creating…'}
          >
            {editing ? 'Save changes' : 'Create client'}
          </Button>
          <Link href={cancelHref ?? '/Ops/Clients'} className={buttonClasses()}>
            Cancel
          </Link>
        </div>
      </FormFields>
    </form>
  );
}
