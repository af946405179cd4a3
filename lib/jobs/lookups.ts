/**
 * Reference data the job form loads (spec §7 "Jobs" lookups): the client's branch addresses, processing
 * cities, matter references and cost estimates (all scoped to the actor's client), order types, courts per
 * job type and location with their selection flags, locations, countries and branches, and "now" in the
 * user's time zone. Server components call these directly; the legacy routes present them (lib/legacy/job-lookups.ts).
 */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { formatInTimeZone } from 'date-fns-tz';
import { getDb } from '@/db/client';
import {
  branches,
  clientBranchAddresses,
  costEstimates,
  countries,
  courts,
  jobs,
  locations,
  matterReferences,
  orderTypes,
  processingCities,
} from '@/db/schema';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { type Actor, type ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError } from '@/lib/core/errors';

export const MATTER_SUGGESTION_LIMIT = 20;
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/**
 * Legacy paths carry a client id ({clientId}); the session decides the client. Naming another client answers
 * like a missing row (404), so a tampered id learns nothing.
 */
export function requireOwnClient(actor: Actor, clientId: number): ClientActor {
  const a = requireTenant(actor);
  if (a.clientId !== clientId) throw new NotFoundError();
  return a;
}

export interface BranchAddress {
  id: number;
  label: string;
  address: string;
  isDefault: boolean;
  extClientBranchId: string | null;
}

export async function listBranchAddresses(actor: Actor): Promise<BranchAddress[]> {
  const a = requireTenant(actor);
  const db = await getDb();
  return db
    .select({
      id: clientBranchAddresses.id,
      label: clientBranchAddresses.label,
      address: clientBranchAddresses.address,
      isDefault: clientBranchAddresses.isDefault,
      extClientBranchId: clientBranchAddresses.extClientBranchId,
    })
    .from(clientBranchAddresses)
    .where(tenantScope(clientBranchAddresses.clientId, a))
    .orderBy(
      sql`${clientBranchAddresses.isDefault} desc`,
      asc(clientBranchAddresses.label),
      asc(clientBranchAddresses.id),
    );
}

export async function listProcessingCities(actor: Actor): Promise<{ id: number; name: string }[]> {
  const a = requireTenant(actor);
  const db = await getDb();
  return db
    .select({ id: processingCities.id, name: processingCities.name })
    .from(processingCities)
    .where(tenantScope(processingCities.clientId, a))
    .orderBy(asc(processingCities.name));
}

export async function listOrderTypes(): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db.select({ id: orderTypes.id, name: orderTypes.name }).from(orderTypes).orderBy(asc(orderTypes.id));
}

/** A LIKE pattern matching `text` anywhere, with the wildcards in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Matter reference suggestions: the client's matter references and those of its jobs that contain the
 * search text (case-insensitive), references starting with it first, then alphabetical; at most 20.
 */
export async function suggestMatterReferences(actor: Actor, search: string): Promise<string[]> {
  const a = requireTenant(actor);
  const text = search.trim().slice(0, 200);
  if (text === '') return [];
  const db = await getDb();
  const pattern = containsPattern(text);
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const limit = MATTER_SUGGESTION_LIMIT;
  const [refs, used] = await Promise.all([
    db
      .select({ ref: matterReferences.reference })
      .from(matterReferences)
      .where(and(tenantScope(matterReferences.clientId, a), ilike(matterReferences.reference, pattern)))
      .orderBy(sql`${matterReferences.reference} ilike ${prefix} desc`, sql`lower(${matterReferences.reference})`)
      .limit(limit),
    db
      .selectDistinct({
        ref: jobs.matterReference,
        starts: sql<boolean>`${jobs.matterReference} ilike ${prefix}`,
        low: sql<string>`lower(${jobs.matterReference})`,
      })
      .from(jobs)
      .where(and(tenantScope(jobs.clientId, a), ilike(jobs.matterReference, pattern)))
      .orderBy(sql`2 desc`, sql`3`)
      .limit(limit),
  ]);
  const lower = text.toLowerCase();
  const all = [...new Set([...refs.map((r) => r.ref), ...used.map((r) => r.ref)])];
  const rank = (r: string) => (r.toLowerCase().startsWith(lower) ? 0 : 1);
  return all
    .sort((x, y) => rank(x) - rank(y) || x.toLowerCase().localeCompare(y.toLowerCase()) || x.localeCompare(y))
    .slice(0, limit);
}

/** Whether the client knows this matter reference (its list or its jobs), case-insensitive. */
export async function matterReferenceExists(actor: Actor, reference: string): Promise<boolean> {
  const a = requireTenant(actor);
  const text = reference.trim();
  if (text === '' || text.length > 200) return false;
  const db = await getDb();
  const exact = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [ref] = await db
    .select({ id: matterReferences.id })
    .from(matterReferences)
    .where(and(tenantScope(matterReferences.clientId, a), ilike(matterReferences.reference, exact)))
    .limit(1);
  if (ref) return true;
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(tenantScope(jobs.clientId, a), ilike(jobs.matterReference, exact)))
    .limit(1);
  return Boolean(job);
}

