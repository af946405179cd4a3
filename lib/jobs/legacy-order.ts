/**
 * The legacy PascalCase payload of POST api/Job/Add (spec §3 "Job", §7) ⇄ the job order form values.
 *
 * - `fromLegacyOrder(body)`: a legacy body → form values (then parsed by the one job order schema).
 * - `parseLegacyJobOrder(body, options)`: both steps, with issue paths given back in legacy names.
 * - `toLegacyOrder(order)`: a validated order → the legacy payload (file number 'a of b', matter name 'a vs b').
 *
 * Block key names follow spec §3 where it names them; names the spec does not give (the "other" texts, the
 * accordion flag `HasAdvancedInstructions`, the block keys AppealBook and CourtCopy) are ours. The court context
 * of a court copy (`courtMethods`, `courtNeedsSolicitor`) is never read from a legacy body: the server sets it.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { z } from 'zod';
import { splitFileNumber, splitMatterName, joinFileNumber, joinMatterName } from './blocks/appeal-book';
import { jobOrderObject, makeJobOrderSchema, type JobOrder, type JobOrderSchemaOptions } from './schema';
import type { AppealBook, CopyBlock, CourtCopy, CopySection, PrintInstructions, ScanInstructions } from './schema';
import { isRecord } from '@/lib/core/guards';
import { byKey } from '@/lib/job-fields';

type KeyMap = { readonly [key: string]: string | readonly [string, KeyMap] };
type MapFor<T> = { readonly [K in keyof T]-?: string | readonly [string, KeyMap] };

const ACCORDION = 'HasAdvancedInstructions';
const selection = (typeKey: string): KeyMap => ({ [typeKey]: typeKey, selectedValue: 'SelectedValue' });

const APPEAL_BOOK = {
  prepare: 'prepare',
  fileNumberA: 'FileNumber',
  fileNumberB: 'FileNumber',
  matterNameA: 'MatterName',
  matterNameB: 'MatterName',
  appealBookType: 'AppealBookType',
  location: 'location',
  appealBookCourt: 'appealBookCourt',
  otherAppealCourt: 'OtherAppealCourt',
  additionalTasks: 'AdditionalTasks',
  serviceTo: 'ServiceTo',
  serviceAddress: 'ServiceAddress',
} as const satisfies MapFor<AppealBook>;

const COURT_COPY = {
  copyMethod: 'CopyMethod',
  location: 'Location',
  courtNew: 'CourtNew',
  otherCourt: 'OtherCourt',
  accessOrdersForWCC: 'AccessOrdersForWCC',
  actingFor: 'ActingFor',
  otherActingFor: 'OtherActingFor',
  fileNumberA: 'FileNumber',
  fileNumberB: 'FileNumber',
  matterNameA: 'MatterName',
  matterNameB: 'MatterName',
  practiceNoteAgreement: 'PracticeNoteAgreement',
  solicitorFullName: 'SolicitorFullName',
  solicitorFor: 'SolicitorFor',
  otherAsSolicitorFor: 'OtherAsSolicitorFor',
  isPracticeNoteAttached: 'IsPracticeNoteAttached',
  dateProduced: 'DateProduced',
  dateAccessGranted: 'DateAccessGranted',
  documentsToPhotoCopy: 'DocumentsToPhotoCopy',
} as const satisfies MapFor<CourtCopy>;

const COPY = {
  accordionOpen: ACCORDION,
  originalContainsAnyColor: 'originalContainsAnyColor',
  originalPaper: 'originalPaper',
  singleOrDoubleSided: 'singleOrDoubleSided',
  otherSingleOrDoubleSided: 'otherSingleOrDoubleSided',
  paperSize: 'paperSize',
  otherPaperSize: 'otherPaperSize',
  foldersNBinding: 'foldersNBinding',
  holePunch: 'holePunch',
  otherHolePunch: 'otherHolePunch',
  staplesClipsCopies: 'staplesClipsCopies',
  staplesClipsOriginals: 'staplesClipsOriginals',
  dividers: 'dividers',
  dividersInstructions: 'DividersInstructions',
  documentOrder: 'documentOrder',
  applyPageNumbers: 'applyPageNumbers',
  numberLocation: 'numberLocation',
  startingNumber: 'StartingNumber',
  numberingSequence: 'numberingSequence',
  otherNumberingSequence: 'otherNumberingSequence',
  excludeFromNumbering: ['excludeFromNumbering', selection('numberingType')],
} as const satisfies MapFor<CopyBlock>;

const PRINT = {
  accordionOpen: ACCORDION,
  originalFileContainsAnyColour: 'originalFileContainsAnyColour',
  singleOrDoubleSided: 'singleOrDoubleSided',
  paperSize: 'paperSize',
  otherPaperSize: 'otherPaperSize',
  insert: ['insert', selection('insertSeprationType')],
  separatorSheetsType: 'separatorSheetsType',
  separatorSheetLocation: 'separatorSheetLocation',
  tabbedDividerType: 'tabbedDividerType',
  tabbedDividerLabel: 'tabbedDividerLabel',
  tabbedDividerLocation: 'tabbedDividerLocation',
  foldersNBinding: 'foldersNBinding',
  holePunch: 'holePunch',
  otherHolePunch: 'otherHolePunch',
  stapled: 'stapled',
  duplicateDocuments: 'duplicateDocuments',
  attachments: 'attachments',
  orderDocuments: 'orderDocuments',
  otherOrderDocuments: 'otherOrderDocuments',
  documentLocation: 'documentLocation',
  unprintableFiles: 'unprintableFiles',
  excelFiles: 'excelFiles',
  applyNumbers: 'applyNumbers',
  numbersLocationEPrint: 'numbersLocationEPrint',
  startingNumber: 'StartingNumber',
  numberingSequenceEPrint: 'numberingSequenceEPrint',
  otherNumberingSequence: 'otherNumberingSequence',
} as const satisfies MapFor<PrintInstructions>;

const SCAN = {
  accordionOpen: ACCORDION,
  originalFileContainsAnyColour: 'originalFileContainsAnyColour',
  scanDetermineDocumentBreaks: 'scanDetermineDocumentBreaks',
  scanDetermineHostAttachment: 'scanDetermineHostAttachment',
  scanApplyPageNumbers: 'scanApplyPageNumbers',
  numbersLocation: 'numbersLocation',
  startingNumber: 'startingNumber',
  numberingSequence: 'numberingSequence',
  scanObjectiveCodingDocuments: 'scanObjectiveCodingDocuments',
  scanCreateIndexing: 'scanCreateIndexing',
  scanCreateHyperlinks: 'scanCreateHyperlinks',
  scanImageFileFormat: 'scanImageFileFormat',
  otherImageFileFormat: 'otherImageFileFormat',
  scanFileNaming: 'scanFileNaming',
  otherFileNaming: 'otherFileNaming',
  otherFilesToInclude: ['otherFilesToInclude', selection('numberingType')],
  deliverFiles: ['deliverFiles', selection('deliverType')],
  physicalMediaType: 'physicalMediaType',
} as const satisfies MapFor<ScanInstructions>;

const COPY_STATUS = {
  colour: 'colour',
  paper: 'paper',
  finishing: 'finishing',
  dividers: 'dividers',
  documentOrder: 'documentOrder',
  pageNumbering: 'pageNumbering',
} as const satisfies Record<CopySection, string>;

const ORDER = {
  jobId: 'JobId',
  sourceJobId: 'SourceJobId',
  orderType: 'OrderType',
  contactName: 'ContactName',
  email: 'Email',
  contactPhone: 'ContactPhone',
  afterHourContactNumber: 'AfterHourContactNumber',
  costEstimateNumber: 'CostEstimateNumber',
  matterReference: 'MatterReference',
  clientBranchAddressId: 'ClientBranchAddressId',
  ...byKey((f) => f.legacy),
  dateReadyInput: 'DateReadyInput',
  timeReadyInput: 'TimeReadyInput',
  dateDueInput: 'DateDueInput',
  timeDueInput: 'TimeDueInput',
  readyAt: 'DateReady',
  dueAt: 'DateDue',
  timeZone: 'TimeZone',
  instructions: 'Instructions',
  numberOfCopies: 'NumberOfCopies',
  whatToCollect: 'WhatToCollect',
  copyAsOriginal: 'CopyAsOriginal',
  copyStatus: ['CopyStatus', COPY_STATUS],
  copyInstructions: ['copyInstructions', COPY],
  appealBook: ['AppealBook', APPEAL_BOOK],
  courtCopy: ['CourtCopy', COURT_COPY],
  collectionDescription: 'CollectionDescription',
  ePrintInstructions: ['ePrintInstructions', PRINT],
  eScanInstructions: ['eScanInstructions', SCAN],
} as const satisfies MapFor<JobOrder>;
/** Output-only fields: computed by the schema, never read from a body. */
const OUTPUT_ONLY = new Set(['readyAt', 'dueAt', 'timeZone', 'copyStatus']);

