'use client';
/**
 * Settings "Billing contacts" for client administrators: who receives the firm's invoices, receipts, credit notes and
 * payment reminders. Addresses one per line (the firm's users or any other mailbox, such as accounts payable);
 * empty: the firm's administrators. The same schema validates here and in the server action; each change is audited.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormFields } from '@/components/ui/FormFields';
import { FormSection } from '@/components/ui/FormSection';
import { Textarea } from '@/components/ui/Textarea';
import { useFocusInvalid } from '@/components/ui/focus-invalid';
import { unlessSignedOut } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';
import {
  BILLING_CONTACTS_MSG,
  billingContactsSchema,
  MAX_BILLING_CONTACTS,
  type BillingContactsInput,
} from '@/lib/invoices/billing-contacts-schema';

export function BillingContactsForm(p: {
  initial: BillingContactsInput;
  /** Who receives the firm's billing mail now. */
  current: string[];
  save: (values: BillingContactsInput) => Promise<ActionResult<{ changed: boolean }>>;
}) {
  const router = useRouter();
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<BillingContactsInput>({
    resolver: zodResolver(billingContactsSchema, undefined, { raw: true }),
    defaultValues: p.initial,
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const r = await unlessSignedOut(p.save(values));
      if (!r.ok) {
        const m = refusalFields(r).BillingContacts?.[0];
        if (m) setError('BillingContacts', { message: m });
        setBanner({ tone: 'error', text: BILLING_CONTACTS_MSG.notSaved });
        return focusInvalid();
      }
      setBanner({ tone: 'success', text: r.value.changed ? BILLING_CONTACTS_MSG.saved : 'Nothing changed.' });
      router.refresh();
    } catch {
      setBanner({ tone: 'error', text: BILLING_CONTACTS_MSG.notSaved });
      focusInvalid();
    }
  }, focusInvalid);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Billing contacts" className="flex flex-col gap-4">
      <FormFields>
        <FormSection
          title="Billing contacts"
          description="Who receives your organisation's invoices (with the PDF), receipts, credit notes and payment reminders."
          columns={1}
        >
          <Field
            label="Billing contacts' e-mail addresses"
            id="BillingContacts"
            error={errors.BillingContacts?.message}
            help={`One per line, at most ${MAX_BILLING_CONTACTS}: your users or another mailbox, such as accounts payable. Leave it empty to send them to your organisation's administrators.`}
          >
            <Textarea rows={3} maxLength={4000} {...register('BillingContacts')} />
          </Field>
          <p className="text-sm text-muted break-words">
            {p.current.length ? `Sent now to: ${p.current.join(', ')}.` : 'Nobody receives them now.'}
          </p>
        </FormSection>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <div>
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Save billing contacts
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
