'use client';
/**
 * The supplier's details on every invoice (/Ops/Invoices/Supplier): legal name, ABN, address, contact,
 * bank details, GST rate, logo and the days payment reminders are sent. The logo is read in the browser into a data: URL and checked by the same
 * schema as the server (PNG or JPEG, at most 200 KB).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { Input } from '@/components/ui/Input';
import { Textarea } from '@/components/ui/Textarea';
import { useFocusInvalid } from '@/components/ui/focus-invalid';
import type { ActionResult } from '@/lib/http/action-result';
import {
  LOGO_MAX_BYTES,
  SUPPLIER_MSG,
  supplierSchema,
  type SupplierForm as Values,
  type SupplierInput,
} from '@/lib/invoices/supplier-schema';
import { MAIL_BRAND_COLOUR } from '@/lib/mail/colour';
import { applyRefusal } from './form-outcome';

export function SupplierForm({
  initial,
  logoSrc,
  save,
}: {
  initial: SupplierInput;
  logoSrc: string | null;
  save: (v: Values) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [preview, setPreview] = useState<string | null>(logoSrc);
  const form = useForm<SupplierInput, unknown, Values>({
    resolver: zodResolver(supplierSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: initial,
  });
  const { register, handleSubmit, formState, setError, setValue, clearErrors } = form;
  const e = formState.errors;
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  const onLogo = (file: File | undefined) => {
    clearErrors('Logo');
    if (!file) return setValue('Logo', '');
    if (file.size > LOGO_MAX_BYTES || !['image/png', 'image/jpeg'].includes(file.type)) {
      setValue('Logo', '');
      return setError('Logo', { type: 'client', message: SUPPLIER_MSG.logo });
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      setValue('Logo', url, { shouldValidate: true });
      setPreview(url);
    };
    reader.readAsDataURL(file);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    const r = await save(values);
    if (!r.ok) {
      setFailure(applyRefusal(r, setError, (p) => p in initial));
      return focusInvalid();
    }
    setSaved(true);
    router.refresh();
  }, focusInvalid);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-6">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        {saved && <Alert tone="success">The supplier details have been saved. Every invoice shows them now.</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Legal name" required error={e.LegalName?.message}>
            <Input {...register('LegalName')} autoComplete="organization" />
          </Field>
          <Field label="ABN" required help="11 digits, as registered." error={e.Abn?.message}>
            <Input {...register('Abn')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field label="Address" required className="sm:col-span-2" error={e.Address?.message}>
            <Textarea {...register('Address')} rows={3} maxLength={400} />
          </Field>
          <Field label="Accounts e-mail" error={e.Email?.message}>
            <Input type="email" {...register('Email')} autoComplete="email" />
          </Field>
          <Field label="Phone" error={e.Phone?.message}>
            <Input type="tel" {...register('Phone')} autoComplete="tel" />
          </Field>
          <Field label="Bank account name" required error={e.BankAccountName?.message}>
            <Input {...register('BankAccountName')} autoComplete="off" />
          </Field>
          <Field label="BSB" required error={e.BankBsb?.message}>
            <Input {...register('BankBsb')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field label="Account number" required error={e.BankAccountNumber?.message}>
            <Input {...register('BankAccountNumber')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            label="GST rate (%)"
            required
            help="Applied to each line of new invoices, rounded to the cent (half a cent up)."
            error={e.GstRate?.message}
          >
            <Input {...register('GstRate')} inputMode="decimal" autoComplete="off" />
          </Field>
          <Field
            label="Logo"
            help="PNG or JPEG, at most 200 KB. Leave empty to keep the current logo."
            error={e.Logo?.message}
          >
            <Input type="file" accept="image/png,image/jpeg" onChange={(ev) => onLogo(ev.currentTarget.files?.[0])} />
          </Field>
          <div className="flex flex-col gap-2">
            {preview ? (
              // A data: URL: next/image adds nothing here.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={preview} alt="Current logo" className="h-14 w-auto max-w-40 object-contain" />
            ) : (
              <p className="text-sm text-muted">No logo yet.</p>
            )}
            {logoSrc ? <Checkbox label="Remove the logo" {...register('RemoveLogo')} /> : null}
          </div>
          <Field
            label="E-mail colour"
            help={`The colour of the e-mails' buttons and header, as # and six hexadecimal digits. White text must be readable on it. Leave empty for the portal's colour (${MAIL_BRAND_COLOUR}).`}
            error={e.BrandColour?.message}
          >
            <Input {...register('BrandColour')} placeholder={MAIL_BRAND_COLOUR} autoComplete="off" spellCheck={false} />
          </Field>
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Payment reminders</legend>
          <p className="text-sm text-muted sm:col-span-2">
            On these days the firm’s billing contacts are e-mailed a reminder with the invoice, until it is paid. Leave
            a box empty for no reminders on that side of the due date.
          </p>
          <Field
            label="Days before the due date"
            help="Whole days, separated by commas (e.g. 3)."
            error={e.ReminderDaysBefore?.message}
          >
            <Input {...register('ReminderDaysBefore')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            label="Days after the due date"
            help="Whole days, separated by commas (e.g. 1, 7, 14)."
            error={e.ReminderDaysAfter?.message}
          >
            <Input {...register('ReminderDaysAfter')} inputMode="numeric" autoComplete="off" />
          </Field>
        </fieldset>
        <div>
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            Save supplier details
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
