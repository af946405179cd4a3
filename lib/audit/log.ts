/**
 * Log entries of spec §3 (Area 15 "job upload"; Action 10 upload, 11 clone document; Success flag; OS and
 * Browser of the user agent). The server writes them itself for every upload and clone it handles, in the
 * same transaction as the document when it succeeds, on its own when it fails (spec §8: upload failures are
 * logged with Success false and no message is shown). api/Log/Add stays for legacy callers and for refusals
 * the browser makes before anything reaches the server.
 */
import { and, eq } from 'drizzle-orm';
import { userAgent } from 'next/server';
import { z } from 'zod';
import { getDb, type Queryable } from '@/db/client';
import { jobs, logEntries } from '@/db/schema';
import type { Actor } from '@/lib/core/principal';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { NotFoundError, parseOrThrow } from '@/lib/core/errors';
import { log } from '@/lib/log';
import { LOG_ACTION_CLONE, LOG_ACTION_UPLOAD, LOG_AREA_JOB_UPLOAD } from '@/lib/reference';
import { FIELD_MSG, missingMessage } from '@/lib/validation';

export type LogAction = typeof LOG_ACTION_UPLOAD | typeof LOG_ACTION_CLONE;

export interface LogEntryInput {
  action: LogAction;
  success: boolean;
  jobId?: number | null;
  /** Facts about the event (file name, size, reason of a failure); never file contents or secrets. */
  details?: Record<string, unknown>;
  /** The request's User-Agent header; OS and Browser are derived from it. */
  userAgent?: string | null;
  /** Used only when no user agent is known (legacy callers send their own). */
  os?: string | null;
  browser?: string | null;
}

const clip = (s: string | null | undefined, n: number): string | null => (s ? s.slice(0, n) : null);

/** 'Windows 10' / 'Chrome 120' from a User-Agent header; nulls when it says nothing. */
export function describeUserAgent(ua: string | null | undefined): { os: string | null; browser: string | null } {
  if (!ua) return { os: null, browser: null };
  const r = userAgent({ headers: new Headers({ 'user-agent': ua.slice(0, 1000) }) });
  const label = (name?: string, version?: string) =>
    name ? clip([name, version].filter(Boolean).join(' '), 100) : null;
  return { os: label(r.os.name, r.os.version), browser: label(r.browser.name, r.browser.major ?? r.browser.version) };
}

/** Writes one log entry for the actor (user and client from the session, never from a body). */
export async function writeLogEntry(q: Queryable, actor: Actor, e: LogEntryInput): Promise<number> {
  const ua = describeUserAgent(e.userAgent);
  const [row] = await q
    .insert(logEntries)
    .values({
      userId: actor.userId,
      clientId: actor.clientId,
      userName: actor.userName,
      area: LOG_AREA_JOB_UPLOAD,
      action: e.action,
      success: e.success,
      jobId: e.jobId ?? null,
      os: ua.os ?? clip(e.os, 100),
      browser: ua.browser ?? clip(e.browser, 100),
      details: e.details ?? null,
    })
    .returning({ id: logEntries.id });
  if (!row) throw new Error('log entry not written');
  return row.id;
}

/** Like writeLogEntry but never throws: for failure paths, where the original error must win. */
export async function tryWriteLogEntry(actor: Actor, e: LogEntryInput): Promise<void> {
  try {
    await writeLogEntry(await getDb(), actor, e);
  } catch (err) {
    log().warn({ err, action: e.action }, 'could not write log entry');
  }
}

const int = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: missingMessage(FIELD_MSG.required) })
      .int()
      .min(min)
      .max(max),
  );
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: missingMessage(FIELD_MSG.required) }),
);
const shortText = z.string().max(200).nullish();

/**
 * The body of api/Log/Add (spec §3 "Log entry"). LoggingId, UserId, ClientId, User and Settings are ignored:
 * the session says who is logging. Unknown fields are dropped.
 */
export const logAddSchema = z.object({
  Area: int(LOG_AREA_JOB_UPLOAD, LOG_AREA_JOB_UPLOAD),
  Action: int(LOG_ACTION_UPLOAD, LOG_ACTION_CLONE),
  Success: flag,
  OS: shortText,
  Browser: shortText,
  JobModel: z
    .object({
      JobId: int(0, 2_147_483_647).nullish(),
      FileName: z.string().max(1000).nullish(),
    })
    .nullish(),
});
export type LogAddInput = z.output<typeof logAddSchema>;

/** api/Log/Add: a client-reported log entry. A JobId must name a job of the actor's client (else 404). */
export async function addLogEntry(
  actor: Actor,
  input: LogAddInput,
  userAgentHeader: string | null,
): Promise<{ id: number }> {
  const a = requireTenant(actor);
  const body = parseOrThrow(logAddSchema, input);
  const db = await getDb();
  const jobId = body.JobModel?.JobId || null;
  if (jobId !== null) {
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), tenantScope(jobs.clientId, a)))
      .limit(1);
    if (!job) throw new NotFoundError();
  }
  const fileName = body.JobModel?.FileName;
  const id = await writeLogEntry(db, actor, {
    action: body.Action === LOG_ACTION_CLONE ? LOG_ACTION_CLONE : LOG_ACTION_UPLOAD,
    success: body.Success,
    jobId,
    userAgent: userAgentHeader,
    os: body.OS,
    browser: body.Browser,
    details: { source: 'client', ...(fileName ? { fileName: fileName.slice(0, 255) } : {}) },
  });
  return { id };
}