function renameOut(v: unknown, map: KeyMap): unknown {
  if (Array.isArray(v)) return v.map((i) => renameOut(i, map));
  if (!isRecord(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v)) {
    const m = map[k];
    if (m === undefined || value === undefined) continue;
    if (typeof m === 'string') out[m] = value instanceof Date ? value.toISOString() : value;
    else out[m[0]] = renameOut(value, m[1]);
  }
  return out;
}

function renameIn(v: unknown, map: KeyMap, skip: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(v)) return v.map((i) => renameIn(i, map));
  if (!isRecord(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [internal, m] of Object.entries(map)) {
    const legacy = typeof m === 'string' ? m : m[0];
    if (skip.has(internal) || !(legacy in v)) continue;
    out[internal] = typeof m === 'string' ? v[legacy] : renameIn(v[legacy], m[1]);
  }
  return out;
}

/** A validated order → the legacy PascalCase payload. */
export function toLegacyOrder(order: JobOrder): Record<string, unknown> {
  const out = renameOut(order, ORDER);
  if (!isRecord(out)) return {};
  for (const [key, block] of [
    ['AppealBook', order.appealBook],
    ['CourtCopy', order.courtCopy],
  ] as const) {
    const legacy = out[key];
    if (!block || !isRecord(legacy)) continue;
    legacy.FileNumber = joinFileNumber(block.fileNumberA, block.fileNumberB);
    legacy.MatterName = joinMatterName(block.matterNameA, block.matterNameB);
    if (legacy.FileNumber === undefined) delete legacy.FileNumber;
    if (legacy.MatterName === undefined) delete legacy.MatterName;
  }
  return out;
}