/** Cost estimates are numbers (spec §5): anything but 1 to 20 digits is not one, so it does not exist. */
export const COST_ESTIMATE = /^[0-9]{1,20}$/;

/** Whether the cost estimate number exists for the actor's client (spec §5: numeric and known). */
export async function costEstimateExists(actor: Actor, number: string): Promise<boolean> {
  const a = requireTenant(actor);
  const n = number.trim();
  if (!COST_ESTIMATE.test(n)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: costEstimates.id })
    .from(costEstimates)
    .where(and(tenantScope(costEstimates.clientId, a), eq(costEstimates.number, n)))
    .limit(1);
  return Boolean(row);
}

export interface CourtFlags {
  enableFilingMethod: boolean;
  enablePhotocopyMethod: boolean;
  enableScanMethod: boolean;
  enableBothPhotocopyAndScanMethod: boolean;
  enableSCGen: boolean;
  enableMessage: boolean;
  messageDescription: string | null;
}

export interface Court extends CourtFlags {
  /** The value the forms send (court copy: 11 WCC, 16 Other; appeal book: 6 Other). */
  code: number;
  name: string;
  jobType: number;
  locationId: number | null;
}

const courtColumns = {
  code: courts.code,
  name: courts.name,
  jobType: courts.jobType,
  locationId: courts.locationId,
  enableFilingMethod: courts.enableFilingMethod,
  enablePhotocopyMethod: courts.enablePhotocopyMethod,
  enableScanMethod: courts.enableScanMethod,
  enableBothPhotocopyAndScanMethod: courts.enableBothPhotocopyAndScanMethod,
  enableSCGen: courts.enableSCGen,
  enableMessage: courts.enableMessage,
  messageDescription: courts.messageDescription,
};

/** The courts offered for a job type at a location, by code. */
export async function listCourts(jobType: number, locationId: number): Promise<Court[]> {
  const db = await getDb();
  return db
    .select(courtColumns)
    .from(courts)
    .where(and(eq(courts.jobType, jobType), eq(courts.locationId, locationId)))
    .orderBy(asc(courts.code));
}

/**
 * The selection flags of a court at a location (spec §3 "Court selection flags"). Locations belong to one
 * kind of job; should a code exist for several job types there, the court copy one (type 2) wins.
 */
export async function selectedCourt(courtCode: number, locationId: number, jobType?: number): Promise<Court> {
  const db = await getDb();
  const rows = await db
    .select(courtColumns)
    .from(courts)
    .where(
      and(
        eq(courts.code, courtCode),
        eq(courts.locationId, locationId),
        jobType ? eq(courts.jobType, jobType) : undefined,
      ),
    )
    .orderBy(sql`${courts.jobType} = 2 desc`, asc(courts.jobType));
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return row;
}

export type LocationKind = 'appeal_book' | 'court_copy';

export interface Location {
  id: number;
  text: string;
  branchId: number | null;
  alternateBranch: boolean;
}

export async function listLocations(kind: LocationKind): Promise<Location[]> {
  const db = await getDb();
  return db
    .select({
      id: locations.id,
      text: locations.text,
      branchId: locations.branchId,
      alternateBranch: locations.alternateBranch,
    })
    .from(locations)
    .where(eq(locations.kind, kind))
    .orderBy(asc(locations.id));
}

export async function listCountries(opts: { loginPageOnly?: boolean } = {}): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(opts.loginPageOnly ? eq(countries.showOnLoginPage, true) : undefined)
    .orderBy(asc(countries.name));
}

export async function listBranches(): Promise<{ id: number; name: string; countryId: number }[]> {
  const db = await getDb();
  return db
    .select({ id: branches.id, name: branches.name, countryId: branches.countryId })
    .from(branches)
    .orderBy(asc(branches.countryId), asc(branches.name));
}

export interface ZonedNow {
  /** The wall clock in the user's zone, e.g. '2026-03-05T14:30:00'. */
  dateTime: string;
  timeZone: string;
  /** The zone's offset at this instant, e.g. '+11:00'. */
  offset: string;
  instant: Date;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** "Now" (lib/clock) in the actor's IANA time zone; an unknown zone falls back to the product default. */
export function userZonedNow(actor: Actor, at: Date = now()): ZonedNow {
  const timeZone = actor.timeZone && isTimeZone(actor.timeZone) ? actor.timeZone : DEFAULT_TIME_ZONE;
  return {
    dateTime: formatInTimeZone(at, timeZone, "yyyy-MM-dd'T'HH:mm:ss"),
    timeZone,
    offset: formatInTimeZone(at, timeZone, 'xxx'),
    instant: at,
  };
}
