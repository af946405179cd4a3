'use client';
/**
 * The user list filters, bound to the URL (lib/users/list-schema.ts USER_PARAM): user name, full name and
 * phone ('contains', debounced 400 ms), the role (0 'Any') and the status (active by default; deactivated users
 * stay findable to be reactivated).
 */
import { TextFilter } from '@/components/list/TextFilter';
import { useListParams } from '@/components/list/useListParams';
import { Field } from '@/components/ui/Field';
import { Select } from '@/components/ui/Select';
import { ROLE_FILTER_OPTIONS, USER_PARAM, USER_STATUS_FILTERS, USER_STATUS_LABELS } from '@/lib/users/list-schema';

function RoleFilter({ id }: { id: string }) {
  const { params, set } = useListParams();
  return (
    <Field label="Role" id={id}>
      <Select
        value={params.get(USER_PARAM.role) ?? '0'}
        options={ROLE_FILTER_OPTIONS}
        onChange={(e) => set({ [USER_PARAM.role]: e.target.value === '0' ? null : e.target.value })}
      />
    </Field>
  );
}

const STATUS_OPTIONS = USER_STATUS_FILTERS.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }));

function StatusFilter({ id }: { id: string }) {
  const { params, set } = useListParams();
  return (
    <Field label="Status" id={id}>
      <Select
        value={params.get(USER_PARAM.status) ?? 'active'}
        options={STATUS_OPTIONS}
        onChange={(e) => set({ [USER_PARAM.status]: e.target.value === 'active' ? null : e.target.value })}
      />
    </Field>
  );
}

export function UserFilters({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <TextFilter id={`${idPrefix}name`} name={USER_PARAM.userName} label="User name" />
      <TextFilter id={`${idPrefix}full`} name={USER_PARAM.fullName} label="Full name" />
      <TextFilter id={`${idPrefix}phone`} name={USER_PARAM.phone} label="Phone" />
      <RoleFilter id={`${idPrefix}role`} />
      <StatusFilter id={`${idPrefix}status`} />
    </>
  );
}
