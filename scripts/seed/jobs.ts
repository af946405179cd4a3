/**
 * Set-based job generation (generate_series): the demo data set and `db:seed -- --jobs N`
 * both use it. One INSERT … SELECT per batch, so a million jobs load in minutes.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { SAMPLE_BLOCKS } from './samples';

export interface GenerateJobsOptions {
  clientId: number;
  /** First and last value of the series (distinct ranges give distinct data). */
  from: number;
  to: number;
  /** User ids of the client, spread over created-by. */
  userIds: number[];
  branches: { id: number; address: string }[];
  /** Created-at is spread over this many seconds before now. */
  spreadSeconds: number;
  /** Matter references to draw from (those of the client). */
  matterReferences: string[];
  costEstimates: string[];
  timeZone?: string;
}

const pgArray = (xs: (string | number)[]) =>
  `{${xs.map((x) => (typeof x === 'number' ? String(x) : `"${x.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

const NAMES = [
  'Olivia Chen',
  'James Wright',
  'Priya Natarajan',
  'Liam O’Connor',
  'Sofia Rossi',
  'Noah Williams',
  'Mei Tanaka',
  'Ethan Brown',
  'Amelia Jones',
  'Lucas Martin',
  'Grace Kelly',
  'Henry Nguyen',
];
const WORDS = [
  'discovery bundle',
  'affidavit exhibits',
  'subpoena material',
  'trial folders',
  'court book',
  'witness statements',
  'expert reports',
  'tender bundle',
  'pleadings',
  'correspondence',
  'board minutes',
  'contracts review',
  'hearing copies',
  'mediation bundle',
  'chronology',
  'index of documents',
  'medical records',
  'financial records',
  'site photographs',
  'transcripts',
];

export async function generateJobs(q: Queryable, o: GenerateJobsOptions): Promise<number> {
  const blocks = JSON.stringify([1, 2, 3, 4, 5, 6, 7, 8].map((t) => SAMPLE_BLOCKS[t] ?? null));
  await q.execute(sql`
    insert into jobs (client_id, order_type, status, description, contact_name, email, contact_phone,
      after_hour_contact_number, cost_estimate_number, matter_reference, client_branch_address_id, address,
      ready_at, due_at, delivered_at, time_zone, instructions, number_of_copies, what_to_collect,
      instruction_block, lio_number, created_by_id, last_modified_by_id, status_last_modified_by_id,
      created_at, updated_at, status_updated_at)
    select ${o.clientId}, s.ot, s.st,
      (array['Appeal Book','Court Copy','Copy','Data Processing','Print','Scan','Consulting','Court'])[s.ot] || ' – ' || (${pgArray(WORDS)}::text[])[1 + (s.g * 13) % ${WORDS.length}],
      s.contact,
      lower(replace(replace(s.contact, ' ', '.'), '’', '')) || '@example.com',
      '(02)9' || lpad(((s.g * 7919) % 10000000)::text, 7, '0'),
      case when s.g % 3 = 0 then '04' || lpad(((s.g * 104723) % 100000000)::text, 8, '0') end,
      case when s.g % 4 = 0 then (${pgArray(o.costEstimates.length ? o.costEstimates : [''])}::text[])[1 + s.g % ${Math.max(1, o.costEstimates.length)}] end,
      (${pgArray(o.matterReferences)}::text[])[1 + (s.g * 31) % ${o.matterReferences.length}],
      (${pgArray(o.branches.map((b) => b.id))}::int[])[1 + s.g % ${o.branches.length}],
      (${pgArray(o.branches.map((b) => b.address))}::text[])[1 + s.g % ${o.branches.length}],
      s.created + interval '1 hour',
      s.created + interval '1 hour' + make_interval(hours => 2 + (s.g % 70)::int),
      case when s.st = 8 then s.created + interval '1 hour' + make_interval(hours => 1 + (s.g % 70)::int) end,
      ${o.timeZone ?? 'Australia/Sydney'},
      case when s.g % 2 = 0 then 'Please call on arrival at reception. Handle originals with care.' end,
      case when s.ot in (1, 2, 3, 5) then (1 + s.g % 5)::int end,
      case when s.ot in (3, 6) then (1 + s.g % 6)::text || ' archive boxes from level ' || (1 + s.g % 30)::text end,
      (${blocks}::jsonb) -> (s.ot - 1),
      'LIO-' || lpad(s.g::text, 7, '0'),
      s.uid, s.uid, s.uid,
      s.created, s.created, s.created
    from (
      select g, (1 + g % 8)::int as ot,
        (array[15,12,6,9,1,2,7,4,14,8,3,13,10])[1 + ((g * 7) % 13)] as st,
        (${pgArray(NAMES)}::text[])[1 + (g * 5) % ${NAMES.length}] as contact,
        (${pgArray(o.userIds)}::int[])[1 + g % ${o.userIds.length}] as uid,
        now() - make_interval(secs => ((g * 104729) % ${Math.max(1, o.spreadSeconds)})::double precision) as created
      from generate_series(${o.from}::bigint, ${o.to}::bigint) g
    ) s`);
  return o.to - o.from + 1;
}
