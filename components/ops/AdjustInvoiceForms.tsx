'use client';
/**
 * /Ops/Invoices/Adjust: "Void" (only for an invoice with no payment and no adjustment note; a reason, then the
 * house confirmation dialog) and "Issue adjustment note" (an amount incl. GST and a reason). Same schemas as the
 * server; a refusal shows on its field or above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Input } from '@/components/ui/Input';
import { Textarea } from '@/components/ui/Textarea';
import { useFocusInvalid } from '@/components/ui/focus-invalid';
import type { ActionResult } from '@/lib/http/action-result';
import {
  creditNoteSchema,
  REASON_MAX,
  voidInvoiceSchema,
  type CreditNoteForm as CreditValues,
  type CreditNoteInput,
  type VoidInvoiceForm as VoidValues,
  type VoidInvoiceInput,
} from '@/lib/invoices/credit-note-schema';
import { applyRefusal } from './form-outcome';

const back = (message: string) => `/Ops/Invoices?msg=3&done=${encodeURIComponent(message)}`;

export function VoidInvoiceForm({
  invoiceNumber,
  amount,
  save,
}: {
  invoiceNumber: string;
  /** The invoice's total, formatted. */
  amount: string;
  save: (v: VoidValues) => Promise<ActionResult<string>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<VoidValues | null>(null);
  const form = useForm<VoidInvoiceInput, unknown, VoidValues>({
    resolver: zodResolver(voidInvoiceSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { InvoiceNumber: invoiceNumber, Reason: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    setAsking(values);
  }, focusInvalid);
  async function confirm() {
    if (!asking) return;
    const r = await save(asking);
    setAsking(null);
    if (!r.ok) {
      setFailure(applyRefusal(r, setError, (p) => p === 'Reason'));
      focusInvalid();
      return;
    }
    router.push(back(r.value));
  }
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="flex max-w-3xl flex-col gap-4"
      aria-labelledby="void-heading"
    >
      <FormFields>
        <h2 id="void-heading" className="text-lg font-semibold">
          Void
        </h2>
        <p className="text-sm">
          A void invoice owes nothing, its jobs can be invoiced again, and the firm is e-mailed the reason. It cannot be
          undone.
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Reason for the void" required error={formState.errors.Reason?.message}>
          <Textarea {...register('Reason')} rows={3} maxLength={REASON_MAX} />
        </Field>
        <div>
          <Button type="submit" variant="danger">
            Void invoice
          </Button>
        </div>
      </FormFields>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(o) => (o ? undefined : setAsking(null))}
        title="Void invoice"
        message={`Void invoice ${invoiceNumber} of ${amount}? The firm is told it owes nothing. This cannot be undone.`}
        confirmLabel="Void invoice"
        cancelLabel="Cancel"
        tone="danger"
        onConfirm={confirm}
      />
    </form>
  );
}

export function CreditNoteForm({
  invoiceNumber,
  creditable,
  save,
}: {
  invoiceNumber: string;
  /** What may still be credited, formatted. */
  creditable: string;
  save: (v: CreditValues) => Promise<ActionResult<string>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreditNoteInput, unknown, CreditValues>({
    resolver: zodResolver(creditNoteSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { InvoiceNumber: invoiceNumber, Amount: '', Reason: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const e = formState.errors;
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await save(values);
    if (!r.ok) {
      setFailure(applyRefusal(r, setError, (p) => /^(Amount|Reason)$/.test(p)));
      return focusInvalid();
    }
    router.push(back(r.value));
  }, focusInvalid);
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="flex max-w-3xl flex-col gap-4"
      aria-labelledby="credit-heading"
    >
      <FormFields>
        <h2 id="credit-heading" className="text-lg font-semibold">
          Issue adjustment note
        </h2>
        <p className="text-sm">
          Credits all or part of the invoice (up to {creditable}). The firm is e-mailed the adjustment note as a PDF.
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Amount incl. GST"
            required
            help="The GST in it follows the invoice's."
            error={e.Amount?.message}
          >
            <Input inputMode="decimal" {...register('Amount')} autoComplete="off" />
          </Field>
          <Field label="Reason" required className="sm:col-span-2" error={e.Reason?.message}>
            <Textarea {...register('Reason')} rows={3} maxLength={REASON_MAX} />
          </Field>
        </div>
        <div>
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Issuing…">
            Issue adjustment note
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
