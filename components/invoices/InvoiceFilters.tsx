'use client';
/**
 * The invoice list filters, bound to the URL (lib/invoices/schema.ts INVOICE_PARAM): JMS number,
 * matter reference and invoice number ('contains', debounced), amount (an exact amount or a range, typed through
 * the decimal key filter of spec §5 and checked with the same schema as the server before it is applied) and the
 * issue-date bucket.
 */
import { TextFilter } from '@/components/list/TextFilter';
import { useListParams } from '@/components/list/useListParams';
import { useParamText } from '@/components/list/useParamText';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { decimalRangeKeys } from '@/components/ui/key-filters';
import { Select } from '@/components/ui/Select';
import {
  amountFilterSchema,
  INVOICE_PARAM,
  INVOICE_PAYMENT_FILTERS,
  INVOICE_PAYMENT_LABELS,
  ISSUE_DATE_FILTERS,
  TEXT_FILTER_MAX,
} from '@/lib/invoices/schema';

/** Applied only when it is an amount or a range; otherwise the field says why (once the user pauses). */
function AmountFilter({ id }: { id: string }) {
  const { set } = useListParams();
  const { value, editing, onChange } = useParamText(INVOICE_PARAM.amount, (v) => {
    if (amountFilterSchema.safeParse(v).success) set({ [INVOICE_PARAM.amount]: v.trim() || null });
  });
  const check = amountFilterSchema.safeParse(value);
  const error = editing || check.success ? undefined : check.error.issues[0]?.message;
  return (
    <Field label="Amount" id={id} error={error} help="e.g. 125.50 or 100-500">
      <Input
        type="search"
        inputMode="decimal"
        value={value}
        maxLength={TEXT_FILTER_MAX}
        onKeyDown={decimalRangeKeys}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function IssueDateFilter({ id }: { id: string }) {
  const { params, set } = useListParams();
  return (
    <Field label="Issue date" id={id}>
      <Select
        value={params.get(INVOICE_PARAM.issueDate) ?? '0'}
        options={ISSUE_DATE_FILTERS.map((f) => ({ value: f.id, label: f.text }))}
        onChange={(e) => set({ [INVOICE_PARAM.issueDate]: e.target.value === '0' ? null : e.target.value })}
      />
    </Field>
  );
}

function StatusFilter({ id }: { id: string }) {
  const { params, set } = useListParams();
  return (
    <Field label="Status" id={id}>
      <Select
        value={params.get(INVOICE_PARAM.payment) ?? ''}
        options={[
          { value: '', label: 'Any' },
          ...INVOICE_PAYMENT_FILTERS.map((f) => ({ value: f, label: INVOICE_PAYMENT_LABELS[f] })),
        ]}
        onChange={(e) => set({ [INVOICE_PARAM.payment]: e.target.value || null })}
      />
    </Field>
  );
}

export function InvoiceFilters({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <TextFilter id={`${idPrefix}jms`} name={INVOICE_PARAM.jmsNumber} label="JMS number" />
      <TextFilter id={`${idPrefix}matter`} name={INVOICE_PARAM.matterReference} label="Matter reference" />
      <TextFilter id={`${idPrefix}inv`} name={INVOICE_PARAM.invoiceNumber} label="Invoice number" />
      <AmountFilter id={`${idPrefix}amount`} />
      <IssueDateFilter id={`${idPrefix}issued`} />
      <StatusFilter id={`${idPrefix}status`} />
    </>
  );
}
