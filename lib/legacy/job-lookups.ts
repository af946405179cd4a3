/** Legacy (spec §7 "Jobs") shapes of the job form lookups: path parameters, bodies, PascalCase answers. */
import { z } from 'zod';
import type { BranchAddress, Court, CourtFlags, Location, ZonedNow } from '@/lib/jobs/lookups';

/** A positive database id in a path segment (digits only, within int4). */
export const idSegment = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number.')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'Must be a positive whole number.');

export const clientIdParams = z.object({ clientId: idSegment });
export const jobTypeSegment = z
  .string()
  .regex(/^[1-8]$/, 'Must be an order type from 1 to 8.')
  .transform(Number);
export const courtSegment = z
  .string()
  .regex(/^[0-9]{1,4}$/, 'Must be a court code.')
  .transform(Number);
/** A text segment (matter reference, cost estimate): Next has already percent-decoded it. */
export const textSegment = z.string().min(1).max(200);

/**
 * The body of api/Job/ClientMatterReference/{clientId}: the search text, as a JSON string or an object with
 * SearchText (MatterReference and Text are accepted as older spellings).
 */
export const matterSearchBody = z
  .union([
    z.string().max(200),
    z.object({
      SearchText: z.string().max(200).nullish(),
      MatterReference: z.string().max(200).nullish(),
      Text: z.string().max(200).nullish(),
    }),
  ])
  .transform((b) => (typeof b === 'string' ? b : (b.SearchText ?? b.MatterReference ?? b.Text ?? '')));

/**
 * The body of api/User/GetUserTimeZoneDateTime: the browser's current date, as a JSON string or
 * { CurrentDate }. It is checked to be a date and otherwise ignored: the server clock is the truth.
 */
const dateText = z
  .string()
  .max(100)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Must be a date.');
export const currentDateBody = z.union([
  z.undefined(),
  z.null(),
  dateText,
  z.object({ CurrentDate: dateText.nullish() }),
]);

export const presentBranchAddress = (b: BranchAddress) => ({
  ClientBranchAddressId: b.id,
  Text: b.address,
  Label: b.label,
  Address: b.address,
  IsDefault: b.isDefault,
  ExtClientBranchId: b.extClientBranchId,
});

export const presentProcessingCity = (c: { id: number; name: string }) => ({ ProcessingCityId: c.id, Text: c.name });
export const presentOrderType = (t: { id: number; name: string }) => ({ OrderTypeId: t.id, Text: t.name });

export const presentCourtFlags = (c: CourtFlags) => ({
  EnableFilingMethod: c.enableFilingMethod,
  EnablePhotocopyMethod: c.enablePhotocopyMethod,
  EnableScanMethod: c.enableScanMethod,
  EnableBothPhotocopyAndScanMethod: c.enableBothPhotocopyAndScanMethod,
  EnableSCGen: c.enableSCGen,
  EnableMessage: c.enableMessage,
  MessageDescription: c.messageDescription,
});

export const presentCourt = (c: Court) => ({
  CourtId: c.code,
  Text: c.name,
  JobType: c.jobType,
  LocationId: c.locationId,
  ...presentCourtFlags(c),
});

export const presentLocation = (l: Location) => ({
  LocationId: l.id,
  Text: l.text,
  BranchId: l.branchId,
  AlternateBranch: l.alternateBranch,
});
export const presentCountry = (c: { id: number; name: string }) => ({ CountryId: c.id, Text: c.name });
export const presentBranch = (b: { id: number; name: string; countryId: number }) => ({
  BranchId: b.id,
  Text: b.name,
  CountryId: b.countryId,
});
export const presentZonedNow = (z: ZonedNow) => ({
  DateTime: z.dateTime,
  TimeZoneId: z.timeZone,
  UtcOffset: z.offset,
  Utc: z.instant.toISOString(),
});
