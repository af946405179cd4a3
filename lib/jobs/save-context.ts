/**
 * What only the database knows about a job order, read before the schema runs on the server:
 * - the selected court's flags (copy methods offered, solicitor section), merged into the court copy block so
 *   that the values a browser or legacy caller sent for them never count (spec §3 "Court selection flags");
 * - whether the chosen locations and courts exist (appeal book draft, court copy).
 */
import { NotFoundError } from '@/lib/core/errors';
import { FIELD_MSG, toCode, type FieldIssue } from '@/lib/validation';
import { listLocations, selectedCourt, type Court, type LocationKind } from './lookups';
import { courtContext, PREPARE } from './schema';
import { isRecord } from '@/lib/core/guards';

async function findCourt(jobType: number, locationId: number, code: number): Promise<Court | null> {
  try {
    return await selectedCourt(code, locationId, jobType);
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
}

async function locationExists(kind: LocationKind, id: number): Promise<boolean> {
  return (await listLocations(kind)).some((l) => l.id === id);
}

/** The court copy's context from the courts table (no court found: no methods, no solicitor section). */
export async function courtContextFor(location: unknown, court: unknown) {
  const loc = toCode(location);
  const code = toCode(court);
  const row = loc !== undefined && code !== undefined ? await findCourt(2, loc, code) : null;
  return courtContext(
    row && {
      EnablePhotocopyMethod: row.enablePhotocopyMethod,
      EnableScanMethod: row.enableScanMethod,
      EnableBothPhotocopyAndScanMethod: row.enableBothPhotocopyAndScanMethod,
      EnableSCGen: row.enableSCGen,
    },
  );
}

/** The values with the court copy context overwritten from the database (other order types: unchanged). */
export async function withCourtContext(input: unknown): Promise<unknown> {
  if (!isRecord(input) || toCode(input.orderType) !== 2) return input;
  const block = isRecord(input.courtCopy) ? input.courtCopy : {};
  return { ...input, courtCopy: { ...block, ...(await courtContextFor(block.location, block.courtNew)) } };
}

/** Locations and courts that do not exist for the chosen order type (paths as the form names them). */
export async function referenceIssues(input: unknown): Promise<FieldIssue[]> {
  if (!isRecord(input)) return [];
  const type = toCode(input.orderType);
  const invalid = (path: string[]): FieldIssue => ({ path, message: FIELD_MSG.invalidChoice });
  const check = async (
    jobType: number,
    kind: LocationKind,
    block: Record<string, unknown>,
    locKey: string,
    courtKey: string,
    prefix: string,
  ) => {
    const loc = toCode(block[locKey]);
    const court = toCode(block[courtKey]);
    if (loc === undefined) return [];
    if (!(await locationExists(kind, loc))) return [invalid([prefix, locKey])];
    if (court !== undefined && !(await findCourt(jobType, loc, court))) return [invalid([prefix, courtKey])];
    return [];
  };
  if (type === 2 && isRecord(input.courtCopy))
    return check(2, 'court_copy', input.courtCopy, 'location', 'courtNew', 'courtCopy');
  if (type === 1 && isRecord(input.appealBook) && toCode(input.appealBook.prepare) === PREPARE.draft) {
    return check(1, 'appeal_book', input.appealBook, 'location', 'appealBookCourt', 'appealBook');
  }
  return [];
}