/** Anything but empty text, unticked boxes and empty lists counts as given. */
function hasAnyValue(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasAnyValue);
  if (isRecord(v))
    return (
      Object.entries(v).some(([k, x]) => k !== ACCORDION && k !== 'SelectedValue' && hasAnyValue(x)) ||
      v.SelectedValue === true
    );
  return v !== undefined && v !== null && v !== '' && v !== false;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'; 'HH:mm' (24-hour) → 'hh:mm AM/PM'. Anything else unchanged (the schema judges it). */
function dateText(s: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : s;
}
function timeText(s: string): string {
  const h24 = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s.trim());
  if (!h24) return s;
  const h = Number(h24[1]);
  if (h > 23) return s;
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${h24[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The *Input strings a legacy body left out, from DateReady/DateDue and TimeReady/TimeDue (spec §3 lists both
 * forms; api/Job/{id} answers both). DateReady may be the form's dd/MM/yyyy, a plain yyyy-MM-dd or an ISO 8601
 * instant (as api/Job/{id} answers it: its date and time are read in `timeZone`, the caller's); TimeReady
 * (hh:mm AM/PM or HH:mm) wins over the instant's time. Given *Input strings always win. Answers the patch and,
 * per derived input, the field the caller actually sent (so that a message names it).
 */
export function legacyDateInputs(
  body: Record<string, unknown>,
  timeZone: string,
): { patch: Record<string, string>; sources: Record<string, string> } {
  const patch: Record<string, string> = {};
  const sources: Record<string, string> = {};
  for (const [dateKey, timeKey, dateInput, timeInput] of [
    ['DateReady', 'TimeReady', 'DateReadyInput', 'TimeReadyInput'],
    ['DateDue', 'TimeDue', 'DateDueInput', 'TimeDueInput'],
  ] as const) {
    const date = body[dateKey];
    const time = body[timeKey];
    let instantTime: string | undefined;
    if (blank(body[dateInput]) && typeof date === 'string' && !blank(date)) {
      const isInstant = /^\d{4}-\d{2}-\d{2}T/.test(date.trim()) && !Number.isNaN(Date.parse(date));
      if (isInstant) {
        const at = new Date(date);
        patch[dateInput] = formatInTimeZone(at, timeZone, 'dd/MM/yyyy');
        instantTime = formatInTimeZone(at, timeZone, 'hh:mm a');
      } else {
        patch[dateInput] = dateText(date);
      }
      sources[dateInput] = dateKey;
    }
    if (blank(body[timeInput])) {
      if (typeof time === 'string' && !blank(time)) {
        patch[timeInput] = timeText(time);
        sources[timeInput] = timeKey;
      } else if (instantTime !== undefined) {
        patch[timeInput] = instantTime;
        sources[timeInput] = dateKey;
      }
    }
  }
  return { patch, sources };
}

/**
 * The print or scan block sent under EPrintScanInstructions (the name §3 gives the block read back) counts as
 * ePrintInstructions for a print job (type 5) and eScanInstructions for a scan job (type 6), unless the body also
 * carries the specific key, which wins.
 */
function withEPrintScan(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.EPrintScanInstructions)) return body;
  const type = typeof body.OrderType === 'string' ? Number(body.OrderType.trim()) : body.OrderType;
  const key = type === 5 ? 'ePrintInstructions' : type === 6 ? 'eScanInstructions' : null;
  if (key === null || (key in body && body[key] !== null && body[key] !== undefined)) return body;
  return { ...body, [key]: body.EPrintScanInstructions };
}

/** A legacy body → the job order form values, ready for the order schema. */
export function fromLegacyOrder(input: unknown): Record<string, unknown> {
  const body = withEPrintScan(input);
  const values = renameIn(body, ORDER, OUTPUT_ONLY);
  if (!isRecord(values) || !isRecord(body)) return {};
  if (
    values.clientBranchAddressId === undefined &&
    (typeof body.Address === 'number' || typeof body.Address === 'string')
  ) {
    values.clientBranchAddressId = body.Address;
  }
  for (const key of ['appealBook', 'courtCopy'] as const) {
    const block = values[key];
    if (!isRecord(block)) continue;
    const [fa, fb] = splitFileNumber(typeof block.fileNumberA === 'string' ? block.fileNumberA : null);
    const [ma, mb] = splitMatterName(typeof block.matterNameA === 'string' ? block.matterNameA : null);
    Object.assign(block, { fileNumberA: fa, fileNumberB: fb, matterNameA: ma, matterNameB: mb });
  }
  const legacyBlocks = [
    ['copyInstructions', 'copyInstructions'],
    ['ePrintInstructions', 'ePrintInstructions'],
    ['eScanInstructions', 'eScanInstructions'],
  ] as const;
  for (const [internal, legacy] of legacyBlocks) {
    const block = values[internal];
    const raw = body[legacy];
    // A legacy caller that sends instructions without the accordion flag means them to count.
    if (isRecord(block) && isRecord(raw) && !(ACCORDION in raw)) block.accordionOpen = hasAnyValue(raw);
  }
  return values;
}

/** An issue path of the order (form names) → the legacy field name, e.g. ['copyInstructions','dividersInstructions'] → 'copyInstructions.DividersInstructions'. */
export function toLegacyPath(path: readonly PropertyKey[]): string {
  let map: KeyMap | undefined = ORDER;
  const out: string[] = [];
  for (const key of path) {
    if (typeof key === 'number' || map === undefined) {
      out.push(String(key));
      continue;
    }
    const m: string | readonly [string, KeyMap] | undefined = map[String(key)];
    out.push(m === undefined ? String(key) : typeof m === 'string' ? m : m[0]);
    map = m === undefined || typeof m === 'string' ? undefined : m[1];
  }
  return out.join('.');
}

export type LegacyParseResult =
  { success: true; data: JobOrder } | { success: false; errors: { field: string; message: string }[] };

/** Validates a legacy api/Job/Add body with the one job order schema; errors name the legacy fields. */
export async function parseLegacyJobOrder(body: unknown, options: JobOrderSchemaOptions): Promise<LegacyParseResult> {
  if (!isRecord(body))
    return { success: false, errors: [{ field: '', message: 'The request body must be a JSON object.' }] };
  const result = await makeJobOrderSchema(options).safeParseAsync(fromLegacyOrder(body));
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    errors: result.error.issues.map((i) => ({ field: toLegacyPath(i.path), message: i.message })),
  };
}

