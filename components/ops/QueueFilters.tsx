'use client';
/**
 * The staff queue's filters: client, status (several), order type, due (overdue, today, this week), logged today,
 * owner (mine, a staff user, unassigned) and one text box
 * (debounced 400 ms). Each writes its URL parameter (lib/ops/queue-schema.ts QUEUE_PARAM); the server renders the list.
 * Rendered twice: in the desktop filter row and in the mobile filter and sort panel (idPrefix keeps ids unique).
 */
import { StatusFilter } from '@/components/jobs/StatusFilter';
import { TextFilter } from '@/components/list/TextFilter';
import { useListParams } from '@/components/list/useListParams';
import { Field } from '@/components/ui/Field';
import { Select } from '@/components/ui/Select';
import {
  ASSIGNEE_MINE,
  ASSIGNEE_NONE,
  DUE_FILTERS,
  LOGGED_FILTERS,
  QUEUE_PARAM,
  type QueueClientOption,
  type QueueQuery,
} from '@/lib/ops/queue-schema';
import { ORDER_TYPES } from '@/lib/reference';

export interface QueueFiltersProps {
  idPrefix: string;
  query: QueueQuery;
  clients: QueueClientOption[];
  staff: { id: number; name: string }[];
}

export function QueueFilters({ idPrefix, query, clients, staff }: QueueFiltersProps) {
  const { set } = useListParams();
  return (
    <>
      <TextFilter id={`${idPrefix}text`} name={QUEUE_PARAM.text} label="Search" placeholder="Job, matter, contact" />
      <Field label="Client" id={`${idPrefix}client`}>
        <Select
          value={query.clientId === null ? '' : String(query.clientId)}
          options={[
            { value: '', label: 'All clients' },
            ...clients.map((c) => ({ value: String(c.id), label: c.suspended ? `${c.name} (suspended)` : c.name })),
          ]}
          onChange={(e) => set({ [QUEUE_PARAM.clientId]: e.target.value || null })}
        />
      </Field>
      <StatusFilter
        id={`${idPrefix}status`}
        value={query.statuses}
        onChange={(s) => set({ [QUEUE_PARAM.statuses]: s })}
      />
      <Field label="Job type" id={`${idPrefix}type`}>
        <Select
          value={query.orderType === null ? '' : String(query.orderType)}
          options={[
            { value: '', label: 'Any type' },
            ...ORDER_TYPES.map((t) => ({ value: String(t.id), label: t.name })),
          ]}
          onChange={(e) => set({ [QUEUE_PARAM.orderType]: e.target.value || null })}
        />
      </Field>
      <Field label="Due" id={`${idPrefix}due`}>
        <Select
          value={query.due}
          options={DUE_FILTERS.map((d) => ({ value: d.id, label: d.label }))}
          onChange={(e) => set({ [QUEUE_PARAM.due]: e.target.value || null })}
        />
      </Field>
      <Field label="Logged" id={`${idPrefix}logged`}>
        <Select
          value={query.logged}
          options={LOGGED_FILTERS.map((d) => ({ value: d.id, label: d.label }))}
          onChange={(e) => set({ [QUEUE_PARAM.logged]: e.target.value || null })}
        />
      </Field>
      <Field label="Owner" id={`${idPrefix}owner`}>
        <Select
          value={query.assignee}
          options={[
            { value: '', label: 'Anyone' },
            { value: ASSIGNEE_MINE, label: 'Mine' },
            { value: ASSIGNEE_NONE, label: 'Unassigned (open jobs)' },
            ...staff.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          onChange={(e) => set({ [QUEUE_PARAM.assignee]: e.target.value || null })}
        />
      </Field>
    </>
  );
}
