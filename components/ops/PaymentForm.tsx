'use client';
/**
 * Record a payment (/Ops/Invoices/Payment): the invoice numbers it pays (in that order), the date, the
 * amount and a reference. A part payment leaves the rest owing; an invoice paid in full moves to Paid and the
 * client gets a receipt. Same schema as the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Input } from '@/components/ui/Input';
import { useFocusInvalid } from '@/components/ui/focus-invalid';
import type { ActionResult } from '@/lib/http/action-result';
import { paymentSchema, type PaymentForm as Values, type PaymentInput } from '@/lib/invoices/payment-schema';
import { applyRefusal } from './form-outcome';

export function PaymentForm({
  initial,
  save,
}: {
  initial: PaymentInput;
  save: (v: Values) => Promise<ActionResult<{ summary: string }>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PaymentInput, unknown, Values>({
    resolver: zodResolver(paymentSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: initial,
  });
  const { register, handleSubmit, formState, setError } = form;
  const e = formState.errors;
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await save(values);
    if (!r.ok) {
      setFailure(applyRefusal(r, setError, (p) => /^(InvoiceNumbers|PaymentDate|Amount|Reference)$/.test(p)));
      return focusInvalid();
    }
    router.push(`/Ops/Invoices?msg=2&paid=${encodeURIComponent(r.value.summary)}`);
  }, focusInvalid);
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-6">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Invoice numbers"
            required
            className="sm:col-span-2"
            help="One or more invoices of one client, separated by commas. The payment is applied in this order, each invoice up to what it owes."
            error={e.InvoiceNumbers?.message}
          >
            <Input {...register('InvoiceNumbers')} autoComplete="off" />
          </Field>
          <Field label="Payment date" required error={e.PaymentDate?.message}>
            <Input type="date" {...register('PaymentDate')} />
          </Field>
          <Field label="Amount" required help="Less than what is owed is a part payment." error={e.Amount?.message}>
            <Input inputMode="decimal" {...register('Amount')} autoComplete="off" />
          </Field>
          <Field label="Reference" help="E.g. the bank transfer's reference." error={e.Reference?.message}>
            <Input {...register('Reference')} autoComplete="off" maxLength={100} />
          </Field>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Recording…">
            Record payment
          </Button>
          <Link href="/Ops/Invoices" className={buttonClasses()}>
            Cancel
          </Link>
        </div>
      </FormFields>
    </form>
  );
}
