/**
 * The job order (spec §3 "Job" and its instruction blocks, §4 order-type effects, §5 validation): ONE schema for
 * the browser form (react-hook-form + zodResolver) and the server (server action, legacy POST api/Job/Add through
 * lib/jobs/legacy-order.ts).
 *
 * Rules depend on "now" and the user's time zone, so the schema is made by a factory:
 *
 *   const schema = makeJobOrderSchema({ now: () => now(), timeZone: user.timeZoneId, maxInstructions });
 *   useForm<JobOrderInput, unknown, JobOrder>({ resolver: zodResolver(schema) })   // browser
 *   const result = await schema.safeParseAsync(values)                             // server
 *
 * Parsing runs every rule in one pass and reports per field (paths such as ['copyInstructions', 'paperSize']).
 * Only the block of the chosen order type is validated; the output carries only that block, with hidden fields
 * cleared (they are never stored).
 */
import { z } from 'zod';
import { checkText, issueList, reportTo, within, type Reporter } from '@/lib/validation';
import { defaultDueInputs, defaultReadyInputs } from './rules';
import {
  appealBookSchema,
  appealBookVisibility,
  checkAppealBook,
  defaultAppealBook,
  finaliseAppealBook,
} from './blocks/appeal-book';
import { code, digitString, flag, JOB_MSG, looseBool, looseText, text } from './blocks/common';
import { checkCopyBlock, copyBlockSchema, copySectionStatus, defaultCopyBlock, finaliseCopyBlock } from './blocks/copy';
import {
  checkCourtCopy,
  courtCopySchema,
  courtCopyVisibility,
  defaultCourtCopy,
  finaliseCourtCopy,
} from './blocks/court-copy';
import { checkPrint, defaultPrint, finalisePrint, printSchema } from './blocks/print';
import { checkScan, defaultScan, finaliseScan, scanSchema } from './blocks/scan';
import {
  checkStepOne,
  COLLECTION_TYPES,
  finaliseStepOne,
  resolveOptions,
  stepOneObject,
  stepOneShape,
  type CopiesRule,
  type JobOrderOptions,
  type ResolvedOptions,
} from './blocks/step-one';

export * from './blocks/step-one';
export * from './blocks/appeal-book';
export * from './blocks/court-copy';
export * from './blocks/copy';
export * from './blocks/print';
export * from './blocks/scan';
export { JOB_MSG, firstInvalidSection, sectionStatus, type Section } from './blocks/common';

export interface JobOrderSchemaOptions extends JobOrderOptions {
  /**
   * Optional existence check of the cost estimate for the client (api/Job/ClientCostEstimateExists). When given,
   * the schema is asynchronous: use `safeParseAsync` (zodResolver handles it in the browser).
   */
  costEstimateExists?: (costEstimateNumber: string) => Promise<boolean>;
}

/** The order's fields with their loose JSON types (the rules run in `makeJobOrderSchema`). */
export const jobOrderObject = z.object({
  ...stepOneShape,
  copyAsOriginal: looseBool,
  /** Order type 3 (legacy name copyInstructions). */
  copyInstructions: copyBlockSchema.nullish(),
  /** Order type 1. */
  appealBook: appealBookSchema.nullish(),
  /** Order type 2. */
  courtCopy: courtCopySchema.nullish(),
  /** Order types 4, 7 and 8 (data processing, consulting, court). */
  collectionDescription: looseText,
  /** Order type 5. */
  ePrintInstructions: printSchema.nullish(),
  /** Order type 6. */
  eScanInstructions: scanSchema.nullish(),
});
const orderObject = jobOrderObject;
type OrderLoose = z.output<typeof orderObject>;

const isCollectionType = (t: number | undefined) => COLLECTION_TYPES.some((c) => c === t);

/**
 * Number of copies per order type (§4) refined by the detail forms (§5, docs/decisions/038-number-of-copies.md):
 * appeal book only for final copies (prepare 2), court copy for methods 1 and 3 (or when the court offers no
 * methods), copy and print always; other types optional. Hidden means cleared.
 */
export function copiesRule(v: Partial<Pick<OrderLoose, 'orderType' | 'appealBook' | 'courtCopy'>>): CopiesRule {
  switch (code(v.orderType)) {
    case 1:
      return appealBookVisibility(v.appealBook).numberOfCopies ? 'required' : 'hidden';
    case 2:
      return courtCopyVisibility(v.courtCopy).numberOfCopies ? 'required' : 'hidden';
    case 3:
    case 5:
      return 'required';
    default:
      return 'optional';
  }
}

/** Every rule of the order (step one, copies, the chosen type's block). Paths are the form field names. */
export function checkJobOrder(v: OrderLoose, r: Reporter, o: ResolvedOptions): void {
  checkStepOne(v, r, o, copiesRule(v));
  const bo = { maxInstructions: o.maxInstructions };
  const type = code(v.orderType);
  if (type === 1) checkAppealBook(v.appealBook, within(r, ['appealBook']), bo);
  if (type === 2) checkCourtCopy(v.courtCopy, within(r, ['courtCopy']), bo);
  if (type === 3) checkCopyBlock(v.copyInstructions, within(r, ['copyInstructions']), bo);
  if (type === 5) checkPrint(v.ePrintInstructions, within(r, ['ePrintInstructions']));
  if (type === 6) checkScan(v.eScanInstructions, within(r, ['eScanInstructions']));
  if (isCollectionType(type))
    checkText(r, ['collectionDescription'], v.collectionDescription, { max: o.maxInstructions });
}

