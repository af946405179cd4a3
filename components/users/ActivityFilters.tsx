'use client';
/** The activity filters, bound to the URL (lib/audit/activity-schema.ts ACTIVITY_PARAM): user, kind of event, from and to (days). */
import { useListParams } from '@/components/list/useListParams';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { ACTIVITY_KIND_OPTIONS, ACTIVITY_PARAM } from '@/lib/audit/activity-schema';

export function ActivityFilters({
  idPrefix,
  users,
}: {
  idPrefix: string;
  users: readonly { id: number; label: string }[];
}) {
  const { params, set } = useListParams();
  const day = (name: string, label: string) => (
    <Field label={label} id={`${idPrefix}${name}`}>
      <Input type="date" value={params.get(name) ?? ''} onChange={(e) => set({ [name]: e.target.value || null })} />
    </Field>
  );
  return (
    <>
      <Field label="User" id={`${idPrefix}user`}>
        <Select
          value={params.get(ACTIVITY_PARAM.user) ?? ''}
          options={[{ value: '', label: 'Anyone' }, ...users.map((u) => ({ value: String(u.id), label: u.label }))]}
          onChange={(e) => set({ [ACTIVITY_PARAM.user]: e.target.value || null })}
        />
      </Field>
      <Field label="Kind of event" id={`${idPrefix}kind`}>
        <Select
          value={params.get(ACTIVITY_PARAM.kind) ?? ''}
          options={ACTIVITY_KIND_OPTIONS}
          onChange={(e) => set({ [ACTIVITY_PARAM.kind]: e.target.value || null })}
        />
      </Field>
      {day(ACTIVITY_PARAM.from, 'From')}
      {day(ACTIVITY_PARAM.to, 'To')}
    </>
  );
}