/** Unwraps optional/nullable to the inner schema, and says which wrappers to put back. */
function unwrap(t: z.ZodType): { inner: z.ZodType; rewrap: (x: z.ZodType) => z.ZodType } {
  if (t instanceof z.ZodOptional || t instanceof z.ZodNullable) {
    const { inner, rewrap } = unwrap(t.unwrap() as z.ZodType);
    return { inner, rewrap: (x) => (t instanceof z.ZodOptional ? rewrap(x).optional() : rewrap(x).nullable()) };
  }
  return { inner: t, rewrap: (x) => x };
}

/** An object schema of the form names → the same fields under their legacy names (KeyMap), recursively. */
function renameSchema(t: z.ZodType, map: KeyMap): z.ZodType {
  const { inner, rewrap } = unwrap(t);
  if (inner instanceof z.ZodArray) return rewrap(z.array(renameSchema(inner.element as z.ZodType, map)));
  if (!(inner instanceof z.ZodObject)) return t;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
    const m = map[key];
    if (m === undefined) continue;
    if (typeof m === 'string') shape[m] = field;
    else shape[m[0]] = renameSchema(field, m[1]);
  }
  return rewrap(z.looseObject(shape));
}

let legacySchema: z.ZodType | null = null;

/**
 * The legacy api/Job/Add body as a zod schema, derived from the one job order object (lib/jobs/schema.ts) through
 * the same key maps `fromLegacyOrder` reads with, plus the legacy-only fields: Address, the date and time pairs,
 * EPrintScanInstructions, DocumentModel, RequestKey, and the read-only fields api/Job/{id} answers (accepted and
 * ignored). Only field types are in it: the rules of spec §5 run in the order schema after the renaming.
 */
