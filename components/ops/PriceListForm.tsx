'use client';
/**
 * A client's price list and payment terms (/Ops/Invoices/Prices): a unit price before GST per order type
 * with the stock code and description of the invoice line it makes, and the days from issue to due date. "Invoice
 * these jobs" prices its lines from here. Same schema as the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, FieldError } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { useFocusInvalid } from '@/components/ui/focus-invalid';
import type { ActionResult } from '@/lib/http/action-result';
import { priceListSchema, type PriceList as Values, type PriceListInput } from '@/lib/invoices/prices-schema';
import { ORDER_TYPES } from '@/lib/reference';
import { applyRefusal } from './form-outcome';

export function PriceListForm({
  initial,
  save,
}: {
  initial: PriceListInput;
  save: (v: Values) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<PriceListInput, unknown, Values>({
    resolver: zodResolver(priceListSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: initial,
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const e = formState.errors;
  const rows = useFieldArray({ control, name: 'Prices' });
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const r = await save(values);
    if (!r.ok) {
      setFailure(applyRefusal(r, setError, (p) => /^(PaymentTermsDays|Prices)(\.|$)/.test(p)));
      return focusInvalid();
    }
    setSaved(true);
    router.refresh();
  }, focusInvalid);
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex max-w-4xl flex-col gap-6">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        {saved && <Alert tone="success">The price list has been saved.</Alert>}
        <Field
          label="Payment terms (days)"
          required
          help="A new invoice is due this many days after its issue date."
          error={e.PaymentTermsDays?.message}
          className="max-w-xs"
        >
          <Input inputMode="numeric" {...register('PaymentTermsDays')} autoComplete="off" />
        </Field>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">Prices per order type</legend>
          {e.Prices?.message && <FieldError>{e.Prices.message}</FieldError>}
          {rows.fields.map((f, i) => (
            <div
              key={f.id}
              className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_1fr_auto]"
            >
              <Field label={`Price ${i + 1} order type`} required error={e.Prices?.[i]?.OrderType?.message}>
                <Select
                  {...register(`Prices.${i}.OrderType`, { valueAsNumber: true })}
                  options={ORDER_TYPES.map((t) => ({ value: t.id, label: t.name }))}
                />
              </Field>
              <Field label={`Price ${i + 1} stock code`} required error={e.Prices?.[i]?.ExtStockId?.message}>
                <Input {...register(`Prices.${i}.ExtStockId`)} autoComplete="off" />
              </Field>
              <Field label={`Price ${i + 1} description`} required error={e.Prices?.[i]?.Description?.message}>
                <Input {...register(`Prices.${i}.Description`)} autoComplete="off" />
              </Field>
              <Field label={`Price ${i + 1} unit price excl. GST`} required error={e.Prices?.[i]?.UnitPrice?.message}>
                <Input inputMode="decimal" {...register(`Prices.${i}.UnitPrice`)} autoComplete="off" />
              </Field>
              <div className="flex items-end pb-1">
                <Button size="sm" variant="ghost" onClick={() => rows.remove(i)} aria-label={`Remove price ${i + 1}`}>
                  Remove
                </Button>
              </div>
            </div>
          ))}
          <div>
            <Button
              size="sm"
              onClick={() =>
                rows.append({
                  OrderType:
                    ORDER_TYPES.find((t) => !form.getValues('Prices').some((p) => Number(p.OrderType) === t.id))?.id ??
                    1,
                  ExtStockId: '',
                  Description: '',
                  UnitPrice: '',
                })
              }
            >
              Add price
            </Button>
          </div>
        </fieldset>
        <div>
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            Save price list
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
