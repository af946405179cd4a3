'use client';
/**
 * Issue an invoice (/Ops/Invoices/New): the client, the JMS numbers of its jobs, number (empty: the next of the
 * client's series, given when issued), issue and due date,
 * currency and the line items (stock code, description, quantity, amount). EZ999 is sheets of paper: a whole
 * quantity, added up on the invoice slip. The total is the sum of the lines. Same schema as the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Field, FieldError } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { invoiceIssueSchema, type InvoiceIssue as Values, type InvoiceIssueInput } from '@/lib/invoices/issue-schema';
import { formatMoney } from '@/lib/invoices/money';
import { formatRate, invoiceTotals } from '@/lib/invoices/gst';
import type { ActionResult } from '@/lib/http/action-result';
import { SHEETS_STOCK_CODE } from '@/lib/reference';
import { applyRefusal } from './form-outcome';
import { useFocusInvalid } from '@/components/ui/focus-invalid';
import { FormFields } from '@/components/ui/FormFields';

const EMPTY_LINE = { ExtStockId: '', Description: '', Quantity: '', Amount: '' };

export function InvoiceForm({
  clients,
  initialClientId,
  initialJobs,
  today,
  draft = null,
  gstRateBp,
  nextNumber = null,
  save,
}: {
  clients: readonly { id: number; name: string; accountNumber: string }[];
  initialClientId: number | null;
  initialJobs: string;
  /** yyyy-MM-dd in the staff member's time zone. */
  today: string;
  /** "Invoice these jobs": the client, jobs, a priced line per job, due date and next number, all editable. */
  draft?: InvoiceIssueInput | null;
  /** The supplier's GST rate (basis points), for the totals shown while typing. */
  gstRateBp: number;
  /** The number the draft's client's next invoice will get (given when issued), or null. */
  nextNumber?: string | null;
  save: (v: Values) => Promise<ActionResult<{ invoiceNumber: string }>>;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InvoiceIssueInput, unknown, Values>({
    resolver: zodResolver(invoiceIssueSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: draft ?? {
      ClientId: initialClientId ?? Number.NaN,
      InvoiceNumber: '',
      JobNumbers: initialJobs,
      IssueDate: today,
      DueDate: today,
      CurrencyCode: 'AUD',
      Lines: [{ ...EMPTY_LINE }],
    },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const e = formState.errors;
  const lines = useFieldArray({ control, name: 'Lines' });
  const watched = useWatch({ control, name: 'Lines' }) ?? [];
  const currency = String(useWatch({ control, name: 'CurrencyCode' }) ?? 'AUD').toUpperCase();
  // The same GST rule as the server (lib/invoices/gst.ts), on the lines as typed so far.
  const typed = watched
    .map((l) =>
      String(l?.Amount ?? '')
        .trim()
        .replace(/,/g, ''),
    )
    .filter((a) => /^\d{1,10}(\.\d{1,2})?$/.test(a));
  const totals = invoiceTotals(
    typed.map((amount) => ({ amount })),
    gstRateBp,
  );
  const sheets = watched
    .filter(
      (l) =>
        String(l?.ExtStockId ?? '')
          .trim()
          .toUpperCase() === SHEETS_STOCK_CODE,
    )
    .reduce((s, l) => s + (Number(String(l?.Quantity ?? '').replace(/,/g, '')) || 0), 0);
  const money = (v: string) => {
    try {
      return formatMoney(v, /^[A-Z]{3}$/.test(currency) ? currency : 'AUD');
    } catch {
      return v;
    }
  };

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = await save(values);
    if (!r.ok) {
      setFailure(
        applyRefusal(r, setError, (p) =>
          /^(ClientId|InvoiceNumber|JobNumbers|IssueDate|DueDate|CurrencyCode|Lines)(\.|$)/.test(p),
        ),
      );
      return focusInvalid();
    }
    router.push(`/Ops/Invoices?msg=1&q=${encodeURIComponent(r.value.invoiceNumber)}`);
  }, focusInvalid);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex max-w-4xl flex-col gap-6">
      <FormFields>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Client" required error={e.ClientId?.message}>
            <Select
              {...register('ClientId', { valueAsNumber: true })}
              placeholder="Choose a client"
              options={clients.map((c) => ({ value: c.id, label: `${c.name} (${c.accountNumber})` }))}
            />
          </Field>
          <Field
            label="Job numbers"
            required
            help="One or more JMS numbers of this client, separated by commas."
            error={e.JobNumbers?.message}
          >
            <Input {...register('JobNumbers')} autoComplete="off" />
          </Field>
          <Field
            label="Invoice number"
            help={
              nextNumber
                ? `Leave empty for the next number of the client's series: ${nextNumber}.`
                : "Leave empty for the next number of the client's series."
            }
            error={e.InvoiceNumber?.message}
          >
            <Input {...register('InvoiceNumber')} autoComplete="off" />
          </Field>
          <Field label="Currency" required error={e.CurrencyCode?.message}>
            <Input {...register('CurrencyCode')} maxLength={3} autoComplete="off" />
          </Field>
          <Field label="Issue date" required error={e.IssueDate?.message}>
            <Input type="date" {...register('IssueDate')} />
          </Field>
          <Field label="Due date" required error={e.DueDate?.message}>
            <Input type="date" {...register('DueDate')} />
          </Field>
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">Line items</legend>
          <p className="text-sm text-muted">
            Stock code {SHEETS_STOCK_CODE} is sheets of paper: enter the number of sheets as its quantity.
          </p>
          {e.Lines?.message && <FieldError>{e.Lines.message}</FieldError>}
          {e.Lines?.root?.message && <FieldError>{e.Lines.root.message}</FieldError>}
          {lines.fields.map((f, i) => (
            <div
              key={f.id}
              className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_1fr_1fr_auto]"
            >
              <Field label={`Line ${i + 1} stock code`} required error={e.Lines?.[i]?.ExtStockId?.message}>
                <Input {...register(`Lines.${i}.ExtStockId`)} autoComplete="off" />
              </Field>
              <Field label={`Line ${i + 1} description`} required error={e.Lines?.[i]?.Description?.message}>
                <Input {...register(`Lines.${i}.Description`)} autoComplete="off" />
              </Field>
              <Field label={`Line ${i + 1} quantity`} required error={e.Lines?.[i]?.Quantity?.message}>
                <Input inputMode="decimal" {...register(`Lines.${i}.Quantity`)} autoComplete="off" />
              </Field>
              <Field label={`Line ${i + 1} amount excl. GST`} required error={e.Lines?.[i]?.Amount?.message}>
                <Input inputMode="decimal" {...register(`Lines.${i}.Amount`)} autoComplete="off" />
              </Field>
              <div className="flex items-end pb-1">
                {lines.fields.length > 1 && (
                  <Button size="sm" variant="ghost" onClick={() => lines.remove(i)} aria-label={`Remove line ${i + 1}`}>
                    Remove
                  </Button>
                )}
              </div>
            </div>
          ))}
          <div>
            <Button size="sm" onClick={() => lines.append({ ...EMPTY_LINE })}>
              Add line
            </Button>
          </div>
          <p className="text-sm" aria-live="polite">
            Before GST <strong>{money(totals.subtotal)}</strong>, GST {formatRate(gstRateBp)}{' '}
            <strong>{money(totals.gst)}</strong>, total <strong>{money(totals.total)}</strong>; sheets of paper{' '}
            <strong>{sheets}</strong>
          </p>
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Issuing…">
            Issue invoice
          </Button>
          <Link href="/Ops/Invoices" className={buttonClasses()}>
            Cancel
          </Link>
        </div>
      </FormFields>
    </form>
  );
}