export function legacyJobBodySchema(readOnly: Iterable<string> = []): z.ZodType {
  if (legacySchema) return legacySchema;
  const renamed = renameSchema(
    jobOrderObject,
    Object.fromEntries(Object.entries(ORDER).filter(([k]) => !OUTPUT_ONLY.has(k))),
  );
  const shape = renamed instanceof z.ZodObject ? (renamed.shape as Record<string, z.ZodType>) : {};
  const print = shape.ePrintInstructions;
  const scan = shape.eScanInstructions;
  const text = z.string().nullish();
  const ignored = Object.fromEntries(
    [...readOnly].map((k) => [k, z.unknown().optional().describe('Read-only: accepted and ignored.')]),
  );
  legacySchema = z.looseObject({
    ...ignored,
    ...shape,
    Address: z
      .union([z.string(), z.number()])
      .nullish()
      .describe('The text (or id) of one of the client’s branch addresses; ClientBranchAddressId wins.'),
    DateReady: text.describe('dd/MM/yyyy, yyyy-MM-dd or an ISO 8601 instant: used when DateReadyInput is absent.'),
    DateDue: text.describe('As DateReady, for DateDueInput.'),
    TimeReady: text.describe('hh:mm AM/PM or HH:mm: used when TimeReadyInput is absent.'),
    TimeDue: text.describe('As TimeReady, for TimeDueInput.'),
    ...(print && scan
      ? {
          EPrintScanInstructions: z
            .union([print, scan])
            .describe('The print (type 5) or scan (type 6) block, as api/Job/{id} reads it back.'),
        }
      : {}),
    DocumentModel: z
      .union([z.object({ DocumentId: z.union([z.number(), z.string()]).nullish() }), z.array(z.unknown()), z.null()])
      .optional(),
    RequestKey: z.string().nullish(),
  });
  return legacySchema;
}
