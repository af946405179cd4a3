'use client';
/**
 * The job list filters (spec §3 job list query): JMS number, matter/ref, description, contact name and client
 * name ('contains', debounced 400 ms), the status multi-select, the time created / due / delivered buckets, and
 * "Only my jobs" (the viewer's own: ordered by them or naming them as contact).
 * Rendered twice: in the desktop filter row and in the mobile filter and sort panel (idPrefix keeps ids unique).
 */
import { useState } from 'react';
import { useSyncedText } from '@/components/list/useParamText';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { FILTER_MAX, JOB_PARAM, MINE_HINT, MINE_LABEL, type JobListQuery } from '@/lib/jobs/list-schema';
import {
  TIME_CREATED_FILTERS,
  TIME_DELIVERED_FILTERS,
  TIME_DUE_FILTERS,
  type TimeBucket,
} from '@/lib/jobs/time-filters';
import { StatusFilter } from './StatusFilter';
import { useJobListParams } from './useJobListParams';

type TextKey = 'jmsNumber' | 'matterReference' | 'description' | 'contactName' | 'clientName';
type TimeKey = 'timeCreated' | 'timeDue' | 'timeDelivered';

/**
 * One 'contains' filter. Typing shows at once and applies after the debounce; a change of the list's state from
 * elsewhere (Reset filters, the back button, the same filter in the mobile panel) shows in the box, unless the
 * user is still typing in it (components/list/useParamText.ts `useSyncedText`, as for the other lists).
 */
function TextFilter({ id, field, label }: { id: string; field: TextKey; label: string }) {
  const { state, setList } = useJobListParams();
  const name = JOB_PARAM[field];
  const { value, onChange } = useSyncedText(state.query[field], (v) => setList({ [name]: v.trim() || null }));
  return (
    <Field label={label} id={id}>
      <Input type="search" value={value} maxLength={FILTER_MAX} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

function TimeFilter({
  id,
  field,
  label,
  buckets,
}: {
  id: string;
  field: TimeKey;
  label: string;
  buckets: readonly TimeBucket[];
}) {
  const { state, setList } = useJobListParams();
  const name = JOB_PARAM[field];
  return (
    <Field label={label} id={id}>
      <Select
        value={String(state.query[field])}
        options={buckets.map((b) => ({ value: b.id, label: b.label }))}
        onChange={(e) => setList({ [name]: e.target.value === '0' ? null : e.target.value })}
      />
    </Field>
  );
}

/**
 * "Only my jobs". The box shows a click at once, while the list it asks for is on its way; a change of the list's
 * state from elsewhere (Reset filters, the back button, the same box in the mobile panel) shows in it.
 */
function MineFilter({ id }: { id: string }) {
  const { state, setList } = useJobListParams();
  const current = state.query.mine;
  const [shown, setShown] = useState({ from: current, checked: current });
  // Adjusting state while rendering (React's pattern for "state derived from a changed prop").
  if (shown.from !== current) setShown({ from: current, checked: current });
  return (
    <Checkbox
      id={id}
      className="self-end pb-1"
      label={MINE_LABEL}
      description={MINE_HINT}
      checked={shown.checked}
      onChange={(e) => {
        setShown({ from: current, checked: e.target.checked });
        setList({ [JOB_PARAM.mine]: e.target.checked ? '1' : null });
      }}
    />
  );
}

/** `oneMatter`: the list of one matter (its page), where a matter or client-name box could narrow nothing. */
export function JobFilters({ idPrefix, oneMatter = false }: { idPrefix: string; oneMatter?: boolean }) {
  const { state, setList } = useJobListParams();
  const statuses: JobListQuery['statuses'] = state.query.statuses;
  return (
    <>
      <TextFilter id={`${idPrefix}jms`} field="jmsNumber" label="JMS number" />
      {!oneMatter && <TextFilter id={`${idPrefix}matter`} field="matterReference" label="Matter/Ref" />}
      <TextFilter id={`${idPrefix}desc`} field="description" label="Description" />
      <TextFilter id={`${idPrefix}contact`} field="contactName" label="Contact name" />
      {!oneMatter && <TextFilter id={`${idPrefix}client`} field="clientName" label="Client name" />}
      <StatusFilter id={`${idPrefix}status`} value={statuses} onChange={(s) => setList({ [JOB_PARAM.statuses]: s })} />
      <TimeFilter id={`${idPrefix}created`} field="timeCreated" label="Time logged" buckets={TIME_CREATED_FILTERS} />
      <TimeFilter id={`${idPrefix}due`} field="timeDue" label="Time due" buckets={TIME_DUE_FILTERS} />
      <TimeFilter
        id={`${idPrefix}delivered`}
        field="timeDelivered"
        label="Time delivered"
        buckets={TIME_DELIVERED_FILTERS}
      />
      <MineFilter id={`${idPrefix}mine`} />
    </>
  );
}
