/**
 * Cloning (spec §2 /SaveJob?jb=…, §4 "Job save and list"): the new-job form pre-filled from an earlier job of
 * the SAME client. Another client's job, a missing one and a malformed jb all answer null (the page then shows
 * the empty form with a calm notice). The saved clone gets InternalInstructions 'Cloned by client from job
 * {number}' and a copy of the source file — both decided by saveJob from the verified source job.
 *
 * Ready and due dates are not copied: the earlier job's are in the past and would fail the step-one rules, so
 * the form starts from the usual defaults (now, and the default due time of §9).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { isClientActor, type Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { tryDecodeId } from '@/lib/encoding';
import { legacyBlockFields } from './instruction-block';
import { fromLegacyOrder } from './legacy-order';
import { defaultJobOrder, type JobOrderInput } from './schema';
import { actorTimeZone } from './save';
import { courtContextFor } from './save-context';
import { byLegacyName } from '@/lib/job-fields';
import { getJobForClient } from './slip';
import { isRecord } from '@/lib/core/guards';

export interface CloneSource {
  sourceJobId: number;
  jmsNumber: string;
  /** The complete form values (defaults for whatever the source does not hold). */
  values: JobOrderInput;
  /** The source job's source files, oldest first: the form asks which to copy; only those are copied. */
  files: { id: number; fileName: string; size: number }[];
}

const BLOCK_KEYS = ['copyInstructions', 'appealBook', 'courtCopy', 'ePrintInstructions', 'eScanInstructions'] as const;

/** Form values over defaults; blocks merge one level deep, so a block keeps defaults for what it lacks. */
export function mergeOrderValues(defaults: JobOrderInput, values: Record<string, unknown>): JobOrderInput {
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    const base = out[k];
    out[k] = (BLOCK_KEYS as readonly string[]).includes(k) && isRecord(base) && isRecord(v) ? { ...base, ...v } : v;
  }
  return out as JobOrderInput;
}

/** The clone source for an encoded jb of the actor's client, or null (missing, foreign, malformed). */
export async function loadCloneSource(actor: Actor, jb: string | null | undefined): Promise<CloneSource | null> {
  if (!isClientActor(actor)) return null;
  const id = tryDecodeId(jb);
  if (id === null) return null;
  const row = await getJobForClient(actor, id);
  if (!row) return null;

  const legacy: Record<string, unknown> = {
    OrderType: row.orderType,
    ContactName: row.contactName,
    Email: row.email,
    ContactPhone: row.contactPhone,
    AfterHourContactNumber: row.afterHourContactNumber ?? '',
    CostEstimateNumber: row.costEstimateNumber ?? '',
    MatterReference: row.matterReference,
    ClientBranchAddressId: row.clientBranchAddressId ?? '',
    ...byLegacyName((f) => row[f.key] ?? ''),
    Instructions: row.instructions ?? '',
    NumberOfCopies: row.numberOfCopies ?? '',
    WhatToCollect: row.whatToCollect ?? '',
    CopyAsOriginal: row.copyAsOriginal,
    ...legacyBlockFields(row.orderType, row.instructionBlock),
  };
  const values = fromLegacyOrder(legacy);
  if (isRecord(values.courtCopy)) {
    Object.assign(values.courtCopy, await courtContextFor(values.courtCopy.location, values.courtCopy.courtNew));
  }
  const defaults = defaultJobOrder({ now: now(), timeZone: actorTimeZone(actor) });
  return {
    sourceJobId: row.id,
    jmsNumber: row.jmsNumber,
    values: mergeOrderValues(defaults, { ...values, sourceJobId: row.id }),
    files: row.documents.map((d) => ({ id: d.id, fileName: d.fileName, size: d.size })),
  };
}

/**
 * An amendment: the job's own values, its dates included (in the job's zone, as the form types them),
 * for the same form and the same validation. Null for a job that is not the actor's client's.
 */
export async function loadAmendSource(
  actor: Actor,
  jb: string | null | undefined,
): Promise<(CloneSource & { status: number; fileCount: number }) | null> {
  const src = await loadCloneSource(actor, jb);
  if (!src) return null;
  const row = await getJobForClient(actor, src.sourceJobId);
  if (!row) return null;
  const zone = row.timeZone || actorTimeZone(actor);
  const { sourceJobId: _s, ...values } = src.values as JobOrderInput & { sourceJobId?: number };
  return {
    ...src,
    status: row.status,
    fileCount: row.documents.length,
    values: {
      ...values,
      dateReadyInput: formatInTimeZone(row.readyAt, zone, 'dd/MM/yyyy'),
      timeReadyInput: formatInTimeZone(row.readyAt, zone, 'hh:mm a'),
      dateDueInput: formatInTimeZone(row.dueAt, zone, 'dd/MM/yyyy'),
      timeDueInput: formatInTimeZone(row.dueAt, zone, 'hh:mm a'),
    } as JobOrderInput,
  };
}