function finaliseJobOrder(v: OrderLoose, ctx: z.RefinementCtx, o: ResolvedOptions) {
  const base = finaliseStepOne(v, ctx, o, copiesRule(v));
  const type = code(v.orderType);
  const copy = type === 3 ? finaliseCopyBlock(v.copyInstructions) : undefined;
  return {
    ...base,
    /** "Set As Originals" was used (type 3 with copy instructions only). */
    copyAsOriginal: copy?.accordionOpen === true && flag(v.copyAsOriginal),
    /** The copy section flags (legacy CopyStatus): all complete once validated. */
    copyStatus: copy?.accordionOpen
      ? copySectionStatus(v.copyInstructions, { maxInstructions: o.maxInstructions })
      : undefined,
    copyInstructions: copy,
    appealBook: type === 1 ? finaliseAppealBook(v.appealBook) : undefined,
    courtCopy: type === 2 ? finaliseCourtCopy(v.courtCopy) : undefined,
    collectionDescription: isCollectionType(type) ? text(v.collectionDescription) : undefined,
    ePrintInstructions: type === 5 ? finalisePrint(v.ePrintInstructions) : undefined,
    eScanInstructions: type === 6 ? finaliseScan(v.eScanInstructions) : undefined,
  };
}

/** The whole job order (step one and the detail step). */
export function makeJobOrderSchema(options: JobOrderSchemaOptions) {
  const o = resolveOptions(options);
  const exists = options.costEstimateExists;
  const checked = orderObject.superRefine((v, ctx) => {
    const list = issueList();
    checkJobOrder(v, list, o);
    reportTo(ctx, list.issues);
  });
  const withEstimate = exists
    ? checked.superRefine(async (v, ctx) => {
        const n = digitString(v.costEstimateNumber);
        if (n !== undefined && n.length <= 20 && !(await exists(n))) {
          ctx.addIssue({ code: 'custom', path: ['costEstimateNumber'], message: JOB_MSG.costEstimateInvalid });
        }
      })
    : checked;
  return withEstimate.transform((v, ctx) => finaliseJobOrder(v, ctx, o));
}

/**
 * Step one only (Next is blocked unless it passes). The number of copies is checked for format here; whether it
 * is required depends on the detail step (`copiesRule`). Alternatively validate the whole form with
 * `trigger(STEP_ONE_FIELDS)`.
 */
export function makeJobStepOneSchema(options: JobOrderOptions) {
  const o = resolveOptions(options);
  return stepOneObject
    .superRefine((v, ctx) => {
      const list = issueList();
      checkStepOne(v, list, o, 'optional');
      reportTo(ctx, list.issues);
    })
    .transform((v, ctx) => finaliseStepOne(v, ctx, o, 'optional'));
}

export type JobOrderSchema = ReturnType<typeof makeJobOrderSchema>;
/** The form values (what react-hook-form holds and what a JSON body may carry). */
export type JobOrderInput = z.input<JobOrderSchema>;
/** The validated, normalised order the service stores. */
export type JobOrder = z.output<JobOrderSchema>;
export type JobStepOne = z.output<ReturnType<typeof makeJobStepOneSchema>>;

/**
 * Order-type effect (§4) for the form when the user picks an order type: type 3 starts from clear copy
 * instructions, copy-as-original and copy section flags. Do not call it when loading a cloned job.
 */
export function applyOrderTypeEffects(values: JobOrderInput, orderType: number): JobOrderInput {
  const next = { ...values, orderType };
  return orderType === 3 ? { ...next, copyInstructions: defaultCopyBlock(), copyAsOriginal: false } : next;
}

/**
 * Initial form values: contact details pre-filled from the signed-in user (§6), ready time now rounded up to the
 * next 15 minutes and the default due time of §9, and every block at its defaults.
 */
export function defaultJobOrder(o: {
  now: Date;
  timeZone: string;
  contact?: { contactName?: string | null; email?: string | null; contactPhone?: string | null };
}): JobOrderInput {
  const ready = defaultReadyInputs(o.now, o.timeZone);
  return {
    orderType: null,
    contactName: o.contact?.contactName ?? '',
    email: o.contact?.email ?? '',
    contactPhone: o.contact?.contactPhone ?? '',
    ...ready,
    ...defaultDueInputs(ready.dateReadyInput, ready.timeReadyInput),
    copyAsOriginal: false,
    copyInstructions: defaultCopyBlock(),
    appealBook: defaultAppealBook(),
    courtCopy: defaultCourtCopy(),
    ePrintInstructions: defaultPrint(),
    eScanInstructions: defaultScan(),
  };
}
